import type { RecallRow } from "~/db/schema";
import { recallId } from "~/exchange/recall-id";
import { readGtin } from "~/utils/ean";
import { z } from "~/utils/zod";

/*
 * One row of the brand's recall list (CSV or XLSX, issue 28): the columns, and a row's cells checked
 * and normalised into what the recalls table stores. Pure, so every rule is tested without a file or
 * a database; the importer adds line numbers, the catalogue's part numbers and the duplicates.
 */

export const RECALL_COLUMNS = [
  "part_number",
  "gtin",
  "batches",
  "published",
  "title_de",
  "title_en",
  "hazard_de",
  "hazard_en",
  "remedy_de",
  "remedy_en",
] as const;
export type RecallColumn = (typeof RECALL_COLUMNS)[number];

/** German is required (the site's default language); English falls back to it (textIn, decision 044). */
const REQUIRED: readonly RecallColumn[] = ["part_number", "published", "title_de", "hazard_de", "remedy_de"];

/** A title is one line on the page and in the overview; hazards and remedies are paragraphs. */
export const RECALL_LIMITS = { partNumber: 100, title: 200, text: 4000, batches: 200 } as const;

export interface ColumnProblem {
  column?: string;
  message: string;
}

/** Where each column sits in the file's rows. */
export type RecallHeader = Partial<Record<RecallColumn, number>>;

/** "Part number", "PART-NUMBER" and "part_number" are the same column. */
const columnKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

const isColumn = (key: string): key is RecallColumn => (RECALL_COLUMNS as readonly string[]).includes(key);

export function checkRecallHeader(cells: readonly string[]): { header: RecallHeader; errors: ColumnProblem[]; warnings: ColumnProblem[] } {
  const header: RecallHeader = {};
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  cells.forEach((cell, index) => {
    const key = columnKey(cell);
    if (key === "") return;
    if (!isColumn(key)) {
      warnings.push({ column: cell.trim(), message: `unknown column, not read (the columns are ${RECALL_COLUMNS.join(", ")})` });
    } else if (header[key] !== undefined) {
      errors.push({ column: cell.trim(), message: `the column ${key} appears twice` });
    } else {
      header[key] = index;
    }
  });
  const missing = REQUIRED.filter((column) => header[column] === undefined);
  if (missing.length > 0) {
    errors.push({ message: `missing ${missing.length === 1 ? "column" : "columns"} ${missing.join(", ")}: a recall list needs ${REQUIRED.join(", ")} (see docs/examples/recalls.csv)` });
  }
  return { header, errors, warnings };
}

/** Today as the recall list's dates write it (UTC): a notice published today is fine, tomorrow is not. */
export function isoToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A line break inside a quoted cell is kept in paragraphs, never in titles or part numbers. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.replace(/[ \t]*\n[ \t]*/g, "\n").replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");

/** The problem names its column already (`file:line: error: title_de: …`). */
function german(max: number, clean: (value: string) => string) {
  return z
    .string()
    .transform(clean)
    .pipe(z.string().min(1, "empty: the German text is required (English pages fall back to it)").max(max, `longer than ${max} characters`));
}

function english(max: number, clean: (value: string) => string) {
  return z.string().transform(clean).pipe(z.string().max(max, `longer than ${max} characters`));
}

function isRealDate(iso: string): boolean {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The recall list's row: one schema for every cell, so each problem names its column. */
export function recallRowSchema(today: string) {
  return z.object({
    part_number: z
      .string()
      .transform(oneLine)
      .pipe(z.string().min(1, "the part number is empty").max(RECALL_LIMITS.partNumber, `the part number is longer than ${RECALL_LIMITS.partNumber} characters`)),
    gtin: z.string().transform((value, ctx) => {
      const written = value.trim();
      if (written === "") return null;
      const reading = readGtin(written);
      if ("gtin" in reading) return reading.gtin;
      ctx.addIssue({
        code: "custom",
        message:
          reading.problem === "trade-unit"
            ? `"${written}" is the GTIN-14 of a carton, not of the article: give the GTIN printed on the article's pack`
            : `"${written}" is no valid GTIN: 8, 12, 13 or 14 digits with a correct check digit (a typo, or a number Excel rounded)`,
      });
      return z.NEVER;
    }),
    batches: z.string().transform((value, ctx) => {
      // Commas, semicolons or line breaks between batches; a repeated one counts once.
      const list = [...new Set(value.split(/[\n;,]/).map(oneLine).filter(Boolean))];
      const long = list.find((batch) => batch.length > RECALL_LIMITS.batches);
      if (long) {
        ctx.addIssue({ code: "custom", message: `a batch is longer than ${RECALL_LIMITS.batches} characters ("${long.slice(0, 40)}…"): separate batches with commas` });
        return z.NEVER;
      }
      return list;
    }),
    published: z.string().transform((value, ctx) => {
      const written = value.trim();
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(written)
        ? `"${written}" is not a date written YYYY-MM-DD (for example ${today})`
        : !isRealDate(written)
          ? `"${written}" is no date in the calendar`
          : written > today
            ? `${written} lies in the future (today is ${today}): list a recall on the day it is published`
            : null;
      if (problem === null) return written;
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }),
    title_de: german(RECALL_LIMITS.title, oneLine),
    title_en: english(RECALL_LIMITS.title, oneLine),
    hazard_de: german(RECALL_LIMITS.text, paragraphs),
    hazard_en: english(RECALL_LIMITS.text, paragraphs),
    remedy_de: german(RECALL_LIMITS.text, paragraphs),
    remedy_en: english(RECALL_LIMITS.text, paragraphs),
  });
}

export interface RecallRowCheck {
  /** null when the row has errors. */
  recall: RecallRow | null;
  errors: ColumnProblem[];
  /** English texts missing in this row (shown in German on English pages). */
  untranslated: number;
}

/** One row's cells (by the header) checked: the recall as the table stores it, or its problems. */
export function checkRecallRow(cells: readonly string[], header: RecallHeader, schema: ReturnType<typeof recallRowSchema>): RecallRowCheck {
  const values = Object.fromEntries(RECALL_COLUMNS.map((column) => {
    const index = header[column];
    return [column, index === undefined ? "" : (cells[index] ?? "")];
  }));
  const result = schema.safeParse(values);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => ({ column: String(issue.path[0] ?? ""), message: issue.message }));
    return { recall: null, errors, untranslated: 0 };
  }
  const row = result.data;
  const untranslated = [row.title_en, row.hazard_en, row.remedy_en].filter((text) => text === "").length;
  return {
    recall: {
      id: recallId(row.part_number, row.published),
      partno: row.part_number,
      gtin: row.gtin,
      batches: row.batches.join("\n"),
      published: row.published,
      title_de: row.title_de,
      title_en: row.title_en,
      hazard_de: row.hazard_de,
      hazard_en: row.hazard_en,
      remedy_de: row.remedy_de,
      remedy_en: row.remedy_en,
    },
    errors: [],
    untranslated,
  };
}
