import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text made of the characters that matter here, so the runs find the hard cases often. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", " ", "a", "1"), maxLength: 20 }),
);

describe("csvCell", () => {
  it("neutralises the cells of issue 25", () => {
    expect(csvCell("Radhaus;=1+1")).toBe(`"Radhaus;'=1+1"`);
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`'=cmd|' /C calc'!A0`);
    expect(csvCell("Rad, @SUM(A1)")).toBe(`"Rad, '@SUM(A1)"`);
    expect(csvCell('Radhaus "Berger", München')).toBe(`"Radhaus ""Berger"", München"`);
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("DE 25999")).toBe("DE 25999");
  });

  it("reads back as the same text with the ' marks, in one cell, for a strict RFC 4180 reader on either delimiter", () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 5 }), fc.constantFrom(",", ";"), (values, delimiter) => {
        const records = parse(csvLine(values, delimiter as "," | ";"), { delimiter, relax_column_count: false, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];
        // A line of one empty cell is an empty line to a reader: nothing to run there.
        if (values.length === 1 && values[0] === "") return;
        expect(records).toHaveLength(1);
        const cells = records[0] ?? [];
        expect(cells).toHaveLength(values.length);
        cells.forEach((cell, i) => {
          expect(cell.replace(/'/g, "")).toBe((values[i] ?? "").replace(/'/g, ""));
          expect(cell).not.toMatch(FORMULA_START);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves no formula at the start of any piece a careless reader cuts on , ; tab or a line break", () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 5 }), fc.constantFrom(",", ";"), (values, delimiter) => {
        for (const piece of csvLine(values, delimiter as "," | ";").split(/[,;\t\r\n]/)) {
          expect(piece.replace(/^[ "]*/, "")).not.toMatch(/^[=+\-@]/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
