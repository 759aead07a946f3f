import type { DB } from "~/db/database.server";
import type { DealerStockSnapshotTable } from "~/db/schema";

export type StockSnapshotRow = DealerStockSnapshotTable;

/** Writes (or replaces) the dealers' snapshot records; `db` is the transaction that wrote the stock. */
export async function recordStockSnapshots(db: DB, rows: readonly StockSnapshotRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto("dealer_stock_snapshots")
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column("dealer_id").doUpdateSet((eb) => ({
          received_at: eb.ref("excluded.received_at"),
          source: eb.ref("excluded.source"),
          row_count: eb.ref("excluded.row_count"),
        })),
      )
      .execute();
  }
}

export function findStockSnapshot(db: DB, dealerId: number): Promise<StockSnapshotRow | undefined> {
  return db.selectFrom("dealer_stock_snapshots").selectAll().where("dealer_id", "=", dealerId).executeTakeFirst();
}

/** Which of these dealers have a snapshot already (an import's added/changed counts). */
export async function dealersWithSnapshot(db: DB, dealerIds: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < dealerIds.length; i += 500) {
    const rows = await db.selectFrom("dealer_stock_snapshots").select("dealer_id").where("dealer_id", "in", dealerIds.slice(i, i + 500)).execute();
    for (const row of rows) found.add(row.dealer_id);
  }
  return found;
}
