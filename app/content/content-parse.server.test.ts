import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueProblems, parseMarkdown, parseYaml } from "./content-parse.server";

/** The problems a schema finds in a parsed text, as `line: message`. */
function problems(parsed: ReturnType<typeof parseYaml>, schema: z.ZodType): string[] {
  if (parsed.problems.length > 0) return parsed.problems.map((p) => `${p.line}: ${p.message}`);
  const result = schema.safeParse(parsed.data, { reportInput: true });
  if (result.success) return [];
  const found = result.error.issues.flatMap((issue) => issueProblems(issue, parsed.locate));
  return found.sort((a, b) => a.line - b.line).map((p) => `${p.line}: ${p.message}`);
}

const slides = z.strictObject({
  title: z.string(),
  slides: z.array(z.strictObject({ image: z.string().endsWith(".jpg"), tagline: z.strictObject({ de: z.string(), en: z.string() }) })),
});

describe("YAML with lines", () => {
  it("names the line of a wrong value deep in a list", () => {
    const text = ["title: Home", "slides:", "  - image: a.jpg", "    tagline:", "      de: Eins", "      en: One", "  - image: b.png", "    tagline:", "      de: Zwei", "      en: 2"].join("\n");
    expect(problems(parseYaml(text), slides)).toEqual([`7: slides.1.image: Invalid string: must end with ".jpg"`, "10: slides.1.tagline.en: Invalid input: expected string, received number"]);
  });

  it("names an unknown key on its own line, a missing one on its parent key's line", () => {
    const text = ["title: Home", "slides:", "  - image: a.jpg", "    tagline:", "      de: Eins", "      eng: One"].join("\n");
    expect(problems(parseYaml(text), slides)).toEqual([
      "4: slides.0.tagline.en: is missing",
      "6: slides.0.tagline.eng: unknown key (misspelt, or not one this file has)",
    ]);
  });

  it("reports a missing top-level key at the document's first line", () => {
    expect(problems(parseYaml("# comment\nslides: []\n"), slides)).toEqual(["2: title: is missing"]);
  });

  it("gives syntax errors and duplicate keys their line, and no data", () => {
    const broken = parseYaml("title: Home\nslides:\n  - image: [unclosed\n");
    expect(broken.data).toBeUndefined();
    expect(broken.problems[0]?.line).toBeGreaterThanOrEqual(3);
    expect(broken.problems[0]?.message).toMatch(/^YAML: /);
    const twice = parseYaml("title: A\nslides: []\ntitle: B\n");
    expect(twice.problems).toEqual([{ line: 3, message: 'YAML: the key "title" is here a second time (first on line 1): the mapping may have each key once' }]);
    expect(parseYaml("a:\n  b: 1\n  c: 2\n  b: 3\n", 1).problems).toEqual([{ line: 5, message: expect.stringMatching(/"b" is here a second time \(first on line 3\)/) }]);
  });

  it("names each mistake on the line it is on, in plain words, not the parser's (issue 37)", () => {
    const cases: [string, number, RegExp][] = [
      // The list opened on line 4 is never closed: the parser gives up on line 5.
      ["a: 1\nb: 2\nc: 3\nd: [1, 2\ne: 5\n", 4, /list in \[ \] starts on this line but no \] ends it/],
      ["a: 1\nb: 2\nc: 3\nd: {x: 1\ne: 5\n", 4, /no \} ends it/],
      ["a: 1\nb: 2\nc: 3\nd: 'x\n", 4, /starts with ' on this line but no ' ends it/],
      ['a: 1\nb: 2\nc: 3\nd: "x\ne: 5\n', 4, /starts with " on this line but no " ends it/],
      ["a: 1\nb: 2\nc: 3\nd: Tipp: gut\n", 4, /second ": " after its key: put the value in quotes/],
      ["a: 1\n\tb: 2\n", 2, /indented with a tab/],
      ["a: 1\nb: 2\nc: 3\nd: *nope\n", 4, /"\*nope" refers to an anchor "&nope"/],
    ];
    for (const [text, line, message] of cases) {
      const found = parseYaml(text).problems;
      expect(found[0], text).toEqual({ line, message: expect.stringMatching(message) });
      expect(found.map((p) => p.message).join(" "), text).not.toMatch(/compact mappings|Implicit keys|block-seq-ind|sufficiently indented|Missing closing/);
    }
    // In front matter (which starts on line 2) the same line as the editor counts it.
    expect(parseMarkdown("---\ntitle: x\nfoo: [\nbar: 1\n---\nbody\n").problems).toEqual([{ line: 3, message: expect.stringMatching(/no \] ends it/) }]);
  });

  // yaml's own check took 57 s for these 40,000 keys, this one 1.5 s; the bound leaves room for a loaded machine.
  it("finds duplicate keys among 40,000 without comparing each with each", { timeout: 60_000 }, () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `k${i}: v`);
    const started = performance.now();
    expect(parseYaml([...keys, "k7: again"].join("\n")).problems).toEqual([{ line: 40_001, message: expect.stringMatching(/"k7".*first on line 8/) }]);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("refuses several documents in one file", () => {
    expect(parseYaml("title: A\n---\ntitle: B\n").problems).not.toEqual([]);
  });

  it("stops a billion-laughs file at its aliases instead of expanding it", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) levels.push(`${"abcdefghij"[i]}: &${"abcdefghij"[i]} [${Array(10).fill(`*${"abcdefghij"[i - 1]}`).join(", ")}]`);
    const parsed = parseYaml(levels.join("\n"));
    expect(parsed.data).toBeUndefined();
    expect(parsed.problems[0]?.message).toMatch(/alias/i);
  });

  it("reads YAML 1.2: no, on and dates stay text", () => {
    expect(parseYaml("a: no\nb: on\nc: 2026-11-27\n").data).toEqual({ a: "no", b: "on", c: "2026-11-27" });
  });
});

describe("Markdown with front matter", () => {
  const page = z.strictObject({ title: z.string(), updated: z.string().optional(), body: z.string().min(20, "is too short") });

  it("counts front matter lines from the file's first line", () => {
    const text = ["---", "title: Impressum", "updatd: 2026-11-27", "---", "# Angaben", "", "Text."].join("\n");
    expect(problems(parseMarkdown(text), page)).toEqual(["3: updatd: unknown key (misspelt, or not one this file has)", "5: body: is too short"]);
  });

  it("gives the body as written, after the closing line, with Windows line ends too", () => {
    const parsed = parseMarkdown("---\r\ntitle: A\r\n---\r\nHello\r\nWorld\r\n");
    expect(parsed.problems).toEqual([]);
    expect(parsed.data).toEqual({ title: "A", body: "Hello\r\nWorld\r\n" });
  });

  it("takes a file without front matter as all body", () => {
    expect(parseMarkdown("# Title\n\nText").data).toEqual({ body: "# Title\n\nText" });
  });

  it("names a YAML error inside the front matter by its line in the file", () => {
    const parsed = parseMarkdown("---\ntitle: A\nbad: [\n---\nbody");
    expect(parsed.problems[0]?.line).toBeGreaterThanOrEqual(3);
  });

  it("refuses front matter that never ends, that is not key: value, or that says body", () => {
    expect(parseMarkdown("---\ntitle: A\n").problems).toEqual([{ line: 1, message: expect.stringMatching(/no line --- ends it/) }]);
    expect(parseMarkdown("---\n- a\n- b\n---\ntext").problems).toEqual([{ line: 2, message: expect.stringMatching(/key: value/) }]);
    expect(parseMarkdown("---\ntitle: A\nbody: x\n---\ntext").problems).toEqual([{ line: 3, message: expect.stringMatching(/^body: /) }]);
  });
});
