import type { DB } from "~/db/database.server";
import { type ImportRunOptions, type ImportSummary, Problems, startSummary, timed } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";
import { getMeta } from "~/models/app-meta.server";
import { allPartnosByGtin } from "~/models/article-ean.server";
import { existingPartnos } from "~/models/article.server";
import { dealerIdsBySource } from "~/models/dealer.server";
import { insertStockRows, replaceStockOf, type StockRow } from "~/models/dealer-stock.server";
import { dealersWithSnapshot, recordStockSnapshots } from "~/models/dealer-stock-snapshot.server";
import { type SheetRow, readSheetFile } from "./dealer-file-reader.server";
import { ImportBusyError, withImportLock } from "./import-lock.server";
import { SHEET_LIMITS } from "./import-limits";
import { checkStockHeader, type StockHeader, StockRows, splitKey } from "./stock-sheet";
import { readAsOf, readPartNumber, readQuantity, readStockGtin, repeatedArticle } from "./stock-rows";

export interface StockImportOptions extends ImportRunOptions {
  file: string;
  /** The time of receipt (tests inject it): rows without updated_at are as of it. */
  now?: () => Date;
}


/** Inserted per step of the write, so progress moves and no step holds many row objects at once. */
const WRITE_BATCH = 5_000;

/**
 * `npm run import -- stock FILE` (decision 055): dealers' stock from a CSV or XLSX file. Every row
 * is checked (problems with their line); unknown dealers and articles are warnings that name them
 * once; a row with a bad value is left out with a warning. Then one transaction replaces the stock
 * of each dealer the file has usable rows for: dealers it does not name keep theirs.
 */
export async function importStock(db: DB, options: StockImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const problems = new Problems();
  const summary = startSummary(problems, { command: "stock", source: options.file, dryRun: options.dryRun, dataVersion: (await getMeta(db, "data_version")) ?? null });
  try {
    await withImportLock(db, options.dataDir, (locked) => run(locked, options, problems, summary));
  } catch (error) {
    if (!(error instanceof ImportBusyError)) throw error;
    problems.error(null, undefined, error.message);
  }
  summary.moreWarnings = problems.moreWarnings;
  summary.moreErrors = problems.moreErrors;
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}

/** Rows of one unknown dealer or article, for one warning that names it. */
interface Unknown {
  firstLine: number;
  count: number;
}

async function run(db: DB, options: StockImportOptions, problems: Problems, summary: ImportSummary): Promise<void> {
  const received = (options.now ?? (() => new Date()))();
  const [dealers, byGtin, partnos] = await Promise.all([dealerIdsBySource(db), allPartnosByGtin(db), existingPartnos(db, "all")]);
  const rows = new StockRows();
  const unknownDealers = new Map<string, Unknown>();
  const unknownArticles = new Map<string, Unknown>();
  /** Dealers the file names (known ones), by our id, with the line they first appear on. */
  const named = new Map<number, { sourceId: string; line: number }>();
  let header: StockHeader | null = null;
  let headerLine = 0;
  let dataRows = 0;
  const note = (map: Map<string, Unknown>, key: string, line: number) => {
    const seen = map.get(key);
    if (seen) seen.count++;
    else map.set(key, { firstLine: line, count: 1 });
  };

  // A file repeats few distinct GTINs, quantities and times a million times: each is read once.
  const gtinReadings = new Map<string, ReturnType<typeof readStockGtin>>();
  const quantityReadings = new Map<string, ReturnType<typeof readQuantity>>();
  const timeReadings = new Map<string, ReturnType<typeof readAsOf>>();
  const remember = <T>(cache: Map<string, T>, key: string, read: (key: string) => T): T => {
    let found = cache.get(key);
    if (found === undefined) {
      found = read(key);
      if (cache.size < 100_000) cache.set(key, found);
    }
    return found;
  };
  const readGtinCached = (raw: string) => remember(gtinReadings, raw, readStockGtin);

  const onRow = (row: SheetRow) => {
    if (!header) {
      header = checkStockHeader(row.cells);
      headerLine = row.line;
      for (const message of header.errors) problems.error(row.line, undefined, message);
      for (const message of header.warnings) problems.warn(row.line, undefined, message);
      return;
    }
    if (header.errors.length > 0) return;
    dataRows++;
    const cell = (column: keyof StockHeader["columns"]) => {
      const at = header?.columns[column];
      return at ? (row.cells[at.index] ?? "") : "";
    };
    const sourceId = cell("dealer_id").trim();
    if (sourceId === "") return problems.warn(row.line, "dealer_id", "no dealer id: the row is left out");
    const dealerId = dealers.get(sourceId);
    if (dealerId === undefined) return note(unknownDealers, sourceId, row.line);
    if (!named.has(dealerId)) named.set(dealerId, { sourceId, line: row.line });

    const article = resolveArticle(cell("gtin"), cell("part_number"), byGtin, partnos, readGtinCached);
    if ("problem" in article) return problems.warn(row.line, article.column, `${article.problem}: the row is left out`);
    if ("unknown" in article) return note(unknownArticles, article.unknown, row.line);

    const quantity = remember(quantityReadings, cell("quantity"), readQuantity);
    if (!quantity.ok) return problems.warn(row.line, "quantity", `${quantity.problem}: the row is left out`);
    if (quantity.note) problems.warn(row.line, "quantity", quantity.note);
    const rawTime = cell("updated_at");
    const asOf = rawTime.trim() === "" ? { ok: true as const, value: received.toISOString() } : remember(timeReadings, rawTime, (raw) => readAsOf(raw, received));
    if (!asOf.ok) return problems.warn(row.line, "updated_at", `${asOf.problem}: the row is left out`);
    if (asOf.note) problems.warn(row.line, "updated_at", asOf.note);
    rows.add({ dealerId, partno: article.partno, gtin: article.gtin, quantity: quantity.value, asOf: Date.parse(asOf.value), line: row.line });
  };

  const sheet = await timed(summary, "reading", () => readSheetFile(options.file, problems, SHEET_LIMITS.stock, onRow));
  if (!sheet) return;
  const checkedHeader = header as StockHeader | null;
  if (!checkedHeader) return problems.error(null, undefined, "the file is empty: it needs a header row and one row per dealer and article");
  if (checkedHeader.errors.length > 0) return;
  options.log(`Read ${options.file} (${sheet.description}, ${dataRows} ${dataRows === 1 ? "row" : "rows"})`);
  if (dataRows === 0) return problems.error(headerLine, undefined, "no rows below the header");

  for (const [sourceId, seen] of unknownDealers) {
    problems.warn(seen.firstLine, "dealer_id", `dealer "${sourceId}" is not in the dealer list: its ${plural(seen.count, "row is", "rows are")} left out${more(seen)}`);
  }
  for (const [key, seen] of unknownArticles) {
    problems.warn(seen.firstLine, undefined, `${key} is not in the catalogue: ${plural(seen.count, "row", "rows")} left out${more(seen)}`);
  }

  const keep = dropRepeats(rows, problems);
  const stocked = new Set<number>();
  for (const index of keep) stocked.add(rows.row(index).dealerId);
  for (const [dealerId, { sourceId, line }] of named) {
    if (!stocked.has(dealerId)) problems.warn(line, "dealer_id", `dealer "${sourceId}" has no usable row: its stock stays as it was`);
  }
  if (keep.length === 0) return problems.error(null, undefined, "no usable rows: nothing was changed");

  const before = await dealersWithSnapshot(db, [...stocked]);
  summary.counts = { stock: { added: stocked.size - before.size, changed: before.size, removed: 0, unchanged: 0 } };
  options.log(`${keep.length} stock rows for ${plural(stocked.size, "dealer", "dealers")}`);
  if (options.dryRun) return;

  await timed(summary, "writing", async () => {
    const progress = createProgress({ label: "Writing stock", total: keep.length, unit: "rows", quiet: options.quiet });
    try {
      const dealerIds = [...stocked];
      // The same lock as a push's: a push for one of these dealers waits for the import, or the other way round.
      await replaceStockOf(db, dealerIds, async (trx) => {
        const counts = new Map<number, number>();
        const isoTimes = new Map<number, string>();
        const iso = (time: number) => isoTimes.get(time) ?? isoTimes.set(time, new Date(time).toISOString()).get(time) ?? "";
        for (let start = 0; start < keep.length; start += WRITE_BATCH) {
          const batch: StockRow[] = keep.slice(start, start + WRITE_BATCH).map((index) => {
            const row = rows.row(index);
            counts.set(row.dealerId, (counts.get(row.dealerId) ?? 0) + 1);
            return { dealer_id: row.dealerId, partno: row.partno, gtin: row.gtin, quantity: row.quantity, as_of: iso(row.asOf) };
          });
          await insertStockRows(trx, batch);
          progress.update(Math.min(start + WRITE_BATCH, keep.length));
        }
        const receivedAt = received.toISOString();
        await recordStockSnapshots(
          trx,
          dealerIds.map((dealerId) => ({ dealer_id: dealerId, received_at: receivedAt, source: "file" as const, row_count: counts.get(dealerId) ?? 0 })),
        );
      });
      summary.applied = true;
    } catch (error) {
      problems.error(null, undefined, `writing the database failed, nothing was changed: ${(error as Error).message}`);
    } finally {
      progress.stop();
    }
  });
}

type ArticleReading = { partno: string; gtin: string | null } | { unknown: string } | { problem: string; column: string };

/**
 * The article a row names: by its GTIN when it has one (kept as sent), else by our part number. A
 * GTIN the catalogue does not know falls back to the row's part number, if that is ours.
 */
function resolveArticle(rawGtin: string, rawPartno: string, byGtin: Map<string, string>, partnos: Set<string>, readGtin: typeof readStockGtin): ArticleReading {
  const sentGtin = rawGtin.trim();
  const sentPartno = rawPartno.trim();
  if (sentGtin === "" && sentPartno === "") return { problem: "neither a GTIN nor a part number", column: "gtin" };
  let unknown = "";
  if (sentGtin !== "") {
    const gtin = readGtin(sentGtin);
    if (!gtin.ok) return { problem: gtin.problem, column: "gtin" };
    const partno = byGtin.get(gtin.value);
    if (partno) return { partno, gtin: sentGtin };
    unknown = `GTIN ${sentGtin}`;
  }
  if (sentPartno !== "") {
    const partno = readPartNumber(sentPartno);
    if (!partno.ok) return { problem: partno.problem, column: "part_number" };
    if (partnos.has(partno.value)) return { partno: partno.value, gtin: sentGtin === "" ? null : sentGtin };
    unknown = unknown === "" ? `part number ${partno.value}` : `${unknown} (part number ${partno.value})`;
  }
  return { unknown };
}

/**
 * One row per dealer and article: a later row for the same pair is left out with a warning naming
 * the line that counts. Answers the indexes of the rows to write, grouped by dealer.
 */
function dropRepeats(rows: StockRows, problems: Problems): number[] {
  const sorted = rows.sortedByDealerAndArticle();
  const keep: number[] = [];
  let group = -1;
  let firstLine = 0;
  for (const key of sorted) {
    const split = splitKey(key);
    const row = rows.row(split.index);
    if (split.group === group) {
      problems.warn(row.line, undefined, `${repeatedArticle(row.partno, `line ${firstLine}`)} for this dealer: the row is left out`);
      continue;
    }
    group = split.group;
    firstLine = row.line;
    keep.push(split.index);
  }
  return keep;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const more = (seen: Unknown) => (seen.count > 1 ? ` (first on this line)` : "");
