import type { DB } from "~/db/database.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import type { PostalCountry } from "~/geo/postal-query";
import { getMeta } from "~/models/app-meta.server";
import { deleteDealers, insertDealers, listDealers, updateDealer } from "~/models/dealer.server";
import { ensurePostalCodes, findPostalCode } from "~/models/postal-code.server";
import { type IncomingDealer, planDealerChanges } from "./dealer-changes";
import { type DealerSheet, type SheetRow, readDealerFile } from "./dealer-file-reader.server";
import { type DealerHeader, checkDealerHeader, checkDealerRow } from "./dealer-rows";
import { type ChangeCounts, type ImportRunOptions, type ImportSummary, Problems, totalChanges } from "./import-report";
import { createProgress } from "./progress.server";

export interface DealerImportOptions extends ImportRunOptions {
  file: string;
  /** Delete dealers whose id is not in the file. */
  prune: boolean;
  /** Rows that did not come from a file (the provider sync): checked exactly like a file's. */
  sheet?: DealerSheet;
}

interface Outcome {
  applied: boolean;
  dataVersion: string | null;
  counts?: ChangeCounts;
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
  };
}

async function run(db: DB, options: DealerImportOptions, problems: Problems): Promise<Outcome> {
  const currentVersion = async () => (await getMeta(db, "data_version")) ?? null;
  const nothing = async (): Promise<Outcome> => ({ applied: false, dataVersion: await currentVersion() });

  const sheet = options.sheet ?? (await readDealerFile(options.file, problems));
  if (!sheet) return nothing();
  const [headerRow, ...rows] = sheet.rows;
  if (!headerRow) {
    problems.error(null, undefined, "the file is empty: it needs a header row and one row per dealer");
    return nothing();
  }
  options.log(`Reading ${options.file} (${sheet.description}, ${rows.length} ${rows.length === 1 ? "row" : "rows"})`);
  const headerCheck = checkDealerHeader(headerRow.cells);
  for (const p of headerCheck.warnings) problems.warn(headerRow.line, p.column, p.message);
  for (const p of headerCheck.errors) problems.error(headerRow.line, p.column, p.message);
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
  const centroid = centroidFinder(db);
  const idColumn = header.columns.id;
  const firstLineOf = new Map<string, number>();
  const dealers: IncomingDealer[] = [];
  for (const [index, row] of rows.entries()) {
    progress.update(index + 1);
    const check = checkDealerRow(row.cells, header);
    for (const p of check.errors) problems.error(row.line, p.column, p.message);
    for (const p of check.warnings) problems.warn(row.line, p.column, p.message);
    const id = idColumn ? (row.cells[idColumn.index] ?? "").trim() : "";
    const firstLine = firstLineOf.get(id);
    if (firstLine !== undefined) {
      problems.error(row.line, idColumn?.name, `id "${id}" is already used on line ${firstLine}`);
      continue;
    }
    if (id !== "") firstLineOf.set(id, row.line);
    const dealer = check.dealer;
    if (!dealer) continue;
    if (dealer.lat !== null && dealer.lng !== null) {
      dealers.push({ ...dealer, approximate: 0 });
      continue;
    }
    const point = await centroid(dealer.country, dealer.postal_code);
    if (!point) {
      problems.warn(
        row.line,
        header.columns.postal_code?.name,
        `postal code ${dealer.country} ${dealer.postal_code} is not in the GeoNames list: the dealer is listed without a map marker (add lat and lng)`,
      );
    }
    dealers.push({ ...dealer, lat: point?.lat ?? null, lng: point?.lng ?? null, approximate: point ? 1 : 0 });
  }
  progress.stop();
  return dealers;
}

/** Postal-code centres, each looked up once: many dealers share a town. */
function centroidFinder(db: DB) {
  const known = new Map<string, Promise<{ lat: number; lng: number } | null>>();
  return (country: PostalCountry, code: string) => {
    const key = `${country} ${code}`;
    let found = known.get(key);
    if (!found) {
      found = findPostalCode(db, code, [country]).then((match) => (match ? { lat: match.best.lat, lng: match.best.lng } : null));
      known.set(key, found);
    }
    return found;
  };
}
