import type { DB } from "~/db/database.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { isPostalCountry } from "~/geo/postal-query";
import { getMeta } from "~/models/app-meta.server";
import { deleteDealers, insertDealers, listDealers, updateDealer } from "~/models/dealer.server";
import { ensurePostalCodes, findPlace, findPostalCode } from "~/models/postal-code.server";
import { type IncomingDealer, planDealerChanges } from "./dealer-changes";
import { type DealerSheet, type SheetRow, readDealerFile } from "./dealer-file-reader.server";
import { type Gazetteer, loadGazetteer } from "./dealer-gazetteer.server";
import { type DealerHeader, checkDealerHeader, checkDealerRow } from "./dealer-rows";
import { type ChangeCounts, type ImportRunOptions, type ImportSummary, Problems, totalChanges } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";

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
  const headerCheck = checkDealerHeader(headerRow.cells);
  options.log(`Reading ${options.file} (${sheet.description}, ${headerCheck.header.layout}, ${rows.length} ${rows.length === 1 ? "row" : "rows"})`);
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
  const place = placer(db);
  const idColumn = header.columns.id;
  const firstLineOf = new Map<string, number>();
  const dealers: IncomingDealer[] = [];
  const unplaced: string[] = [];
  for (const [index, row] of rows.entries()) {
    progress.update(index + 1);
    const check = checkDealerRow(row.cells, header);
    for (const p of check.errors) problems.error(row.line, p.column, p.message);
    for (const p of check.warnings) problems.warn(row.line, p.column, p.message);
    // A list without ids is keyed by name, postal code and street: a repeat is the same dealer twice.
    const id = check.dealer?.source_id ?? (idColumn ? (row.cells[idColumn.index] ?? "").trim() : "");
    const firstLine = firstLineOf.get(id);
    if (firstLine !== undefined) {
      const what = idColumn ? `id "${id}"` : "the same name, postal code and street";
      problems.error(row.line, idColumn?.name, `${what} is already used on line ${firstLine}`);
      continue;
    }
    if (id !== "") firstLineOf.set(id, row.line);
    if (!check.dealer) continue;
    const { region, ...dealer } = check.dealer;
    if (dealer.lat !== null && dealer.lng !== null) {
      dealers.push({ ...dealer, approximate: 0 });
      continue;
    }
    const found = await place(dealer.country, dealer.postal_code, dealer.city, region);
    if (found?.kind === "town") {
      problems.warn(row.line, header.columns.city?.name, `no coordinates: the marker sits on the centre of ${found.name} (${dealer.country}); add lat and lng for the address`);
    } else if (!found) {
      const code = dealer.postal_code ? `postal code ${dealer.country} ${dealer.postal_code} nor ` : "";
      problems.warn(row.line, header.columns.city?.name, `no coordinates, and neither ${code}town "${dealer.city}" is known: the dealer is listed without a map marker (add lat and lng)`);
      unplaced.push(`${dealer.name} (line ${row.line})`);
    }
    dealers.push({ ...dealer, lat: found?.lat ?? null, lng: found?.lng ?? null, approximate: found ? APPROXIMATE[found.kind] : 0 });
  }
  progress.stop();
  if (unplaced.length > 0 && !problems.hasErrors) {
    // Named once more at the end, where people read: these dealers are on the list but not on the map.
    const message = `${unplaced.length} ${unplaced.length === 1 ? "dealer is" : "dealers are"} listed without a map marker: ${unplaced.join(", ")}`;
    problems.warn(null, undefined, message);
    options.log(message);
  }
  return dealers;
}

/** dealers.approximate: 1 = the postal code's centre, 2 = the town's (schema.ts). */
const APPROXIMATE = { "postal-code": 1, town: 2 } as const;

interface Placed {
  kind: keyof typeof APPROXIMATE;
  name: string;
  lat: number;
  lng: number;
}

/**
 * Where a dealer without coordinates goes: in Germany, Austria and Switzerland the postal code's
 * centre, else the town in the shipped postal-code towns; elsewhere the town in the GeoNames
 * gazetteer, loaded only when such a dealer needs it. Each answer is looked up once: many dealers share a town.
 */
function placer(db: DB) {
  const known = new Map<string, Promise<Placed | null>>();
  let gazetteer: Gazetteer | null = null;
  const lookUp = async (country: string, code: string, city: string, region: string): Promise<Placed | null> => {
    if (isPostalCountry(country)) {
      if (code !== "") {
        const match = await findPostalCode(db, code, [country]);
        if (match) return { kind: "postal-code", name: match.best.place, lat: match.best.lat, lng: match.best.lng };
      }
      const match = await findPlace(db, city);
      const town = match ? [match.best, ...match.alternatives].find((candidate) => candidate.country === country) : undefined;
      if (town) return { kind: "town", name: town.place, lat: town.lat, lng: town.lng };
      // The shipped postal-code towns cover these countries better than the gazetteer's bigger towns.
      return null;
    }
    gazetteer ??= loadGazetteer();
    const town = gazetteer.find(city, country, region);
    return town ? { kind: "town", ...town } : null;
  };
  return (country: string, code: string, city: string, region: string) => {
    const key = `${country}|${code}|${city}|${region}`;
    let found = known.get(key);
    if (!found) {
      found = lookUp(country, code, city, region);
      known.set(key, found);
    }
    return found;
  };
}
