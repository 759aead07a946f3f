import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { checkContent } from "~/content/content-check.server";
import { formatProblem } from "~/content/content-file";
import { root } from "../quality/source-imports";

/*
 * The shipped content folder (decision 060) against the check every editor's change goes through:
 * it passes as shipped, and a typical mistake in each file is refused with that file and the line to
 * change. The pictures are the demo seed's, in the template's media folder, as on a first start.
 */

const shipped = path.join(root, "content");
const mediaDir = path.join(inject("templateDataDir"), "media");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-content-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let copies = 0;

/** A copy of the shipped folder with one file edited; returns the folder and the edited text. */
function withEdit(file: string, edit: (text: string) => string): { dir: string; text: string } {
  const dir = path.join(scratch, String(copies++));
  fs.cpSync(shipped, dir, { recursive: true });
  const original = fs.readFileSync(path.join(dir, file), "utf8");
  const text = edit(original);
  expect(text, "the edit changed nothing").not.toBe(original);
  fs.writeFileSync(path.join(dir, file), text);
  return { dir, text };
}

/** The 1-based line of the `nth` line (0: the first) that starts with `start` after its indentation. */
function lineOf(text: string, start: string, nth = 0): number {
  const lines = text.split("\n");
  const found = lines.map((line, index) => (line.trimStart().startsWith(start) ? index + 1 : 0)).filter((n) => n > 0);
  const line = found[nth];
  if (line === undefined) throw new Error(`no line ${nth} starting with ${start}`);
  return line;
}

function problemsOf(dir: string): string[] {
  return checkContent({ dir, mediaDir }).problems.map(formatProblem);
}

describe("the shipped content folder", () => {
  it("passes the check: every file valid, every picture there", () => {
    const result = checkContent({ dir: shipped, mediaDir });
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.files).toBeGreaterThanOrEqual(7);
  });

  it("names the demo seed's pictures, so a fresh clone's first start makes them", () => {
    for (const picture of ["static/slide-1-desktop.jpg", "static/slide-3-mobile.jpg", "static/products-hero.jpg"]) {
      expect(fs.existsSync(path.join(mediaDir, picture)), picture).toBe(true);
    }
  });
});

describe("a mistake in each file is refused with its file and line", () => {
  const cases: { file: string; what: string; edit: (text: string) => string; at: (text: string) => number; says: RegExp }[] = [
    {
      file: "home.yaml",
      what: "a slide without its pictures",
      edit: (text) => text.replace(/ {2}- image:\n {6}desktop: static\/slide-1-desktop\.jpg\n {6}mobile: static\/slide-1-mobile\.jpg\n {4}tagline:/, "  - tagline:"),
      at: (text) => lineOf(text, "- tagline:"),
      says: /slides\.0\.image/,
    },
    {
      file: "home.yaml",
      what: "a slide's tagline without English",
      edit: (text) => text.replace("      en: About 400 quality parts from one brand\n", ""),
      at: (text) => lineOf(text, "tagline:", 1),
      says: /slides\.1\.tagline\.en/,
    },
    {
      file: "home.yaml",
      what: "a picture that is not in the media folder",
      edit: (text) => text.replace("static/slide-3-mobile.jpg", "static/slide-3-phone.jpg"),
      at: (text) => lineOf(text, "mobile: static/slide-3-phone.jpg"),
      says: /slide-3-phone\.jpg/,
    },
    {
      file: "home.yaml",
      what: "a button that leaves the site",
      edit: (text) => text.replace("to: /handlersuche", "to: javascript:alert(1)"),
      at: (text) => lineOf(text, "to: javascript:"),
      says: /slides\.2\.link\.to/,
    },
    {
      file: "brand.yaml",
      what: "a colour that is not #rrggbb",
      edit: (text) => text.replace('accent: "#f2b705"', 'accent: "#f2b70"'),
      at: (text) => lineOf(text, "accent:"),
      says: /colors\.accent/,
    },
    {
      file: "brand.yaml",
      what: "a misspelt key",
      edit: (text) => text.replace("tagline:\n", "tagline:\n  dee: Fahrradteile\n"),
      at: (text) => lineOf(text, "dee:"),
      says: /dee/,
    },
    {
      file: "brand.yaml",
      what: "a postal code written as a number",
      edit: (text) => text.replace('postalCode: "34117"', "postalCode: 34117"),
      at: (text) => lineOf(text, "postalCode:"),
      says: /company\.postalCode/,
    },
    {
      file: "service.yaml",
      what: "a card without a description",
      edit: (text) => text.replace(/ {4}description:\n {6}de: Montage[^\n]*\n {6}en: Mounting[^\n]*\n/, ""),
      at: (text) => lineOf(text, "- image:"),
      says: /cards\.0\.description/,
    },
    {
      file: "downloads.yaml",
      what: "a document that is not a PDF",
      edit: (text) => text.replace("en: viva-catalogue-2024.pdf", "en: viva-catalogue-2024.docx"),
      at: (text) => lineOf(text, "en: viva-catalogue-2024.docx"),
      says: /documents\.0\.file\.en/,
    },
    {
      file: "products.yaml",
      what: "a hero without its heading",
      edit: (text) => text.replace(/ {2}heading:\n {4}de: [^\n]*\n {4}en: [^\n]*\n/, ""),
      at: (text) => lineOf(text, "hero:"),
      says: /hero\.heading/,
    },
    {
      file: "legal/impressum.md",
      what: "an empty title",
      edit: (text) => text.replace("title: Impressum", 'title: ""'),
      at: (text) => lineOf(text, "title:"),
      says: /title/,
    },
    {
      file: "legal/datenschutz.md",
      what: "a misspelt front-matter key",
      edit: (text) => text.replace("description: Wie", "beschreibung: Wie"),
      at: (text) => lineOf(text, "beschreibung:"),
      says: /beschreibung/,
    },
  ];

  for (const { file, what, edit, at, says } of cases) {
    it(`${file}: ${what}`, () => {
      const { dir, text } = withEdit(file, edit);
      const problems = problemsOf(dir);
      const line = at(text);
      const mine = problems.filter((problem) => problem.startsWith(`${path.join(dir, file)}:`) || problem.includes(`/${file}:`));
      expect(mine.length, problems.join("\n")).toBeGreaterThan(0);
      expect(
        mine.some((problem) => problem.includes(`${file}:${line}:`) && says.test(problem)),
        `expected ${file}:${line}: …${says.source}… in\n${problems.join("\n")}`,
      ).toBe(true);
      // Only the edited file is wrong: one mistake does not spill into the others.
      expect(problems.filter((problem) => !mine.includes(problem))).toEqual([]);
    });
  }
});
