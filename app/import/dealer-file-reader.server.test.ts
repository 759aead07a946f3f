import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { readDealerFile } from "./dealer-file-reader.server";
import { Problems } from "./import-report";

const fixture = (name: string) => path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "dealers", name);

let dir: string;
/** Numbers stay numbers, as Excel stores them. */
const writeWorkbook = (file: string, rows: SheetData) => writeXlsxFile(rows).toFile(file);
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-dealer-files-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(file: string) {
  const problems = new Problems();
  const sheet = await readDealerFile(file, problems);
  return { sheet, problems };
}

describe("readDealerFile, CSV", () => {
  it("reads semicolons and drops the BOM and empty lines, keeping each row's physical line", async () => {
    const { sheet, problems } = await read(fixture("semicolon-bom.csv"));
    expect(problems.errors).toEqual([]);
    expect(sheet?.description).toBe("CSV, semicolon-separated");
    expect(sheet?.rows[0]?.cells[0]).toBe(" ID ");
    expect(sheet?.rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, " ID "],
      [2, "H-1001"],
      [3, "H-1002"],
      [5, "H-1003"],
      [6, "H-1004"],
      [7, "H-1005"],
    ]);
  });

  it("reads commas and quoted values with line breaks, delimiters and quotes; a row starts where its record starts", async () => {
    const { sheet, problems } = await read(fixture("comma-quoted.csv"));
    expect(problems.errors).toEqual([]);
    expect(sheet?.description).toBe("CSV, comma-separated");
    expect(sheet?.rows.map((r) => r.line)).toEqual([1, 2, 4, 6]);
    expect(sheet?.rows[1]?.cells.slice(0, 3)).toEqual(["K-1", 'Rad "Sport" Huber', "Hauptstraße 5\nHinterhaus"]);
    expect(sheet?.rows[2]?.cells[1]).toBe("Müller, Schmid & Co.");
    expect(sheet?.rows[3]?.cells).toHaveLength(12);
  });

  it("names the line where an unclosed quote starts", async () => {
    const { sheet, problems } = await read(fixture("broken-quote.csv"));
    expect(sheet).toBeNull();
    expect(problems.errors).toEqual([
      { line: 3, message: 'a quoted value is not closed: a " is missing (this row runs to the end of the file)' },
    ]);
  });

  it("reads a file that is not UTF-8 as Windows-1252 (Excel's plain CSV) and warns", async () => {
    const file = path.join(dir, "latin.csv");
    fs.writeFileSync(file, Buffer.from("id;name\r\nL-1;M\xfcller Rad\r\n", "latin1"));
    const { sheet, problems } = await read(file);
    expect(sheet?.rows[1]?.cells).toEqual(["L-1", "Müller Rad"]);
    expect(problems.warnings[0]?.message).toMatch(/^not UTF-8: read as Windows-1252/);
  });

  it("reports a missing file without a line", async () => {
    const { sheet, problems } = await read(path.join(dir, "missing.csv"));
    expect(sheet).toBeNull();
    expect(problems.errors[0]).toMatchObject({ line: null, message: expect.stringMatching(/^cannot read the file: ENOENT/) });
  });
});

describe("readDealerFile, XLSX", () => {
  it("reads the first sheet with its row numbers, numbers as text, empty rows left out", async () => {
    const file = path.join(dir, "dealers.xlsx");
    await writeWorkbook(file, [
      ["id", "name", "postal_code", "lat"],
      ["X-1", "Radhaus", 1010, 48.2077],
      [null, null, null, null],
      [42, "  Radhaus Zwei  ", "01067", null],
    ]);
    const { sheet, problems } = await read(file);
    expect(problems.errors).toEqual([]);
    expect(sheet?.description).toBe("XLSX, first sheet");
    expect(sheet?.rows).toEqual([
      { line: 1, cells: ["id", "name", "postal_code", "lat"] },
      { line: 2, cells: ["X-1", "Radhaus", "1010", "48.2077"] },
      { line: 4, cells: ["42", "Radhaus Zwei", "01067", ""] },
    ]);
  });

  it("recognises a workbook by its content whatever its name, and refuses .xls and a fake .xlsx", async () => {
    const renamed = path.join(dir, "dealers-export.csv");
    await writeWorkbook(renamed, [["id"], ["X-1"]]);
    expect((await read(renamed)).sheet?.description).toBe("XLSX, first sheet");

    const fake = path.join(dir, "fake.xlsx");
    fs.writeFileSync(fake, "id;name\n");
    expect((await read(fake)).problems.errors).toEqual([
      { line: null, message: "named .xlsx but not an Excel workbook (no ZIP archive inside)" },
    ]);

    const old = path.join(dir, "old.xls");
    fs.writeFileSync(old, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    expect((await read(old)).problems.errors[0]?.message).toMatch(/^an old Excel file \(\.xls\)/);

    const broken = path.join(dir, "broken.xlsx");
    fs.writeFileSync(broken, Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(64)]));
    expect((await read(broken)).problems.errors[0]?.message).toMatch(/^not a readable XLSX workbook/);
  });
});
