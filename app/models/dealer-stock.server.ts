import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import type { DealerStockTable } from "~/db/schema";
import { setMeta } from "./app-meta.server";
import { metaVersionReader } from "./data-version.server";

export type StockRow = DealerStockTable;

/** Rows per statement (about 300 KB of parameters). */
const ROWS_PER_INSERT = 5_000;
const IDS_PER_DELETE = 500;

/**
 * app_meta key that changes with every stock write. Stock does not change the data version: a
 * push every few seconds would empty every page cache. Answers that show stock key on this.
 */
export const STOCK_VERSION_KEY = "stock_version";

/** How long a stock write waits for another one of the same dealer before it gives up (StockBusyError). */
export const STOCK_LOCK_WAIT_MS = 5_000;

/** Another push or import was writing the dealer's stock for longer than STOCK_LOCK_WAIT_MS. */
export class StockBusyError extends Error {
  override name = "StockBusyError";
}

/**
 * Replaces the whole stock of these dealers in one transaction: `write` inserts the new rows and
 * the snapshot records through the transaction it is given. A snapshot is the dealer's whole stock,
 * so two writes for one dealer must follow each other, never interleave: interleaved, each deleted
 * before the other inserted, and the stock became the union of both, or an insert met the other's
 * rows (dealer_stock_pkey). The push and the file import both come through here (issue 37).
 */
export async function replaceStockOf(db: DB, dealerIds: readonly number[], write: (trx: DB) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockDealersStock(trx, dealerIds);
    await deleteStockOf(trx, dealerIds);
    await write(trx);
    await markStockChanged(trx);
  });
}

/**
 * PostgreSQL: a row lock on each dealer, held to the commit, so every instance's writes for one
 * dealer queue up. `for no key update` conflicts with itself but not with the key-share locks that
 * other tables' foreign keys take on the dealer row, so nothing else waits for it. The dealers are
 * locked in id order: an import locks many, and two writers taking them in different orders could
 * deadlock. The wait is bounded (lock_timeout, then back to none for the rest of the transaction).
 * SQLite needs nothing: it has one writer per database, and the transaction's first statement (the
 * delete) takes the write lock until the commit.
 */
async function lockDealersStock(trx: DB, dealerIds: readonly number[]): Promise<void> {
  if (!isPostgres(trx) || dealerIds.length === 0) return;
  const ids = [...dealerIds].sort((a, b) => a - b);
  await sql`select set_config('lock_timeout', ${String(STOCK_LOCK_WAIT_MS)}, true)`.execute(trx);
  try {
    await sql`select id from dealers where id = any(${ids}::integer[]) order by id for no key update`.execute(trx);
  } catch (error) {
    // 55P03: lock_timeout; 57014: the statement timeout, when it is the shorter of the two.
    const code = (error as { code?: unknown }).code;
    if (code === "55P03" || code === "57014") throw new StockBusyError("another push or import is writing this dealer's stock", { cause: error });
    throw error;
  }
  await sql`select set_config('lock_timeout', '0', true)`.execute(trx);
}

/** Deletes the whole stock of these dealers (the start of replacing their snapshots). */
export async function deleteStockOf(db: DB, dealerIds: readonly number[]): Promise<void> {
  for (let i = 0; i < dealerIds.length; i += IDS_PER_DELETE) {
    await db.deleteFrom("dealer_stock").where("dealer_id", "in", dealerIds.slice(i, i + IDS_PER_DELETE)).execute();
  }
}

/**
 * Inserts stock rows; `db` is the transaction that deleted the dealers' previous rows. Never one
 * parameter per value: a million rows as 2,500-parameter statements took 42 s on SQLite, most of
 * it building and binding the statements. SQLite gets one JSON parameter per ROWS_PER_INSERT and
 * unpacks it with json_each. PostgreSQL gets one array per column and unnests them: its
 * json_array_elements parsed every row's text five times, once per `->>`, and the arrays took a
 * sixth less of the server's CPU for the same million rows (decision 057).
 */
export async function insertStockRows(db: DB, rows: readonly StockRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const part = rows.slice(i, i + ROWS_PER_INSERT);
    if (isPostgres(db)) {
      await sql`
        insert into dealer_stock (dealer_id, partno, gtin, quantity, as_of)
        select * from unnest(${part.map((row) => row.dealer_id)}::integer[], ${part.map((row) => row.partno)}::text[],
          ${part.map((row) => row.gtin)}::text[], ${part.map((row) => row.quantity)}::integer[], ${part.map((row) => row.as_of)}::text[])`.execute(db);
    } else {
      const json = JSON.stringify(part.map((row) => [row.dealer_id, row.partno, row.gtin, row.quantity, row.as_of]));
      await sql`
        insert into dealer_stock (dealer_id, partno, gtin, quantity, as_of)
        select value->>0, value->>1, value->>2, value->>3, value->>4 from json_each(${json})`.execute(db);
    }
  }
}

/** Inside the transaction that changed stock: readers keyed on the stock version see it. */
export async function markStockChanged(db: DB): Promise<void> {
  await setMeta(db, STOCK_VERSION_KEY, randomBytes(6).toString("hex"));
}

/** `now` minus `maxAgeHours`, as the text `as_of` is compared with. */
export function stockCutoff(now: Date, maxAgeHours: number): string {
  return new Date(now.getTime() - maxAgeHours * 3_600_000).toISOString();
}

export interface DealerStock {
  dealerId: number;
  quantity: number;
  /** ISO 8601 UTC. */
  asOf: string;
}

/**
 * Dealers that have the article in stock now: quantity above 0, as of no earlier than
 * `maxAgeHours` (STOCK_MAX_AGE_HOURS) before `now`. Older stock is never claimed. Newest first.
 * One range scan of the covering index dealer_stock_fresh (migration 0012): `quantity > 0` is
 * written as a literal, because a planner can use a partial index only for a condition it can
 * see implies the index's own, which a bound parameter is not.
 */
export async function dealersWithStock(db: DB, partno: string, now: Date, maxAgeHours: number): Promise<DealerStock[]> {
  const rows = await db
    .selectFrom("dealer_stock")
    .select(["dealer_id", "quantity", "as_of"])
    .where("partno", "=", partno)
    .where(sql<boolean>`quantity > 0`)
    .where("as_of", ">=", stockCutoff(now, maxAgeHours))
    .orderBy("as_of", "desc")
    .orderBy("dealer_id")
    .execute();
  return rows.map((row) => ({ dealerId: row.dealer_id, quantity: row.quantity, asOf: row.as_of }));
}

/** The dealer's stored snapshot, by part number (tests, checks). */
export function listStockOf(db: DB, dealerId: number): Promise<StockRow[]> {
  return db.selectFrom("dealer_stock").selectAll().where("dealer_id", "=", dealerId).orderBy("partno").execute();
}

/**
 * The dealers (by their page's slug) that have the article in stock now, with the time of that
 * stock, for the visitors' pages (decision 056): `dealersWithStock`'s rows and condition, joined to
 * the dealer list by its primary key, so the pages can match them to the dealers they list.
 */
export async function freshStockBySlug(db: DB, partno: string, now: Date, maxAgeHours: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("dealer_stock")
    .innerJoin("dealers", "dealers.id", "dealer_stock.dealer_id")
    .select(["dealers.slug as slug", "dealer_stock.as_of as as_of"])
    .where("dealer_stock.partno", "=", partno)
    .where(sql<boolean>`dealer_stock.quantity > 0`)
    .where("dealer_stock.as_of", ">=", stockCutoff(now, maxAgeHours))
    .execute();
  return new Map(rows.map((row) => [row.slug, row.as_of]));
}

/** The stock version (STOCK_VERSION_KEY), asked at most once a second like the data version. */
export function stockVersionReader(db: DB, options: { intervalMs?: number; now?: () => number } = {}): () => Promise<string> {
  return metaVersionReader(db, [STOCK_VERSION_KEY], options);
}
