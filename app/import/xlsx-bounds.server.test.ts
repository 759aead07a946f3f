import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { Problems } from "~/exchange/import-report";
import { minimalXlsx, sheetRow, sheetXml } from "~/../tests/support/minimal-xlsx";
import { readDealerFile, readSheetFile } from "./dealer-file-reader.server";
import { IMPORT_LIMITS, SHEET_LIMITS } from "./import-limits";
import { cellAddress, columnName } from "./xlsx-bounds.server";

/*
 * Issue 37, item 2: a 1.6 KB workbook with one cell at XFD1048576, or 2,000 rows reaching column
 * XFD, ran the stock, recall and dealer imports out of memory (exit 134): the XLSX reader fills
 * every gap and every row out to the last column. The bounds are checked before it reads a cell.
 */

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-xlsx-bounds-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const header = sheetRow(1, [["A1", "dealer_id"], ["B1", "part_number"], ["C1", "quantity"]]);

function workbook(name: string, rows: string, dimension?: string): string {
  const file = path.join(dir, `${name}.xlsx`);
  fs.writeFileSync(file, minimalXlsx(sheetXml(rows, dimension)));
  return file;
}

async function read(file: string, kind: keyof typeof SHEET_LIMITS = "dealers") {
  const problems = new Problems();
  const sheet = await readSheetFile(file, problems, SHEET_LIMITS[kind]);
  return { sheet, errors: problems.errors };
}

describe("XLSX sheets past their rows and columns are refused before they are read", () => {
  it.each(["dealers", "recalls", "stock"] as const)("one cell at XFD1048576 (%s): exit 1 with the cell named, not out of memory", async (kind) => {
    const file = workbook(`one-cell-${kind}`, sheetRow(1_048_576, [["XFD1048576", "x"]]));
    expect(fs.statSync(file).size).toBeLessThan(2048);
    const { sheet, errors } = await read(file, kind);
    expect(sheet).toBeNull();
    expect(errors).toEqual([{ line: 1_048_576, message: expect.stringContaining(`cell XFD1048576 in xl/worksheets/sheet1.xml, past what ${SHEET_LIMITS[kind].what} may use`) }]);
  });

  it("2,000 rows reaching column XFD: the first cell past the columns is named", async () => {
    const rows = Array.from({ length: 2000 }, (_, k) => sheetRow(k + 2, [[`A${k + 2}`, `H-${k}`], [`XFD${k + 2}`, "x"]])).join("");
    const { sheet, errors } = await read(workbook("wide", header + rows), "stock");
    expect(sheet).toBeNull();
    expect(errors[0]?.message).toMatch(/^cell XFD2 in xl\/worksheets\/sheet1\.xml, past what a stock file may use: at most 200,000 rows and 512 columns \(A to SR\)/);
  });

  it("one column past the limit (SS), a row past the kind's rows, and a rectangle of too many cells", async () => {
    expect((await read(workbook("ss", header + sheetRow(2, [["SS2", "x"]])))).errors[0]?.message).toMatch(/^cell SS2 in /);
    expect((await read(workbook("gap", header + sheetRow(20_001, [["A20001", "x"]])))).errors[0]?.message).toMatch(/^cell A20001 in .*at most 20,000 rows/);
    // A stock file may have 2,000,000 rows as CSV, an XLSX sheet 200,000 (a 1.5 KB file still ran out of memory at 1,048,576).
    expect((await read(workbook("stock-gap", header + sheetRow(1_048_576, [["A1048576", "x"]])), "stock")).errors[0]?.message).toMatch(/^cell A1048576 in .*a stock file may use: at most 200,000 rows/);
    // An empty row far down fills the gap all the same: named by its number.
    expect((await read(workbook("empty-row", `${header}<row r="1048576"/>`))).errors[0]?.message).toMatch(/^row 1048576 in /);
    // 20,000 rows of 300 columns are 6,000,000 cells: more than the reader may fill (4,000,000).
    const tall = workbook("area", header + sheetRow(2, [["KN2", "x"]]) + sheetRow(20_000, [["A20000", "x"]]));
    expect((await read(tall)).errors[0]?.message).toMatch(/^cell A20000 in .*4,000,000 cells in all/);
  });

  it("the sheet's dimension, prefixed names and entities are read as the XLSX reader reads them", async () => {
    expect((await read(workbook("dimension", header, "A1:XFD1048576"))).errors[0]?.message).toMatch(/^the sheet's dimension A1:XFD1048576 reaches cell XFD1048576 in /);
    const prefixed = sheetXml(header).replace("<sheetData>", '<x:sheetData xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:row x:r="2"><x:c x:r="&#88;FD2" t="inlineStr"><is><t>x</t></is></x:c></x:row>').replace("</sheetData>", "</x:sheetData>");
    const file = path.join(dir, "prefixed.xlsx");
    fs.writeFileSync(file, minimalXlsx(prefixed));
    expect((await read(file)).errors[0]?.message).toMatch(/^cell XFD2 in /);
    expect((await read(workbook("not-a-cell", header + sheetRow(2, [["A1e9", "x"]])))).errors[0]?.message).toBe('"A1e9" in xl/worksheets/sheet1.xml is not a cell reference (such as A1 or SR20000)');
  });

  it("a real layout still imports: the Google Business Profile bulk sheet as a workbook, and a sheet at the limits", async () => {
    const csv = path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "dealers", "gbp-bulk-sheet.csv");
    const expected = await readDealerFile(csv, new Problems());
    const file = path.join(dir, "gbp.xlsx");
    await writeXlsxFile((expected?.rows ?? []).map((row) => row.cells.map((value) => ({ value })))).toFile(file);
    const problems = new Problems();
    const sheet = await readDealerFile(file, problems);
    expect(problems.errors).toEqual([]);
    expect(sheet?.rows.map((row) => row.cells.join("|"))).toEqual(expected?.rows.map((row) => row.cells.join("|")));

    const edge = workbook("edge", header + sheetRow(2, [[`${columnName(IMPORT_LIMITS.sheetColumns)}2`, "x"]]) + sheetRow(7812, [["A7812", "x"]]));
    const { sheet: within, errors } = await read(edge);
    expect(errors).toEqual([]);
    expect(within?.rows.map((row) => row.line)).toEqual([1, 2, 7812]);
  });

  it("reads cell references as Excel writes them", () => {
    expect(cellAddress("XFD1048576")).toEqual({ row: 1_048_576, column: 16_384 });
    expect(cellAddress("SR20000")).toEqual({ row: 20_000, column: 512 });
    expect([cellAddress("a1"), cellAddress("A0"), cellAddress("A1.5"), cellAddress("1")]).toEqual([null, null, null, null]);
    expect([columnName(1), columnName(26), columnName(27), columnName(512), columnName(16_384)]).toEqual(["A", "Z", "AA", "SR", "XFD"]);
  });
});
