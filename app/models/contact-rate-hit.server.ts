import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";

/**
 * The shared contact rate limit's table (migration 0008). Times are ISO-8601 text, compared as
 * text like the outbox's. Counting and adding happen in one transaction that holds a lock on the
 * sender's keys (PostgreSQL advisory locks; SQLite has one writer), so two instances cannot both let through
 * the message over the limit.
 */

/**
 * Times of one sender's hits after `since`, oldest first; adds one at `at` under `keys[0]` when
 * fewer than `limit`. `keys`: the sender's hash under each key still in use (the current window's
 * first), so hits made under the previous key keep counting after a rotation.
 */
export async function takeContactRateHit(
  db: DB,
  keys: readonly [string, ...string[]],
  since: Date,
  at: Date,
  limit: number,
): Promise<{ taken: boolean; hits: string[] }> {
  const [key] = keys;
  return db.transaction().execute(async (trx) => {
    // Every key of the sender, in one order: an instance still in the previous window (its clock a
    // little behind) shares a key with this one, so the two wait for each other across a rotation.
    if (isPostgres(trx)) {
      for (const each of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`contact-rate:${each}`}))`.execute(trx);
    }
    await trx.deleteFrom("contact_rate_hits").where("key", "in", keys).where("at", "<=", since.toISOString()).execute();
    const rows = await trx.selectFrom("contact_rate_hits").select("at").where("key", "in", keys).orderBy("at").execute();
    const hits = rows.map((row) => row.at);
    if (hits.length >= limit) return { taken: false, hits };
    await trx.insertInto("contact_rate_hits").values({ key, at: at.toISOString() }).execute();
    return { taken: true, hits: [...hits, at.toISOString()] };
  });
}

/** Times of one sender's hits after `since` under any of its `keys`, oldest first. */
export async function contactRateHits(db: DB, keys: readonly string[], since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("contact_rate_hits")
    .select("at")
    .where("key", "in", keys)
    .where("at", ">", since.toISOString())
    .orderBy("at")
    .execute();
  return rows.map((row) => row.at);
}

/** Deletes every hit at or before `before`, whatever its key: no hash outlives its window for long. */
export async function purgeContactRateHits(db: DB, before: Date): Promise<number> {
  const result = await db.deleteFrom("contact_rate_hits").where("at", "<=", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many hits are stored, for any key. */
export async function countContactRateHits(db: DB): Promise<number> {
  const row = await db.selectFrom("contact_rate_hits").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
  return Number(row?.count ?? 0);
}
