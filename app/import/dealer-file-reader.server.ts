import fs from "node:fs/promises";
import path from "node:path";
import { CsvError, parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { formatLimit, IMPORT_LIMITS, SHEET_LIMITS, type SheetLimits } from "./import-limits";
import type { Problems } from "~/exchange/import-report";
import { type BoundsProblem, sheetBounds, sheetBoundsProblem } from "./xlsx-bounds.server";
import { HEADER_SEARCH_ROWS } from "./dealer-header";
import { decodeSheet } from "./sheet-encoding.server";
import { inflatedZipSize, ZipSizeError } from "./zip-size.server";

/** One row of the file with the line people see: CSV's physical line where it starts, XLSX's row number. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface DealerSheet {
  /** "CSV, semicolon-separated" or "XLSX, first sheet": for the log. */
  description: string;
  /** The header row first; rows whose cells are all empty are left out. */
  rows: SheetRow[];
}

const ZIP_MAGIC = Buffer.from("PK\x03\x04", "latin1");
/** The old binary Excel format (and other OLE files) starts like this. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * Reads a dealer list: XLSX when the file is a ZIP archive or named .xlsx, CSV otherwise. Problems
 * that make the file unreadable go to `problems`; the answer is then null.
 */
export async function readDealerFile(file: string, problems: Problems, encoding?: string): Promise<DealerSheet | null> {
  return readSheetFile(file, problems, SHEET_LIMITS.dealers, undefined, encoding);
}

/**
 * Any sheet (a dealer list, a recall list, a stock file) within `limits` (SHEET_LIMITS). With `onRow` every row goes there as it
 * is read and the answer's `rows` stays empty: a million-row stock file is never held as objects.
 * `encoding` (a CSV's, `--encoding`) replaces detection.
 */
export async function readSheetFile(
  file: string,
  problems: Problems,
  limits: SheetLimits,
  onRow?: (row: SheetRow) => void,
  encoding?: string,
): Promise<DealerSheet | null> {
  let bytes: Buffer;
  /** Whether the file goes on past what was read (limits.csvBytes). */
  let cut: boolean;
  try {
    ({ bytes, cut } = await readAtMost(file, Math.max(limits.csvBytes, limits.xlsxBytes)));
  } catch (error) {
    problems.error(null, undefined, `cannot read the file: ${(error as Error).message}`);
    return null;
  }
  const extension = path.extname(file).toLowerCase();
  if (bytes.subarray(0, 4).equals(OLE_MAGIC) || extension === ".xls") {
    problems.error(null, undefined, "an old Excel file (.xls): save it as .xlsx or as CSV (UTF-8) and import that");
    return null;
  }
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (cut || bytes.length > limits.xlsxBytes) {
      problems.error(null, undefined, `the workbook is larger than ${megabytes(limits.xlsxBytes)}, the most ${limits.what} may have: split it`);
      return null;
    }
    return readXlsx(bytes, problems, limits, onRow);
  }
  if (extension === ".xlsx") {
    problems.error(null, undefined, "named .xlsx but not an Excel workbook (no ZIP archive inside)");
    return null;
  }
  const csvCut = cut || bytes.length > limits.csvBytes;
  return readCsv(csvCut ? bytes.subarray(0, limits.csvBytes) : bytes, { cut: csvCut, encoding }, problems, limits, onRow);
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** The file's first `limit` bytes, and whether it is longer: a larger file is never read whole. */
async function readAtMost(file: string, limit: number): Promise<{ bytes: Buffer; cut: boolean }> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min((await handle.stat()).size, limit) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { bytes: buffer.subarray(0, Math.min(length, limit)), cut: length > limit };
  } finally {
    await handle.close();
  }
}

async function readXlsx(bytes: Buffer, problems: Problems, limits: SheetLimits, onRow?: (row: SheetRow) => void): Promise<DealerSheet | null> {
  let data;
  const outOfBounds: BoundsProblem[] = [];
  try {
    // Before the XLSX reader inflates anything: it holds every part it reads in memory, and fills
    // a sheet out to its last row and column however empty (both bounded here).
    inflatedZipSize(bytes, limits.xlsxBytes, (part, xml) => {
      const problem = outOfBounds.length === 0 ? sheetBoundsProblem(part, xml, sheetBounds(limits.rows), limits.what) : null;
      if (problem) outOfBounds.push(problem);
    });
    for (const problem of outOfBounds) problems.error(problem.line, undefined, problem.message);
    if (outOfBounds.length > 0) return null;
    data = await readSheet(bytes);
  } catch (error) {
    const why = error instanceof ZipSizeError ? `${error.message}; ${limits.what} may have at most ${megabytes(limits.xlsxBytes)}` : (error as Error).message;
    problems.error(null, undefined, `not a readable XLSX workbook: ${why}`);
    return null;
  }
  // The library keeps empty rows in the middle of the sheet, so the index gives the row number.
  if (data.length > limits.rows) {
    problems.error(limits.rows + 1, undefined, tooManyRows(limits));
    return null;
  }
  const rows: SheetRow[] = [];
  for (const [index, row] of data.entries()) {
    // Empty rows are most of a sheet that reaches far down: no copy of them is made.
    if (row.every((value) => value === null)) continue;
    const cells = row.map(cellText);
    if (!isBlank(cells)) rows.push({ line: index + 1, cells });
  }
  if (!onRow) return { description: "XLSX, first sheet", rows };
  for (const row of rows) onRow(row);
  return { description: "XLSX, first sheet", rows: [] };
}

const tooManyRows = (limits: SheetLimits) => `more than ${formatLimit(limits.rows)} rows: ${limits.what} may have at most that many; split it`;

/** Numbers as the shortest text that reads back the same (48.1374, 1010); dates as ISO dates. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

const DELIMITERS = [";", ",", "\t"] as const;
const DELIMITER_NAMES: Record<(typeof DELIMITERS)[number], string> = { ";": "semicolon", ",": "comma", "\t": "tab" };

/**
 * The delimiter a line of the sheet's start uses most, outside quotes (German Excel writes ";",
 * others ","): the header line, or a line below an ERP's title lines, which have none.
 */
function detectDelimiter(text: string): (typeof DELIMITERS)[number] {
  const best = new Map<string, number>();
  let counts = new Map<string, number>();
  let lines = 0;
  let quoted = false;
  const endLine = () => {
    for (const [char, count] of counts) best.set(char, Math.max(best.get(char) ?? 0, count));
    counts = new Map();
    lines++;
  };
  for (const char of text.trimStart()) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "\n") {
      endLine();
      if (lines >= HEADER_SEARCH_ROWS) break;
    } else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  endLine();
  return [...DELIMITERS].sort((a, b) => (best.get(b) ?? 0) - (best.get(a) ?? 0))[0] ?? ";";
}

/** The text and how the report names its encoding; null (with an error) for a file that is no text. */
function decode(bytes: Buffer, named: string | undefined, problems: Problems): { text: string; encoding: string } | null {
  const decoded = decodeSheet(bytes, named);
  if ("problem" in decoded) {
    problems.error(null, undefined, decoded.problem);
    return null;
  }
  if (decoded.how === "detected") {
    problems.warn(null, undefined, `not UTF-8: read as ${decoded.encoding} (detected); if letters look wrong, name the encoding with --encoding, or save the file as "CSV UTF-8"`);
  }
  return { text: decoded.text, encoding: decoded.how === "valid UTF-8" ? "UTF-8" : `${decoded.encoding} (${decoded.how})` };
}

const lineBreaks = (raw: string) => raw.match(/\r\n|\r|\n/g)?.length ?? 0;

/** Thrown from inside csv-parse to stop reading at the row limit. */
class RowLimit extends Error {
  constructor(readonly line: number) {
    super("row limit");
  }
}

/**
 * `cut`: the file goes on past `bytes` (limits.csvBytes); its last, partial line is not read.
 * `encoding`: the one `--encoding` names, else detected.
 */
function readCsv(
  bytes: Buffer,
  { cut, encoding }: { cut: boolean; encoding: string | undefined },
  problems: Problems,
  limits: SheetLimits,
  onRow?: (row: SheetRow) => void,
): DealerSheet | null {
  const lastLineBreak = cut ? bytes.lastIndexOf(0x0a) : -1;
  const decoded = decode(cut ? bytes.subarray(0, lastLineBreak + 1) : bytes, encoding, problems);
  if (!decoded) return null;
  const { text } = decoded;
  const delimiter = detectDelimiter(text);
  const description = `CSV, ${DELIMITER_NAMES[delimiter]}-separated, ${decoded.encoding}`;
  // Machine-written files mostly quote nothing: splitting lines and cells directly gives the same
  // rows and lines some 30 times faster than the CSV parser (a million-row stock file: 33 s).
  if (!text.includes('"')) return readUnquoted(text, { delimiter, description, cut }, problems, limits, onRow);
  const rows: SheetRow[] = [];
  let count = 0;
  let nextLine = 1;
  try {
    parse(text, {
      delimiter,
      // Our own line count needs each record's text; empty lines come as records and are dropped here.
      raw: true,
      skip_empty_lines: false,
      relax_column_count: true,
      // `Rad "Sport" Huber` without surrounding quotes is what people type: keep the quotes as text.
      relax_quotes: true,
      // A row that long is no dealer: most likely a quote that is never closed.
      max_record_size: IMPORT_LIMITS.textLength,
      // Counted as each record is read, so a record that fails still has the line it started on.
      on_record: (wrapped, context) => {
        // With `raw: true` csv-parse hands over { record, raw }, which its types do not say.
        const { record } = wrapped as unknown as { record: string[] };
        const line = nextLine;
        nextLine += lineBreaks(context.raw ?? "");
        if (isBlank(record)) return null;
        if (count >= limits.rows) throw new RowLimit(line);
        count++;
        if (onRow) onRow({ line, cells: record });
        else rows.push({ line, cells: record });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof RowLimit) {
      problems.error(error.line, undefined, tooManyRows(limits));
      return null;
    }
    if (!(error instanceof CsvError)) throw error;
    const message =
      error.code === "CSV_QUOTE_NOT_CLOSED" && !cut
        ? 'a quoted value is not closed: a " is missing (this row runs to the end of the file)'
        : error.code === "CSV_MAX_RECORD_SIZE"
          ? `a row longer than ${formatLimit(IMPORT_LIMITS.textLength)} characters: most likely a " that is never closed`
          : `the CSV cannot be read here: ${error.message}`;
    problems.error(nextLine, undefined, message);
    return null;
  }
  if (cut) {
    problems.error(nextLine, undefined, `the file goes on past ${megabytes(limits.csvBytes)} here, the most ${limits.what} may have: split it`);
    return null;
  }
  return { description, rows };
}

/** readCsv for a text without a quote character: each physical line is one record. */
function readUnquoted(
  text: string,
  { delimiter, description, cut }: { delimiter: (typeof DELIMITERS)[number]; description: string; cut: boolean },
  problems: Problems,
  limits: SheetLimits,
  onRow?: (row: SheetRow) => void,
): DealerSheet | null {
  const rows: SheetRow[] = [];
  const breaks = /\r\n|\r|\n/g;
  let count = 0;
  let line = 0;
  let start = 0;
  while (start < text.length) {
    breaks.lastIndex = start;
    const found = breaks.exec(text);
    const end = found ? found.index : text.length;
    line++;
    if (end - start > IMPORT_LIMITS.textLength) {
      problems.error(line, undefined, `a row longer than ${formatLimit(IMPORT_LIMITS.textLength)} characters: no row of a sheet is that long`);
      return null;
    }
    const cells = text.slice(start, end).split(delimiter);
    start = found ? end + found[0].length : text.length;
    if (isBlank(cells)) continue;
    if (count >= limits.rows) {
      problems.error(line, undefined, tooManyRows(limits));
      return null;
    }
    count++;
    if (onRow) onRow({ line, cells });
    else rows.push({ line, cells });
  }
  if (cut) {
    problems.error(line + 1, undefined, `the file goes on past ${megabytes(limits.csvBytes)} here, the most ${limits.what} may have: split it`);
    return null;
  }
  return { description, rows };
}
