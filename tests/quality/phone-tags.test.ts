import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./source-imports";

/*
 * Issue 36: the "mobile" project of playwright.config.ts runs only the tests tagged "@phone"; the
 * "desktop" project runs everything. A test that skips itself on desktop (`test.skip(!isMobile, …)`,
 * or `test.skip(({ isMobile }) => !isMobile, …)` in a describe) and lacks the tag would then run
 * nowhere and pass in silence. This reads the specs as text and fails for every such skip whose
 * enclosing `test(` or `test.describe(` calls carry no `tag: "@phone"`.
 */

const E2E = "tests/e2e";

/** A skip that leaves a test to the phone alone. */
const PHONE_ONLY_SKIP = /\btest\.(?:skip|fixme)\(\s*!isMobile\b|\(\s*\{\s*isMobile\s*\}\s*\)\s*=>\s*!isMobile\b/g;

/** The callee before an opening parenthesis that declares a test or a group: `test(`, `test.describe(`, `test.describe.serial(`, … */
const DECLARATION = /(?<![.\w$])test(?:\.describe(?:\.(?:only|serial|parallel|fixme|skip))?|\.only|\.fixme|\.fail|\.slow)?\s*$/;

/** The declaration's arguments before its body carry the tag, alone or in a list. */
const PHONE_TAG = /\btag\s*:\s*(?:\[[^\]]*)?["'`]@phone["'`]/;

/** Where a string, comment or regular expression literal that starts at `start` ends. */
function skipLiteral(source: string, start: number): number {
  const c = source[start];
  if (c === "/" && source[start + 1] === "/") {
    const end = source.indexOf("\n", start);
    return end < 0 ? source.length : end;
  }
  if (c === "/" && source[start + 1] === "*") {
    const end = source.indexOf("*/", start + 2);
    return end < 0 ? source.length : end + 2;
  }
  let inClass = false;
  for (let i = start + 1; i < source.length; i++) {
    const d = source[i];
    if (d === "\\") i++;
    else if (c === "/" && d === "[") inClass = true;
    else if (c === "/" && d === "]") inClass = false;
    else if (d === c && !inClass) return i + 1;
    else if (c !== "`" && d === "\n") return i;
  }
  return source.length;
}

/** A `/` that starts a regular expression rather than dividing: what comes before it cannot end a value. */
function startsRegExp(source: string, at: number): boolean {
  const before = source.slice(0, at).trimEnd();
  return before === "" || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before) || /\b(?:return|typeof|case|of|in)$/.test(before);
}

/**
 * The positions of the opening parentheses that enclose `end`, outermost first. Strings, comments
 * and regular expressions are skipped; a template literal's `${…}` is read as code.
 */
function openParensAt(source: string, end: number): number[] {
  const parens: number[] = [];
  /** For each open `${`: the depth of braces at which it closes. */
  const substitutions: number[] = [];
  let braces = 0;
  let i = 0;
  const template = (from: number): number => {
    // Reads template text from `from` to its closing backtick or to a `${`, whose code the main loop reads.
    for (let j = from; j < source.length; j++) {
      if (source[j] === "\\") j++;
      else if (source[j] === "`") return j + 1;
      else if (source[j] === "$" && source[j + 1] === "{") {
        substitutions.push(braces);
        braces++;
        return j + 2;
      }
    }
    return source.length;
  };
  while (i < end) {
    const c = source[i];
    if (c === '"' || c === "'" || (c === "/" && (source[i + 1] === "/" || source[i + 1] === "*" || startsRegExp(source, i)))) {
      i = skipLiteral(source, i);
      continue;
    }
    if (c === "`") {
      i = template(i + 1);
      continue;
    }
    if (c === "(") parens.push(i);
    else if (c === ")") parens.pop();
    else if (c === "{") braces++;
    else if (c === "}") {
      braces--;
      if (substitutions.at(-1) === braces) {
        substitutions.pop();
        i = template(i + 1);
        continue;
      }
    }
    i++;
  }
  return parens;
}

/** The declarations (`test(`, `test.describe(`) around a position: the text from their callee to their body's arrow. */
function enclosingDeclarations(source: string, at: number): string[] {
  return openParensAt(source, at)
    .map((paren) => ({ paren, callee: DECLARATION.exec(source.slice(Math.max(0, paren - 60), paren)) }))
    .filter(({ callee }) => callee !== null)
    .map(({ paren, callee }) => {
      const arrow = source.indexOf("=>", paren);
      return source.slice(paren - (callee?.[0].length ?? 0), arrow < 0 ? at : Math.min(arrow, at));
    });
}

/** Each phone-only skip in `source` that no enclosing declaration tags "@phone", as "line N: the skip". */
function untaggedPhoneSkips(source: string): string[] {
  return [...source.matchAll(PHONE_ONLY_SKIP)]
    .filter((match) => !enclosingDeclarations(source, match.index).some((header) => PHONE_TAG.test(header)))
    .map((match) => `line ${source.slice(0, match.index).split("\n").length}: ${match[0]}`);
}

const specs = fs
  .readdirSync(path.join(root, E2E))
  .filter((file) => file.endsWith(".spec.ts"))
  .map((file) => ({ file: `${E2E}/${file}`, text: fs.readFileSync(path.join(root, E2E, file), "utf8") }));

describe("phone-only browser tests are tagged @phone (issue 36)", () => {
  it("tags every test that skips on desktop, or a describe around it", () => {
    const problems = specs.flatMap(({ file, text }) => untaggedPhoneSkips(text).map((problem) => `${file} ${problem}`));
    expect(problems, 'add { tag: "@phone" } to the test or its describe, or the test runs in neither project').toEqual([]);
  });

  it("finds the phone-only tests there are, so the check above is not empty", () => {
    const skips = specs.reduce((sum, { text }) => sum + [...text.matchAll(PHONE_ONLY_SKIP)].length, 0);
    expect(skips).toBeGreaterThan(0);
  });

  it("runs only tagged tests on the phone", () => {
    const config = fs.readFileSync(path.join(root, "playwright.config.ts"), "utf8");
    expect(config).toMatch(/name:\s*"mobile",\s*grep:\s*\/@phone\//);
    expect(config).not.toMatch(/name:\s*"desktop"[^\n]*grep/);
  });

  it("tells a tagged skip from an untagged one", () => {
    const tagged = 'test("a", { tag: "@phone" }, async ({ isMobile }) => {\n  test.skip(!isMobile, "phones");\n});';
    const untagged = 'test("a (b)", async ({ isMobile }) => {\n  const s = `${"("}`;\n  test.skip(!isMobile, "phones");\n});';
    const inTaggedDescribe = 'test.describe("p", { tag: ["@x", "@phone"] }, () => {\n  test.skip(({ isMobile }) => !isMobile, "p");\n  test("t", async () => {});\n});';
    const inPlainDescribe = 'test.describe("@phone in a title is no tag", () => {\n  test.skip(({ isMobile }) => !isMobile, "p");\n});';
    const afterTaggedTest = 'test("a", { tag: "@phone" }, async () => {});\ntest("b", async ({ isMobile }) => {\n  if (/\\(/.test("x")) test.skip(!isMobile);\n});';
    expect(untaggedPhoneSkips(tagged)).toEqual([]);
    expect(untaggedPhoneSkips(inTaggedDescribe)).toEqual([]);
    expect(untaggedPhoneSkips(untagged)).toEqual(["line 3: test.skip(!isMobile"]);
    expect(untaggedPhoneSkips(inPlainDescribe)).toEqual(["line 2: ({ isMobile }) => !isMobile"]);
    expect(untaggedPhoneSkips(afterTaggedTest)).toEqual(["line 3: test.skip(!isMobile"]);
  });
});
