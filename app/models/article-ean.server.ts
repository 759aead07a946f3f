import type { DB } from "~/db/database.server";

const PER_QUERY = 500;

/** GTIN → part number for these GTINs (as stored: readGtin's form); GTINs no article has are left out. */
export async function partnosByGtin(db: DB, gtins: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(gtins)];
  for (let i = 0; i < unique.length; i += PER_QUERY) {
    const rows = await db.selectFrom("article_eans").select(["ean", "partno"]).where("ean", "in", unique.slice(i, i + PER_QUERY)).orderBy("partno").execute();
    // Two articles with one GTIN would be a catalogue mistake: the first part number wins, always the same one.
    for (const row of rows) if (!found.has(row.ean)) found.set(row.ean, row.partno);
  }
  return found;
}

/** Every GTIN → part number (the stock file import resolves a whole file against it). */
export async function allPartnosByGtin(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom("article_eans").select(["ean", "partno"]).orderBy("partno").execute();
  const found = new Map<string, string>();
  for (const row of rows) if (!found.has(row.ean)) found.set(row.ean, row.partno);
  return found;
}
