import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./source-imports";

/**
 * Files a person can hold in their head (issue 27, decision 048): no source file over 400 lines,
 * tests and stylesheets included. Word lists and locale files are exempt: they are data that only
 * grows by entries, and splitting them would only scatter what belongs together.
 */
const MAX_LINES = 400;
const FOLDERS = ["app", "server", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
/** Word lists and locale files; generated files and fixtures others wrote are not ours to split. */
const EXEMPT = [/^app\/i18n\/locales\//, /^app\/seed\/vocabulary-[a-z-]+\.ts$/, /\/\+types\//, /^tests\/fixtures\//];

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

function lineCount(text: string): number {
  return text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("file length", () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = FOLDERS.flatMap(files)
      .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)))
      .map((file) => ({ file, lines: lineCount(fs.readFileSync(path.join(root, file), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("counts lines as an editor shows them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\n".repeat(401))).toBe(401);
  });
});
