import type { DB } from "~/db/database.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { getMeta } from "~/models/app-meta.server";
import { deleteDealers, insertDealers, listDealers, updateDealer } from "~/models/dealer.server";
import { ensurePostalCodes } from "~/models/postal-code.server";
import { type IncomingDealer, planDealerChanges } from "./dealer-changes";
import { type DealerSheet, type SheetRow, readDealerFile } from "./dealer-file-reader.server";
import { findHeaderRow, type HeaderOptions } from "./dealer-header";
import { APPROXIMATE, placer } from "./dealer-placer.server";
import { type DealerHeader, checkDealerHeader, checkDealerRow } from "./dealer-rows";
import { haversineKm } from "~/geo/geo";
import { type ChangeCounts, type ImportRunOptions, type ImportSummary, Problems, totalChanges } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";

export interface DealerImportOptions extends ImportRunOptions {
  file: string;
  /** Delete dealers whose id is not in the file. */
  prune: boolean;
  /** Rows that did not come from a file (the provider sync): checked exactly like a file's. */
  sheet?: DealerSheet;
  /** `--map field=Header`: columns the importer does not know by name. */
  map?: HeaderOptions["map"];
  /** `--country CC` (ISO alpha-2): the country of rows that name none. */
  country?: string;
  /** `--encoding NAME`: the CSV's encoding instead of detecting it. */
  encoding?: string;
}

interface Outcome {
  applied: boolean;
  dataVersion: string | null;
  counts?: ChangeCounts;
  /** What the command line got wrong about the file (a `--map` to a missing column): exit 2. */
  usage?: string[];
}

/**
 * `npm run import -- dealers FILE`: the brand's dealer list (CSV or XLSX) into the dealers table.
 * Every row is checked first; any error and nothing is written. Then one transaction upserts by the
 * list's id, deletes the unlisted with `prune`, and sets a new data version only when something
 * changed, so running servers show the new list within a second and a re-import changes nothing.
 */
export async function importDealers(db: DB, options: DealerImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const problems = new Problems();
  const outcome = await run(db, options, problems);
  return {
    command: "dealers",
    source: options.file,
    dryRun: options.dryRun,
    applied: outcome.applied,
    dataVersion: outcome.dataVersion,
    counts: outcome.counts ? { dealers: outcome.counts } : {},
    untranslated: 0,
    warnings: problems.warnings,
    errors: problems.errors,
    moreWarnings: problems.moreWarnings,
    moreErrors: problems.moreErrors,
    durationMs: Math.round(performance.now() - started),
    timings: {},
    ...(outcome.usage ? { usage: outcome.usage } : {}),
  };
}

async function run(db: DB, options: DealerImportOptions, problems: Problems): Promise<Outcome> {
  const currentVersion = async () => (await getMeta(db, "data_version")) ?? null;
  const nothing = async (): Promise<Outcome> => ({ applied: false, dataVersion: await currentVersion() });

  const sheet = options.sheet ?? (await readDealerFile(options.file, problems, options.encoding));
  if (!sheet) return nothing();
  const headerOptions = { map: options.map, country: options.country };
  const headerIndex = findHeaderRow(sheet.rows, headerOptions);
  const headerRow = sheet.rows[headerIndex];
  const rows = sheet.rows.slice(headerIndex + 1);
  if (!headerRow) {
    problems.error(null, undefined, "the file is empty: it needs a header row and one row per dealer");
    return nothing();
  }
  const headerCheck = checkDealerHeader(headerRow.cells, headerOptions);
  const count = `${rows.length} ${rows.length === 1 ? "row" : "rows"}`;
  options.log(`Reading ${options.file} (${sheet.description}, ${headerCheck.header.layout}, header on line ${headerRow.line}, ${count})`);
  if (headerIndex > 0) {
    // An ERP's title or summary lines: said once, so nobody wonders where they went.
    problems.warn(headerRow.line, undefined, `the header is on line ${headerRow.line}: the ${headerIndex === 1 ? "row" : `${headerIndex} rows`} above it ${headerIndex === 1 ? "is" : "are"} left out`);
  }
  for (const p of headerCheck.warnings) problems.warn(headerRow.line, p.column, p.message);
  for (const p of headerCheck.errors) problems.error(headerRow.line, p.column, p.message);
  for (const message of headerCheck.usage) problems.error(headerRow.line, undefined, message);
  if (headerCheck.usage.length > 0) return { ...(await nothing()), usage: headerCheck.usage };
  if (problems.hasErrors) return nothing();
  if (rows.length === 0) {
    // An empty list with --prune would delete every dealer: far more likely a wrong file.
    problems.error(headerRow.line, undefined, "no dealers below the header");
    return nothing();
  }

  // Dealers without coordinates are placed on their postal code: a fresh database may not have the table yet.
  await ensurePostalCodes(db, options.log);
  const incoming = await checkRows(db, rows, headerCheck.header, problems, options);
  if (problems.hasErrors) return nothing();

  if (options.dryRun) {
    const { counts } = planDealerChanges(await listDealers(db), incoming, options.prune);
    return { applied: false, dataVersion: await currentVersion(), counts };
  }
  try {
    return await db.transaction().execute(async (trx) => {
      // Read inside the transaction: the plan must match the rows it changes.
      const changes = planDealerChanges(await listDealers(trx), incoming, options.prune);
      await deleteDealers(trx, changes.removed);
      for (const { id, values } of changes.changed) await updateDealer(trx, id, values);
      await insertDealers(trx, changes.added);
      let version: string | null = null;
      if (totalChanges({ dealers: changes.counts }) > 0) {
        version = newDataVersion();
        await recordImport(trx, version);
      }
      return { applied: true, dataVersion: version ?? (await getMeta(trx, "data_version")) ?? null, counts: changes.counts };
    });
  } catch (error) {
    problems.error(null, undefined, `writing the database failed, nothing was changed: ${(error as Error).message}`);
    return nothing();
  }
}

/** Checks every row (all problems at once, with line numbers) and places dealers without coordinates. */
async function checkRows(
  db: DB,
  rows: readonly SheetRow[],
  header: DealerHeader,
  problems: Problems,
  options: DealerImportOptions,
): Promise<IncomingDealer[]> {
  const progress = createProgress({ label: "Checking dealers", total: rows.length, unit: "rows", quiet: options.quiet });
  const place = placer(db);
  const idColumn = header.columns.id;
  /** Each dealer's key → the line it was last on and where it sits in `dealers`, so a repeat replaces it. */
  const seen = new Map<string, { line: number; at: number | null }>();
  const dealers: IncomingDealer[] = [];
  const unplaced = new Map<number, string>();
  for (const [index, row] of rows.entries()) {
    progress.update(index + 1);
    const check = checkDealerRow(row.cells, header, { country: options.country });
    for (const p of check.errors) problems.error(row.line, p.column, p.message);
    for (const p of check.warnings) problems.warn(row.line, p.column, p.message);
    // A list without ids is keyed by name, postal code and street: a repeat is the same dealer twice.
    const id = check.dealer?.source_id ?? (idColumn ? (row.cells[idColumn.index] ?? "").trim() : "");
    const before = id === "" ? undefined : seen.get(id);
    if (before) {
      const what = idColumn ? `id "${id}"` : "the same name, postal code and street";
      problems.warn(row.line, idColumn?.name, `${what} is also on line ${before.line}: the dealer is listed once, as line ${row.line} has it (the later row wins)`);
    }
    if (!check.dealer) {
      if (id !== "") seen.set(id, { line: row.line, at: before?.at ?? null });
      continue;
    }
    const dealer = await placed(check.dealer, row.line, header, place, problems);
    const at = before?.at ?? dealers.length;
    dealers[at] = dealer.dealer;
    if (dealer.unplaced) unplaced.set(at, dealer.unplaced);
    else unplaced.delete(at);
    if (id !== "") seen.set(id, { line: row.line, at });
  }
  progress.stop();
  if (unplaced.size > 0 && !problems.hasErrors) {
    // Named once more at the end, where people read: these dealers are on the list but not on the map.
    const names = [...unplaced.values()];
    const message = `${names.length} ${names.length === 1 ? "dealer is" : "dealers are"} listed without a map marker: ${names.join(", ")}`;
    problems.warn(null, undefined, message);
    options.log(message);
  }
  return dealers;
}


/** Coordinates further than this from their postal code's or town's centre are most likely another place's. */
const FAR_KM = 50;

/**
 * A checked dealer with its position: the file's coordinates (checked against the centre of the
 * postal code or town where the project knows it), else that centre, else none.
 */
async function placed(
  checked: NonNullable<ReturnType<typeof checkDealerRow>["dealer"]>,
  line: number,
  header: DealerHeader,
  place: ReturnType<typeof placer>,
  problems: Problems,
): Promise<{ dealer: IncomingDealer; unplaced: string | null }> {
  const { region, ...dealer } = checked;
  const found = await place(dealer.country, dealer.postal_code, dealer.city, region);
  if (dealer.lat !== null && dealer.lng !== null) {
    const km = found ? haversineKm({ lat: dealer.lat, lng: dealer.lng }, found) : 0;
    if (found && km > FAR_KM) {
      const centre = found.kind === "postal-code" ? `postal code ${dealer.postal_code} (${found.name})` : found.name;
      problems.warn(line, header.columns.lat?.name, `${dealer.lat}, ${dealer.lng} lies ${Math.round(km)} km from the centre of ${centre}, ${dealer.country}: check the coordinates (they are kept)`);
    }
    return { dealer: { ...dealer, region, approximate: 0 }, unplaced: null };
  }
  if (found?.kind === "town") {
    problems.warn(line, header.columns.city?.name, `no coordinates: the marker sits on the centre of ${found.name} (${dealer.country}); add lat and lng for the address`);
  } else if (!found) {
    const code = dealer.postal_code ? `postal code ${dealer.country} ${dealer.postal_code} nor ` : "";
    problems.warn(line, header.columns.city?.name, `no coordinates, and neither ${code}town "${dealer.city}" is known: the dealer is listed without a map marker (add lat and lng)`);
  }
  return {
    dealer: { ...dealer, region, lat: found?.lat ?? null, lng: found?.lng ?? null, approximate: found ? APPROXIMATE[found.kind] : 0 },
    unplaced: found ? null : `${dealer.name} (line ${line})`,
  };
}
