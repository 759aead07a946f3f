import type { DB } from "~/db/database.server";
import type { DealerRow, NewDealer } from "~/db/schema";

export function listDealers(db: DB): Promise<DealerRow[]> {
  return db.selectFrom("dealers").selectAll().orderBy("name").orderBy("id").execute();
}

/** 14 columns: 60 rows stay under SQLite's old 999-variable limit. */
const ROWS_PER_INSERT = 60;
const IDS_PER_DELETE = 900;

/** New dealers get the next free ids; `db` may be a transaction. */
export async function insertDealers(db: DB, rows: readonly NewDealer[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db.insertInto("dealers").values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  }
}

/** Overwrites a dealer's data and keeps its id (links and caches may know it). */
export async function updateDealer(db: DB, id: number, values: Omit<NewDealer, "id">): Promise<void> {
  await db.updateTable("dealers").set(values).where("id", "=", id).execute();
}

export async function deleteDealers(db: DB, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_DELETE) {
    await db.deleteFrom("dealers").where("id", "in", ids.slice(i, i + IDS_PER_DELETE)).execute();
  }
}

/** The list's dealer id (source_id) → our row id, for every dealer (the stock import). */
export async function dealerIdsBySource(db: DB): Promise<Map<string, number>> {
  const rows = await db.selectFrom("dealers").select(["id", "source_id"]).where("source_id", "is not", null).execute();
  return new Map(rows.map((row) => [row.source_id ?? "", row.id]));
}

/** Our row id of the dealer the list names `sourceId`, if there is one. */
export async function findDealerIdBySource(db: DB, sourceId: string): Promise<number | undefined> {
  const row = await db.selectFrom("dealers").select("id").where("source_id", "=", sourceId).executeTakeFirst();
  return row?.id;
}
