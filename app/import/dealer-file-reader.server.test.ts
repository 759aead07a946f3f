import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { readDealerFile } from "./dealer-file-reader.server";
import { IMPORT_LIMITS } from "./import-limits";
import { Problems } from "~/exchange/import-report";
import { inflatedZipSize, ZipSizeError } from "./zip-size.server";

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
    expect(sheet?.description).toBe("CSV, semicolon-separated, utf-8 (byte-order mark)");
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
    expect(sheet?.description).toBe("CSV, comma-separated, UTF-8");
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
    expect(problems.warnings[0]?.message).toMatch(/^not UTF-8: read as windows-1252 \(detected\)/);
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

describe("readDealerFile, files past the import limits (issue 25: a 221 MB CSV and a zip bomb ran out of memory)", () => {
  const header = "id;name;street;postal_code;city;country";
  const row = (k: number) => `H-${k};Radhaus ${k};Sendlinger Str. 12;80331;München;DE`;

  it("stops at the row past the limit, with its line", async () => {
    const file = path.join(dir, "many-rows.csv");
    fs.writeFileSync(file, [header, ...Array.from({ length: IMPORT_LIMITS.dealerRows + 5 }, (_, k) => row(k))].join("\n"));
    const { sheet, problems } = await read(file);
    expect(sheet).toBeNull();
    expect(problems.errors).toEqual([{ line: IMPORT_LIMITS.dealerRows + 1, message: expect.stringMatching(/more than 20,000 rows/) }]);
  });

  it("reads no further than the byte limit and names the line where the file goes past it", async () => {
    const file = path.join(dir, "large.csv");
    const line = `${row(1)};${"x".repeat(1000)}`;
    const lines = Math.ceil(IMPORT_LIMITS.dealerFileBytes / (line.length + 1)) + 10;
    fs.writeFileSync(file, [header, ...Array.from({ length: lines }, () => line)].join("\n"));
    const { sheet, problems } = await read(file);
    expect(sheet).toBeNull();
    const complete = Math.floor((IMPORT_LIMITS.dealerFileBytes - header.length - 1) / (Buffer.byteLength(line) + 1));
    expect(problems.errors).toEqual([{ line: complete + 2, message: expect.stringMatching(/goes on past 16 MB here/) }]);
  });

  it("refuses a row longer than a text may be: an unclosed quote", async () => {
    const file = path.join(dir, "long-row.csv");
    fs.writeFileSync(file, `${header}\n${row(1)}\nH-2;"Radhaus ${"x".repeat(IMPORT_LIMITS.textLength)}\n${row(3)}\n`);
    const { problems } = await read(file);
    expect(problems.errors).toEqual([{ line: 3, message: expect.stringMatching(/a row longer than 64,000 characters/) }]);
  });

  it("refuses a workbook that inflates past the limit before reading it, and one with too many rows", async () => {
    const bomb = path.join(dir, "bomb.xlsx");
    // 600 different cells of 30,000 characters: 18 MB inflated, a few hundred KB on disk.
    await writeWorkbook(bomb, Array.from({ length: 600 }, (_, k) => [{ value: `H-${k}` }, { value: `${k}${"R".repeat(30_000)}` }]));
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    expect((await read(bomb)).problems.errors).toEqual([{ line: null, message: expect.stringMatching(/larger than 16 MB/) }]);

    const long = path.join(dir, "long.xlsx");
    await writeWorkbook(long, Array.from({ length: IMPORT_LIMITS.dealerRows + 1 }, (_, k) => [{ value: `H-${k}` }]));
    // Refused before the XLSX reader runs (issue 37): the first cell past the rows is named.
    expect((await read(long)).problems.errors).toEqual([{ line: IMPORT_LIMITS.dealerRows + 1, message: expect.stringMatching(/^cell A20001 .*at most 20,000 rows/) }]);
  });
});

describe("inflatedZipSize", () => {
  it("counts what a workbook inflates to without trusting the sizes it declares", async () => {
    const file = path.join(dir, "small.xlsx");
    await writeWorkbook(file, [[{ value: "id" }], [{ value: "H-1" }]]);
    const zip = fs.readFileSync(file);
    const size = inflatedZipSize(zip, 1024 * 1024);
    expect(size).toBeGreaterThan(zip.length);
    expect(() => inflatedZipSize(zip, size - 1)).toThrow(ZipSizeError);
    // A declared size of 1 byte changes nothing: the data is inflated and counted.
    const lying = Buffer.from(zip);
    for (let at = lying.indexOf("PK\x01\x02"); at !== -1; at = lying.indexOf("PK\x01\x02", at + 4)) lying.writeUInt32LE(1, at + 24);
    expect(inflatedZipSize(lying, 1024 * 1024)).toBe(size);
  });

  it("refuses data the directory does not list and archives it cannot check", async () => {
    const file = path.join(dir, "hidden.xlsx");
    await writeWorkbook(file, [[{ value: "id" }]]);
    const zip = fs.readFileSync(file);
    const hidden = Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(200), zip]);
    // The directory's offsets now point 204 bytes early: damaged or hidden, either way refused.
    expect(() => inflatedZipSize(hidden, 1024 * 1024)).toThrow(ZipSizeError);
    expect(() => inflatedZipSize(Buffer.from("PK\x03\x04 not really a zip"), 1024 * 1024)).toThrow(/no directory/);
  });
});

describe("readDealerFile, CSV without quotes", () => {
  it.each([
    ["\n", "LF"],
    ["\r\n", "CRLF"],
  ])("gives the same rows and lines as the CSV parser does for the same file with a quote (%j)", async (lineBreak) => {
    const lines = ["id;name;city", "", "1;Rad Eins;Köln", "2;Rad Zwei;Bonn", ";;", "3;Rad Drei;Ulm", ""];
    const plain = path.join(dir, "plain.csv");
    const quoted = path.join(dir, "quoted.csv");
    fs.writeFileSync(plain, lines.join(lineBreak));
    // One quoted cell sends the file through csv-parse; the cell's text is the same.
    fs.writeFileSync(quoted, lines.join(lineBreak).replace("Rad Drei", '"Rad Drei"'));
    const a = await read(plain);
    const b = await read(quoted);
    expect(a.problems.errors).toEqual([]);
    expect(a.sheet?.rows).toEqual(b.sheet?.rows);
    expect(a.sheet?.rows.map((row) => row.line)).toEqual([1, 3, 4, 6]);
  });
});
