import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root } from "./source-imports";

/*
 * Issue 36: the "mobile" project of playwright.config.ts runs only the tests tagged "@phone"; the
 * "desktop" project runs everything. A test that skips itself on desktop (`test.skip(!isMobile, …)`,
 * or `test.skip(({ isMobile }) => !isMobile, …)` in a describe) and lacks the tag would then run
 * nowhere and pass in silence. The specs are parsed with TypeScript's own parser; every such skip
 * needs a `test(…)` or `test.describe(…)` around it whose options carry `tag: "@phone"`.
 */

const E2E = "tests/e2e";

/** `!isMobile`, or an arrow function that returns it. */
function isPhoneOnlyCondition(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) return ts.isIdentifier(node.operand) && node.operand.text === "isMobile";
  return ts.isArrowFunction(node) && isPhoneOnlyCondition(node.body);
}

/** `test`, `test.describe`, `test.describe.serial` …: the callee's first name is `test`. */
function calleeRoot(call: ts.CallExpression): string {
  let callee: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) ? callee.text : "";
}

function calleeName(call: ts.CallExpression): string {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : ts.isIdentifier(call.expression) ? call.expression.text : "";
}

/** A declaration's options object (`test("t", { tag: … }, fn)`) names "@phone" among its tags. */
function tagsPhone(call: ts.CallExpression): boolean {
  const options = call.arguments.find(ts.isObjectLiteralExpression);
  const tag = options?.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === "tag")?.initializer;
  const values = tag && ts.isArrayLiteralExpression(tag) ? [...tag.elements] : tag ? [tag] : [];
  return values.some((value) => ts.isStringLiteralLike(value) && value.text === "@phone");
}

/** Each phone-only skip in `source` that no enclosing declaration tags "@phone", as "line N: the skip". */
function untaggedPhoneSkips(source: string): string[] {
  const file = ts.createSourceFile("spec.ts", source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && calleeRoot(node) === "test" && ["skip", "fixme"].includes(calleeName(node)) && isPhoneOnlyCondition(node.arguments[0])) {
      let tagged = false;
      for (let up: ts.Node | undefined = node.parent; up && !tagged; up = up.parent) {
        tagged = ts.isCallExpression(up) && calleeRoot(up) === "test" && tagsPhone(up);
      }
      if (!tagged) problems.push(`line ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split(",")[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return problems;
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
    const skips = specs.reduce((sum, { text }) => sum + (text.match(/!isMobile\b/g)?.length ?? 0), 0);
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
    expect(untaggedPhoneSkips(inPlainDescribe)).toEqual(["line 2: test.skip(({ isMobile }) => !isMobile"]);
    expect(untaggedPhoneSkips(afterTaggedTest)).toEqual(["line 3: test.skip(!isMobile)"]);
  });
});
