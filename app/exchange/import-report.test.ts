import { describe, expect, it } from "vitest";
import { formatSummary, printable, Problems, startSummary } from "./import-report";

/** Issue 37, item 9: reports echoed `ESC]0;…BEL` and `ESC[2J` from the files to the terminal. */
const ATTACK = "Rad\u001b]0;owned\u0007haus\u001b[2J\u009b31m\u202egpj.exe\r\nhaendler.csv:9: error: forged";
// Everything a terminal acts on, and the overrides that reorder what it shows.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("printable", () => {
  it("writes every control as an escape people can read and leaves other text as it is", () => {
    expect(printable(ATTACK)).toBe("Rad\\x1b]0;owned\\x07haus\\x1b[2J\\x9b31m\\u{202e}gpj.exe\\x0d\\x0ahaendler.csv:9: error: forged");
    expect(printable("Müller & Söhne\tGmbH – Straße 5, 1010 Wien 🚲")).toBe("Müller & Söhne\tGmbH – Straße 5, 1010 Wien 🚲");
  });
});

describe("the report of every import", () => {
  it("holds no control character from the file: problems, their place, the file's name, in text and JSON", () => {
    const problems = new Problems({ strict: false });
    problems.error(3, `name\u001b[8m`, `unknown country "${ATTACK}"`);
    problems.warn(4, undefined, ATTACK);
    const summary = startSummary(problems, { command: "dealers", source: `haendler\u001b]0;x\u0007.csv`, dryRun: false, dataVersion: null });
    const lines = formatSummary(summary);
    expect(lines.filter((line) => CONTROL.test(line))).toEqual([]);
    expect(lines[0]).toBe(`haendler\\x1b]0;x\\x07.csv:3: error: name\\x1b[8m: unknown country "${printable(ATTACK)}"`);
    // Each problem stays one line: the file's line break cannot start a forged one.
    expect(lines.filter((line) => line.includes("forged"))).toHaveLength(2);
    expect(JSON.stringify(summary)).not.toMatch(/[\u007f-\u009f\u202a-\u202e]|\\u001b|\\u0007/);
  });

  it("escapes what a strict import turns into an error as well", () => {
    const problems = new Problems({ strict: true });
    problems.warn(1, "MANUFACTURER_NAME", `maker \u001b[2J`);
    expect(problems.errors[0]?.message).toBe("maker \\x1b[2J (--strict)");
  });
});

describe("warnings that repeat per product (issue 38)", () => {
  it("reads as a plain warning once, then as one line with ten examples and the count", () => {
    const problems = new Problems();
    problems.warnEach("no title", 5, "PRODUCT/DESCRIPTION_SHORT", "A-1", "no title: the part number is shown");
    expect(problems.warnings).toEqual([{ line: 5, where: "PRODUCT/DESCRIPTION_SHORT", message: "A-1: no title: the part number is shown" }]);
    for (let i = 2; i <= 12; i++) problems.warnEach("no title", i * 10, "PRODUCT/DESCRIPTION_SHORT", `A-${i}`, "no title: the part number is shown");
    problems.warnEach("other", 7, "PRODUCT", "B-1", "something else");
    expect(problems.warnings).toHaveLength(2);
    expect(problems.warnings[0]).toEqual({
      line: 5,
      where: "PRODUCT/DESCRIPTION_SHORT",
      message: "no title: the part number is shown (12 times: A-1 on line 5, A-2 on line 20, A-3 on line 30, A-4 on line 40, A-5 on line 50, A-6 on line 60, A-7 on line 70, A-8 on line 80, A-9 on line 90, A-10 on line 100, and 2 more)",
    });
  });

  it("is an error under --strict, and only counts once the list is full", () => {
    const strict = new Problems({ strict: true });
    strict.warnEach("k", 1, "X", "A", "bad");
    strict.warnEach("k", 2, "X", "B", "bad");
    expect(strict.errors.map((e) => e.message)).toEqual(["bad (2 times: A on line 1, B on line 2) (--strict)"]);
    const full = new Problems();
    for (let i = 0; i < 200; i++) full.warn(i, "X", `w${i}`);
    full.warnEach("k", 300, "X", "A", "bad");
    full.warnEach("k", 301, "X", "B", "bad");
    expect(full.warnings).toHaveLength(200);
    expect(full.moreWarnings).toBe(1);
  });
});
