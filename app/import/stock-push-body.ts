import { CsvError, parse } from "csv-parse/sync";
import { z } from "~/utils/zod";
import { MAX_PART_NUMBER_LENGTH, readAsOf, readPartNumber, readQuantity, readStockGtin } from "./stock-rows";

/**
 * The body of `PUT /api/stock/{dealerId}` (decision 055, docs/stock-interface.md): CSV
 * (`gtin,quantity`, header optional) or JSON (`{ asOf?, items: [{ gtin | partNumber, quantity }] }`).
 * Checked whole: any bad row and the push is refused, naming the first rows that are bad.
 */

/** Bytes of a push: 50,000 JSON rows of about 45 bytes, with room to spare. */
export const STOCK_PUSH_MAX_BYTES = 4 * 1024 * 1024;
export const STOCK_PUSH_MAX_ROWS = 50_000;
/** Bad rows named in a refusal; the count says how many there were in all. */
export const LISTED_ROW_PROBLEMS = 20;

export interface PushItem {
  /** 1-based: the CSV line, or the position in `items`. */
  row: number;
  /** As sent (trimmed), and as the catalogue stores it. */
  gtin: { sent: string; stored: string } | null;
  partNumber: string | null;
  quantity: number;
}

export interface RowProblem {
  row: number;
  message: string;
}

export type PushBody =
  | { ok: true; items: PushItem[]; asOf: string; notes: RowProblem[] }
  | { ok: false; status: 400 | 415 | 422; message: string; rows?: RowProblem[]; moreRows?: number };

const itemSchema = z.object({
  gtin: z.string().max(32).optional(),
  partNumber: z.string().max(MAX_PART_NUMBER_LENGTH).optional(),
  quantity: z.union([z.number(), z.string().max(20)]),
});

/** The JSON form. Unknown fields are ignored (a vendor may send price or availability too). */
export const stockPushSchema = z.object({
  asOf: z.string().max(40).optional(),
  items: z.array(z.unknown()).max(STOCK_PUSH_MAX_ROWS),
});

export function mediaType(header: string | null): "csv" | "json" | null {
  const type = header?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return "json";
  if (type === "text/csv" || type === "application/csv" || type === "text/plain") return "csv";
  return null;
}

export function parsePushBody(type: "csv" | "json", bytes: Uint8Array, received: Date): PushBody {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: "The body is not UTF-8 text." };
  }
  if (text.trim() === "") return { ok: false, status: 400, message: "The body is empty: send every article in stock (a header line alone, or items: [], for none)." };
  return type === "json" ? parseJson(text, received) : parseCsv(text, received);
}

function parseJson(text: string, received: Date): PushBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: "The body is not valid JSON." };
  }
  const body = stockPushSchema.safeParse(value);
  if (!body.success) {
    const issue = body.error.issues[0];
    const where = issue?.path.join(".") || "body";
    return { ok: false, status: 400, message: `${where}: ${issue?.message ?? "not the expected shape"}. Send { "items": [{ "gtin": "…", "quantity": 1 }] }.` };
  }
  let asOf = received.toISOString();
  const notes: RowProblem[] = [];
  if (body.data.asOf !== undefined) {
    const reading = readAsOf(body.data.asOf, received);
    if (!reading.ok) return { ok: false, status: 422, message: `asOf: ${reading.problem}` };
    if (reading.note) notes.push({ row: 0, message: `asOf: ${reading.note}` });
    asOf = reading.value;
  }
  const rows = body.data.items.map((raw, index) => {
    const item = itemSchema.safeParse(raw);
    if (!item.success) {
      const issue = item.error.issues[0];
      return { row: index + 1, problem: `${issue?.path.join(".") || "item"}: ${issue?.message ?? "not an object with gtin or partNumber and quantity"}` };
    }
    return checkItem(index + 1, item.data.gtin ?? "", item.data.partNumber ?? "", item.data.quantity);
  });
  return collect(rows, asOf, notes);
}

const DELIMITERS = [",", ";", "\t"] as const;

function parseCsv(text: string, received: Date): PushBody {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [...DELIMITERS].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0] ?? ",";
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { delimiter, relax_column_count: true, skip_empty_lines: false, max_record_size: 1024, to: STOCK_PUSH_MAX_ROWS + 2 });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { ok: false, status: 400, message: `The CSV cannot be read (line ${error.lines ?? "?"}): ${error.message}` };
  }
  let start = 0;
  let articleColumn: "gtin" | "part_number" = "gtin";
  const header = records[0]?.map((cell) => cell.trim().toLowerCase().replace(/[\s-]+/g, "_"));
  if (header && !/^\d/.test(header[0] ?? "")) {
    if (!["gtin", "ean", "part_number"].includes(header[0] ?? "") || header[1] !== "quantity") {
      return { ok: false, status: 400, message: 'The CSV header must be "gtin,quantity" (or "part_number,quantity"), or leave it out.' };
    }
    articleColumn = header[0] === "part_number" ? "part_number" : "gtin";
    start = 1;
  }
  const rows: (ReturnType<typeof checkItem> | null)[] = [];
  for (let i = start; i < records.length; i++) {
    const cells = records[i] ?? [];
    if (cells.every((cell) => cell.trim() === "")) continue;
    if (rows.length >= STOCK_PUSH_MAX_ROWS) return { ok: false, status: 422, message: `More than ${STOCK_PUSH_MAX_ROWS.toLocaleString("en-US")} rows: split the stock or send it as a file.` };
    const [article = "", quantity = "", ...rest] = cells;
    if (rest.some((cell) => cell.trim() !== "")) {
      rows.push({ row: i + 1, problem: `${cells.length} values: a row is ${articleColumn},quantity` });
      continue;
    }
    rows.push(checkItem(i + 1, articleColumn === "gtin" ? article : "", articleColumn === "part_number" ? article : "", quantity));
  }
  return collect(rows.filter((row) => row !== null), received.toISOString(), []);
}

type Checked = { row: number; item: PushItem; note?: string } | { row: number; problem: string };

function checkItem(row: number, gtin: string, partNumber: string, rawQuantity: string | number): Checked {
  if (gtin.trim() === "" && partNumber.trim() === "") return { row, problem: "neither a GTIN nor a part number" };
  let gtinValue: PushItem["gtin"] = null;
  if (gtin.trim() !== "") {
    const reading = readStockGtin(gtin);
    if (!reading.ok) return { row, problem: reading.problem };
    gtinValue = { sent: gtin.trim(), stored: reading.value };
  }
  let partValue: string | null = null;
  if (partNumber.trim() !== "") {
    const reading = readPartNumber(partNumber);
    if (!reading.ok) return { row, problem: reading.problem };
    partValue = reading.value;
  }
  const quantity = readQuantity(rawQuantity);
  if (!quantity.ok) return { row, problem: quantity.problem };
  return { row, item: { row, gtin: gtinValue, partNumber: partValue, quantity: quantity.value }, ...(quantity.note ? { note: quantity.note } : {}) };
}

/** All rows usable, or the refusal naming the first bad ones. A repeated article is a bad row: which quantity would be right? */
function collect(rows: readonly Checked[], asOf: string, notes: RowProblem[]): PushBody {
  const problems: RowProblem[] = [];
  const items: PushItem[] = [];
  const firstRow = new Map<string, number>();
  for (const checked of rows) {
    if ("problem" in checked) {
      problems.push({ row: checked.row, message: checked.problem });
      continue;
    }
    const key = checked.item.gtin ? `g:${checked.item.gtin.stored}` : `p:${checked.item.partNumber ?? ""}`;
    const seen = firstRow.get(key);
    if (seen !== undefined) {
      problems.push({ row: checked.row, message: `the same article as row ${seen}` });
      continue;
    }
    firstRow.set(key, checked.row);
    items.push(checked.item);
    if (checked.note) notes.push({ row: checked.row, message: checked.note });
  }
  if (problems.length > 0) {
    return {
      ok: false,
      status: 422,
      message: `${problems.length} ${problems.length === 1 ? "row is" : "rows are"} not usable; nothing was stored.`,
      rows: problems.slice(0, LISTED_ROW_PROBLEMS),
      moreRows: Math.max(0, problems.length - LISTED_ROW_PROBLEMS),
    };
  }
  return { ok: true, items, asOf, notes: notes.slice(0, LISTED_ROW_PROBLEMS) };
}
