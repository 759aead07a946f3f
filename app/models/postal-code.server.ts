import type { DB } from "~/db/database.server";
import type { PostalCodeTable } from "~/db/schema";
import { type LatLng, haversineKm } from "~/geo/geo";
import { type PostalCountry, placeKey } from "~/geo/postal-query";
import { nativePlaceKey } from "~/geo/place-exonyms";
import { townFlags } from "~/geo/town-rows.server";
import { defaultPostalCodeDir, readPostalPlaces } from "~/geo/postal-code-files.server";

/** A postal code or place resolved to one point: what the dealer search measures distances from. */
export interface ResolvedPlace extends LatLng {
  country: PostalCountry;
  /** Set when the visitor typed a postal code. */
  postalCode: string | null;
  place: string;
}

type Row = Pick<PostalCodeTable, "country" | "postal_code" | "place" | "place_key" | "lat" | "lng">;

/** 7 columns: 120 rows stay under SQLite's old 999-variable limit. */
const ROWS_PER_INSERT = 120;

export async function countPostalCodes(db: DB): Promise<number> {
  const row = await db.selectFrom("postal_codes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Fills postal_codes from the shipped GeoNames CSVs when it is empty (first start, or a database
 * older than the table). One transaction: a crash leaves the table empty and the next start retries.
 * Returns the number of rows imported (0 when there was nothing to do).
 */
export async function ensurePostalCodes(db: DB, log: (line: string) => void, dir: string = defaultPostalCodeDir()): Promise<number> {
  if ((await countPostalCodes(db)) > 0) return 0;
  const started = performance.now();
  let places;
  try {
    places = readPostalPlaces(dir);
  } catch (error) {
    log(
      `Postal codes not imported: ${(error as Error).message}. ` +
        "The dealer search works, but without distances; restore resources/postal-codes and restart.",
    );
    return 0;
  }
  const towns = townFlags(places);
  const rows: Row[] = places.map((place, i) => ({
    country: place.country,
    postal_code: place.postalCode,
    place: place.place,
    place_key: towns[i] ? placeKey(place.place) : null,
    lat: place.lat,
    lng: place.lng,
  }));
  log(`Importing ${rows.length} postal-code centroids (GeoNames, CC BY 4.0)`);
  let nextReport = 0.25;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx.insertInto("postal_codes").values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
      const done = Math.min(rows.length, i + ROWS_PER_INSERT);
      if (done / rows.length >= nextReport && done < rows.length) {
        log(`Importing postal codes ${done}/${rows.length}`);
        nextReport += 0.25;
      }
    }
  });
  log(`Imported ${rows.length} postal codes in ${Math.round(performance.now() - started)} ms`);
  return rows.length;
}

/** Kilometres within which rows of one name count as one town (Berlin's codes span about 40 km). */
const SAME_TOWN_KM = 20;

/**
 * One point for rows that share a name: the rows around the row with most neighbours, averaged.
 * "Neustadt" exists dozens of times; averaging all would land in a field between them.
 */
function centreOf(rows: readonly Row[]): { lat: number; lng: number; row: Row } | null {
  let best: Row[] = [];
  for (const candidate of rows) {
    const near = rows.filter((r) => haversineKm(candidate, r) <= SAME_TOWN_KM);
    if (near.length > best.length) best = near;
  }
  const first = best[0];
  if (!first) return null;
  const lat = best.reduce((sum, r) => sum + r.lat, 0) / best.length;
  const lng = best.reduce((sum, r) => sum + r.lng, 0) / best.length;
  return { lat, lng, row: first };
}

/** About 11 km of latitude: a large customer's code lies inside the town that delivers it. */
const NEAREST_TOWN_DEGREES = 0.1;

/**
 * The town around a postal code that names no town of its own (a large customer's: D-12345 lists
 * only firms and a tax adviser): "12345 Berlin", never a firm's or a person's name; null when no
 * town is near.
 */
async function nearestTown(db: DB, country: PostalCountry, point: LatLng): Promise<string | null> {
  const rows = await db
    .selectFrom("postal_codes")
    .select(["place", "lat", "lng"])
    .where("country", "=", country)
    .where("place_key", "is not", null)
    .where("lat", ">=", point.lat - NEAREST_TOWN_DEGREES)
    .where("lat", "<=", point.lat + NEAREST_TOWN_DEGREES)
    .where("lng", ">=", point.lng - NEAREST_TOWN_DEGREES * 1.6)
    .where("lng", "<=", point.lng + NEAREST_TOWN_DEGREES * 1.6)
    .limit(MAX_PLACE_ROWS)
    .execute();
  const nearest = rows.sort((a, b) => haversineKm(point, a) - haversineKm(point, b))[0];
  return nearest?.place ?? null;
}

export interface PostalCodeMatch {
  best: ResolvedPlace;
  /** The same four digits in another country: offered as "did you mean". */
  alternatives: ResolvedPlace[];
}

/** The centroid of a postal code, trying `countries` in order. */
export async function findPostalCode(db: DB, code: string, countries: readonly PostalCountry[]): Promise<PostalCodeMatch | null> {
  if (countries.length === 0) return null;
  const rows = await db
    .selectFrom("postal_codes")
    .select(["country", "postal_code", "place", "place_key", "lat", "lng"])
    .where("postal_code", "=", code)
    .where("country", "in", [...countries])
    .orderBy("id")
    .execute();
  const found: ResolvedPlace[] = [];
  for (const country of countries) {
    const own = rows.filter((r) => r.country === country);
    const centre = centreOf(own);
    if (!centre) continue;
    // The town's own name reads better than "Deutsche Post AG" for the same code, and of those
    // the shortest ("Dresden", not "Dresden Innere Altstadt") names the town rather than a district.
    const towns = own.filter((r) => r.place_key !== null).sort((a, b) => a.place.length - b.place.length);
    const label = towns[0]?.place ?? (await nearestTown(db, country, centre)) ?? "";
    found.push({ country, postalCode: code, place: label, lat: centre.lat, lng: centre.lng });
  }
  const [best, ...alternatives] = found;
  return best ? { best, alternatives } : null;
}

/** Longest place list one lookup reads; the biggest town (Berlin) has about 200 rows. */
const MAX_PLACE_ROWS = 1000;
/** Other towns a place search offers ("Meinten Sie …?"). */
const MAX_OTHER_PLACES = 3;

export interface PlaceMatch {
  best: ResolvedPlace;
  /** Other towns of that name (namesakes, "St. Gallen" and "Sankt Gallen"), biggest first, each with a postal code of its own. */
  alternatives: ResolvedPlace[];
}

/** Rows of one name split into towns: a cluster around the row with most neighbours, then the rest again. */
function townsOf(rows: readonly Row[]): { rows: Row[]; centre: NonNullable<ReturnType<typeof centreOf>> }[] {
  const towns = [];
  let rest = [...rows];
  while (rest.length > 0) {
    const centre = centreOf(rest);
    if (!centre) break;
    // Grown from its centre row by row: Berlin's outer codes are more than 20 km from its middle.
    const inTown = new Set([centre.row]);
    for (const member of inTown) {
      for (const row of rest) if (!inTown.has(row) && haversineKm(member, row) <= SAME_TOWN_KM) inTown.add(row);
    }
    towns.push({ rows: [...inTown], centre });
    rest = rest.filter((row) => !inTown.has(row));
  }
  return towns;
}

/** How many towns each postal code of the rows lists ("DE|95028" → 1, "AT|4770" → 30). */
async function townsPerCode(db: DB, rows: readonly Row[]): Promise<Map<string, number>> {
  const codes = [...new Set(rows.map((row) => row.postal_code))];
  const counts = new Map<string, number>();
  for (let i = 0; i < codes.length; i += 500) {
    const found = await db
      .selectFrom("postal_codes")
      .select(["country", "postal_code", (eb) => eb.fn.countAll<number>().as("n")])
      .where("postal_code", "in", codes.slice(i, i + 500))
      .where("place_key", "is not", null)
      .groupBy(["country", "postal_code"])
      .execute();
    for (const row of found) counts.set(`${row.country}|${row.postal_code}`, Number(row.n));
  }
  return counts;
}

/**
 * A town's size as a visitor means it: its share of its postal codes. A city owns its codes (Hof in
 * Bavaria: three codes of its own, 3), a hamlet shares one with thirty others (the twenty Austrian
 * hamlets called Hof: well under 1), so the city wins however many hamlets share its name.
 */
function sizeOf(rows: readonly Row[], perCode: ReadonlyMap<string, number>): number {
  const codes = new Set(rows.map((row) => `${row.country}|${row.postal_code}`));
  let size = 0;
  for (const code of codes) size += 1 / Math.max(1, perCode.get(code) ?? 1);
  return size;
}

async function rowsForKey(db: DB, key: string, startOfName: boolean): Promise<Row[]> {
  const select = () =>
    db.selectFrom("postal_codes").select(["country", "postal_code", "place", "place_key", "lat", "lng"]).orderBy("id").limit(MAX_PLACE_ROWS);
  const exact = await select().where("place_key", "=", key).execute();
  if (exact.length > 0 || !startOfName) return exact;
  // place_key holds letters, digits and single spaces only, so it needs no LIKE escaping.
  return select().where("place_key", "like", `${key} %`).execute();
}

/**
 * A town by name: exact (placeKey: "Muenchen" is "München", "Sankt Gallen" is "St. Gallen") first,
 * else towns whose name starts with the word(s) ("Frankfurt" → "Frankfurt am Main"), else a town
 * named exactly as the words before the last ones ("Halle (Saale)", "Halle Saale" → "Halle"). Among
 * several towns, the biggest (sizeOf), the city; the others come back as alternatives. Exonyms ("Munich",
 * "Genf") on every page, whatever its language: a visitor types the name they know.
 */
export async function findPlace(db: DB, name: string): Promise<PlaceMatch | null> {
  const words = nativePlaceKey(placeKey(name)).split(" ");
  let rows: Row[] = [];
  for (let count = words.length; count > 0 && rows.length === 0; count--) {
    const key = nativePlaceKey(words.slice(0, count).join(" "));
    if (key.length < 2) break;
    // Without its last words only the exact name: "Elisabeth Eisele" is not "Elisabeth-Sophien-Koog".
    rows = await rowsForKey(db, key, count === words.length);
  }
  if (rows.length === 0) return null;

  const byName = new Map<string, Row[]>();
  for (const row of rows) {
    const nameKey = `${row.country}|${row.place_key ?? ""}`;
    byName.set(nameKey, [...(byName.get(nameKey) ?? []), row]);
  }
  const perCode = await townsPerCode(db, rows);
  const towns = [...byName.values()]
    .flatMap(townsOf)
    .map((town) => ({ ...town, size: sizeOf(town.rows, perCode) }))
    .sort((a, b) => b.size - a.size || b.rows.length - a.rows.length);
  const [best, ...others] = towns.map(({ centre }) => ({
    country: centre.row.country as PostalCountry,
    postalCode: null,
    place: centre.row.place,
    lat: centre.lat,
    lng: centre.lng,
  }));
  if (!best) return null;
  const alternatives = others.slice(0, MAX_OTHER_PLACES).map((other, i) => ({ ...other, postalCode: towns[i + 1]?.centre.row.postal_code ?? null }));
  return { best, alternatives };
}
