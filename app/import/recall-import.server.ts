import type { DB } from "~/db/database.server";
import type { RecallRow } from "~/db/schema";
import { emptyCounts, Problems, startSummary, totalChanges, type ChangeCounts, type ImportRunOptions, type ImportSummary } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";
import { getMeta } from "~/models/app-meta.server";
import { listPartnosWithEans } from "~/models/article.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { listRecalls, replaceRecalls } from "~/models/recall.server";
import { readSheetFile, type SheetRow } from "./dealer-file-reader.server";
import { SHEET_LIMITS } from "./import-limits";
import { diskFullMessage, ImportBusyError, withImportLock } from "./import-lock.server";
import { checkRecallHeader, checkRecallRow, isoToday, type RecallHeader, recallRowSchema } from "./recall-rows";

export interface RecallImportOptions extends ImportRunOptions {
  file: string;
  /** The day dates are checked against (YYYY-MM-DD); today in UTC when not given (tests fix it). */
  today?: string;
}

/**
 * `npm run import -- recalls FILE`: the brand's list of product safety recalls (CSV or XLSX) becomes
 * the site's recall notices (GPSR Art. 36). The file is the whole list: it replaces the recalls in one
 * transaction with a new data version, so every instance shows the new notices within a second. Any
 * error and nothing changes: a recall notice is a legal publication, a half-checked one is worse than
 * none. The file reading (CSV dialects, XLSX) is the dealer list's; its limits and their wording are SHEET_LIMITS.recalls.
 */
export async function importRecalls(db: DB, options: RecallImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const problems = new Problems();
  const summary = startSummary(problems, {
    command: "recalls",
    source: options.file,
    dryRun: options.dryRun,
    dataVersion: (await getMeta(db, "data_version")) ?? null,
  });
  try {
    await withImportLock(db, options.dataDir, (locked) => run(locked, options, problems, summary));
  } catch (error) {
    if (!(error instanceof ImportBusyError)) throw error;
    problems.error(null, undefined, error.message);
  }
  summary.applied = summary.applied && !problems.hasErrors;
  summary.moreErrors = problems.moreErrors;
  summary.moreWarnings = problems.moreWarnings;
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}

async function run(db: DB, options: RecallImportOptions, problems: Problems, summary: ImportSummary): Promise<void> {
  const sheet = await readSheetFile(options.file, problems, SHEET_LIMITS.recalls);
  if (!sheet) return;
  const [headerRow, ...rows] = sheet.rows;
  if (!headerRow) {
    problems.error(null, undefined, "the file is empty: it needs a header row and one row per recall (see docs/examples/recalls.csv)");
    return;
  }
  options.log(`Reading ${options.file} (${sheet.description}, ${rows.length} ${rows.length === 1 ? "row" : "rows"})`);
  const headerCheck = checkRecallHeader(headerRow.cells);
  for (const p of headerCheck.warnings) problems.warn(headerRow.line, p.column, p.message);
  for (const p of headerCheck.errors) problems.error(headerRow.line, p.column, p.message);
  if (problems.hasErrors) return;

  const catalogue = await listPartnosWithEans(db);
  const incoming = checkRows(rows, headerCheck.header, catalogue, problems, options, summary);
  if (problems.hasErrors) return;
  if (incoming.length === 0) {
    // The columns are right, so this is a deliberate empty list, not a wrong file.
    problems.warn(headerRow.line, undefined, "no recalls below the header: every recall notice is taken down");
  }

  const current = await listRecalls(db);
  const counts = compare(current, incoming);
  for (const gone of current.filter((old) => !incoming.some((recall) => recall.id === old.id))) {
    problems.warn(null, undefined, `the recall ${gone.id} (${gone.partno}, published ${gone.published}) is not in the file: its page is taken down`);
  }
  summary.counts = { recalls: counts };
  if (options.dryRun) return;
  try {
    summary.dataVersion = await db.transaction().execute(async (trx) => {
      await replaceRecalls(trx, incoming);
      if (totalChanges(summary.counts) === 0) return summary.dataVersion;
      const version = newDataVersion();
      await recordImport(trx, version);
      return version;
    });
    summary.applied = true;
  } catch (error) {
    problems.error(null, undefined, diskFullMessage(error, options.dataDir) ?? `writing the database failed, nothing was changed: ${(error as Error).message}`);
  }
}

/** Every row checked (all problems at once, with line numbers), then the rules across rows. */
function checkRows(
  rows: readonly SheetRow[],
  header: RecallHeader,
  catalogue: ReadonlyMap<string, readonly string[]>,
  problems: Problems,
  options: RecallImportOptions,
  summary: ImportSummary,
): RecallRow[] {
  const progress = createProgress({ label: "Checking recalls", total: rows.length, unit: "rows", quiet: options.quiet });
  const schema = recallRowSchema(options.today ?? isoToday());
  const firstLineOf = new Map<string, number>();
  const recalls: RecallRow[] = [];
  for (const [index, row] of rows.entries()) {
    progress.update(index + 1);
    const check = checkRecallRow(row.cells, header, schema);
    for (const p of check.errors) problems.error(row.line, p.column, p.message);
    const recall = check.recall;
    if (!recall) continue;
    summary.untranslated += check.untranslated;
    const firstLine = firstLineOf.get(recall.id);
    if (firstLine !== undefined) {
      problems.error(row.line, "part_number", `a recall of ${recall.partno} published ${recall.published} is already on line ${firstLine}: put all its batches in one row`);
      continue;
    }
    firstLineOf.set(recall.id, row.line);
    const eans = catalogue.get(recall.partno);
    if (!eans && recall.gtin === null) {
      problems.error(row.line, "part_number", `the catalogue has no article ${recall.partno}: correct the part number, or give the product's GTIN so the notice can name it without an article page`);
      continue;
    }
    if (!eans) {
      problems.warn(row.line, "part_number", `the catalogue has no article ${recall.partno}: the notice is published with GTIN ${recall.gtin ?? ""} and without a link to an article page`);
    } else if (recall.gtin !== null && eans.length > 0 && !eans.includes(recall.gtin)) {
      problems.warn(row.line, "gtin", `${recall.gtin} is not among the EANs of article ${recall.partno} (${eans.join(", ")}): check which product is recalled`);
    }
    recalls.push(recall);
  }
  progress.stop();
  return recalls;
}

const SAME_FIELDS = ["partno", "gtin", "batches", "published", "title_de", "title_en", "hazard_de", "hazard_en", "remedy_de", "remedy_en"] as const;

function compare(current: readonly RecallRow[], incoming: readonly RecallRow[]): ChangeCounts {
  const counts = emptyCounts();
  const before = new Map(current.map((recall) => [recall.id, recall]));
  for (const recall of incoming) {
    const old = before.get(recall.id);
    if (!old) counts.added++;
    else if (SAME_FIELDS.every((field) => old[field] === recall[field])) counts.unchanged++;
    else counts.changed++;
  }
  const ids = new Set(incoming.map((recall) => recall.id));
  counts.removed = current.filter((recall) => !ids.has(recall.id)).length;
  return counts;
}
