import type { DB } from "~/db/database.server";

/** One counter of the dealer locator's statistics: `day` is an ISO date in Europe/Berlin. */
export interface DealerStatCount {
  day: string;
  event: string;
  subject: string;
  count: number;
}

/** 4 columns: 200 rows stay under SQLite's old 999-variable limit. */
const ROWS_PER_INSERT = 200;

/**
 * Adds the counts to what is stored, in one transaction: a row that exists grows by the new count
 * (`count + excluded.count`), so several server processes, or a flush that follows another, add up
 * instead of overwriting. Plain `ON CONFLICT … DO UPDATE`, which PostgreSQL understands too.
 */
export async function addDealerStats(db: DB, counts: readonly DealerStatCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < counts.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto("dealer_stats")
        .values(counts.slice(i, i + ROWS_PER_INSERT).map(({ day, event, subject, count }) => ({ day, event, subject, count })))
        .onConflict((oc) =>
          oc.columns(["day", "event", "subject"]).doUpdateSet((eb) => ({
            count: eb("dealer_stats.count", "+", eb.ref("excluded.count")),
          })),
        )
        .execute();
    }
  });
}

/** Every stored counter from `since` (an ISO date, inclusive) on, oldest day first. */
export async function listDealerStats(db: DB, { since }: { since?: string } = {}): Promise<DealerStatCount[]> {
  let query = db.selectFrom("dealer_stats").select(["day", "event", "subject", "count"]);
  if (since) query = query.where("day", ">=", since);
  const rows = await query.orderBy("day").orderBy("event").orderBy("subject").execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
