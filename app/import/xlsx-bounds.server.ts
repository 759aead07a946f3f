import { SaxesParser, type SaxesTagPlain } from "saxes";
import { formatLimit, IMPORT_LIMITS } from "./import-limits";

/** How far a sheet may reach: its last row, its last column, and the rectangle of both. */
export interface SheetBounds {
  rows: number;
  columns: number;
  cells: number;
}

/** The bounds every XLSX import shares; the rows are the kind's (SHEET_LIMITS), up to what any sheet may have. */
export const sheetBounds = (rows: number): SheetBounds => ({ rows: Math.min(rows, IMPORT_LIMITS.sheetRows), columns: IMPORT_LIMITS.sheetColumns, cells: IMPORT_LIMITS.sheetCells });

/** The first reference past the bounds: `line` is its row (an XLSX file's lines are its rows), when it has one. */
export interface BoundsProblem {
  line: number | null;
  message: string;
}

/** Thrown from the parser's handlers to stop reading at the first cell past a bound. */
class OutOfBounds extends Error {
  constructor(readonly problem: BoundsProblem) {
    super(problem.message);
  }
}

/** Characters handed to the parser at a time. */
const CHUNK = 64 * 1024;

/**
 * What is wrong with one part of a workbook, or null: the first `dimension`, `row` or cell
 * reference past `bounds`, named (issue 37: one cell at XFD1048576 in a 1.6 KB file ran the import
 * out of memory). The XLSX reader fills every gap up to a row number with empty rows and every row
 * out to the widest column, so the references must be checked before it reads them. It parses
 * only the parts whose name ends in `.xml`, names elements and attributes without their prefix and
 * decodes entities; the scan reads alike, and reads on after an XML error as the reader's parser
 * does, so nothing it would expand goes unchecked.
 */
export function sheetBoundsProblem(part: string, xml: Buffer, bounds: SheetBounds, what: string): BoundsProblem | null {
  if (!/\.xml$/i.test(part) || (!xml.includes("sheetData") && !xml.includes("dimension"))) return null;
  const parser = new SaxesParser();
  let inSheetData = false;
  let lastRow = 0;
  let lastColumn = 0;
  const stop = (message: string, line: number | null = null): never => {
    throw new OutOfBounds({ line, message });
  };
  const beyond = (reach: string) =>
    `${reach} in ${part}, past what ${what} may use: at most ${formatLimit(bounds.rows)} rows and ${formatLimit(bounds.columns)} columns (A to ${columnName(bounds.columns)}), ${formatLimit(bounds.cells)} cells in all; delete what lies beyond the data and save again`;
  const reach = (row: number, column: number, reached: string) => {
    lastRow = Math.max(lastRow, row);
    lastColumn = Math.max(lastColumn, column);
    if (row > bounds.rows || column > bounds.columns || lastRow * lastColumn > bounds.cells) stop(beyond(reached), row);
  };
  const cell = (ref: string, reached: (ref: string) => string) => {
    const address = cellAddress(ref);
    if (!address) stop(`"${ref}" in ${part} is not a cell reference (such as A1 or SR20000)`);
    else reach(address.row, address.column, reached(ref));
  };
  // A row past the bounds is named by its first cell where it has one (people look for a cell).
  let rowPast: BoundsProblem | null = null;
  // The reader's parser is lenient (an unknown entity, a stray "&"): reading on is what it does too.
  parser.on("error", () => undefined);
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === "sheetData") inSheetData = true;
    else if (name === "dimension") for (const ref of values(tag, "ref")) for (const end of ref.split(":")) cell(end, () => `the sheet's dimension ${ref} reaches cell ${end}`);
    else if (inSheetData && name === "c") {
      for (const ref of values(tag, "r")) cell(ref, () => `cell ${ref}`);
      if (rowPast !== null) stop(rowPast.message, rowPast.line);
    } else if (inSheetData && name === "row") {
      for (const r of values(tag, "r")) {
        const row = Number(r);
        if (!Number.isSafeInteger(row) || row < 1) stop(`row number "${r}" in ${part} is not a row number`);
        if (row > bounds.rows || row * Math.max(lastColumn, 1) > bounds.cells) rowPast = { line: row, message: beyond(`row ${r}`) };
        else reach(row, 1, `row ${r}`);
      }
    }
  });
  parser.on("closetag", (tag: SaxesTagPlain) => {
    if (rowPast !== null && localName(tag.name) === "row") stop(rowPast.message, rowPast.line);
  });
  const decoder = new TextDecoder("utf-8");
  try {
    for (let at = 0; at < xml.length; at += CHUNK) parser.write(decoder.decode(xml.subarray(at, at + CHUNK), { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof OutOfBounds) return error.problem;
    throw error;
  }
  return rowPast;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute's values under its local name (`r`, `x:r`): the reader takes any of them. */
function values(tag: SaxesTagPlain, name: string): string[] {
  return Object.entries(tag.attributes)
    .filter(([key]) => localName(key) === name)
    .map(([, value]) => value);
}

/** `XFD1048576` → row 1048576, column 16384; null for anything that is not letters then digits. */
export function cellAddress(ref: string): { row: number; column: number } | null {
  const match = /^([A-Z]{1,7})([0-9]{1,15})$/.exec(ref);
  if (!match?.[1] || !match[2]) return null;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + letter.charCodeAt(0) - 64;
  const row = Number(match[2]);
  return row < 1 ? null : { row, column };
}

/** 512 → `SR`. */
export function columnName(column: number): string {
  let name = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
