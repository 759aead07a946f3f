import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * Dealer stock (issue 29, decision 055):
 * - dealer_stock: one dealer's latest snapshot, a row per article. `partno` is our part number,
 *   resolved when the row was written (from the GTIN or the part number the dealer sent); `gtin` is
 *   the GTIN as the dealer sent it (null when the row named a part number). No foreign key to
 *   articles: a catalogue import that replaces an article must not wipe every dealer's stock of it,
 *   and the readers join the catalogue anyway. `as_of`: ISO 8601 UTC with milliseconds
 *   (`2026-11-27T10:00:00.000Z`), so text order is time order on both stores.
 * - dealer_stock_fresh: what "dealers with article X in stock, not older than N hours" reads. Partial
 *   (quantity > 0: rows of sold-out articles are never read by it) and covering (partno, as_of,
 *   dealer_id, quantity), so the answer is one range scan of the index without touching the table.
 * - dealer_stock_snapshots: per dealer, when its snapshot was received, from where, how many rows.
 * - dealer_tokens: the push API's bearer tokens, stored as the hex SHA-256 of the token only.
 *   Several may be active at once (a new one before the old is revoked); `revoked_at` ends one.
 * Deleting a dealer deletes its stock and tokens. On PostgreSQL the foreign keys are deferrable,
 * like every other one since migration 0005.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const deferrable = isPostgres(db) ? sql.raw(" deferrable initially immediate") : sql.raw("");
  await sql`
    create table dealer_stock (
      dealer_id integer not null references dealers (id) on delete cascade${deferrable},
      partno text not null,
      gtin text,
      quantity integer not null,
      as_of text not null,
      primary key (dealer_id, partno)
    )`.execute(db);
  await sql`create index dealer_stock_fresh on dealer_stock (partno, as_of, dealer_id, quantity) where quantity > 0`.execute(db);
  await sql`
    create table dealer_stock_snapshots (
      dealer_id integer primary key references dealers (id) on delete cascade${deferrable},
      received_at text not null,
      source text not null,
      row_count integer not null
    )`.execute(db);
  await sql`
    create table dealer_tokens (
      token_hash text primary key,
      dealer_id integer not null references dealers (id) on delete cascade${deferrable},
      created_at text not null,
      revoked_at text
    )`.execute(db);
  await sql`create index dealer_tokens_dealer on dealer_tokens (dealer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dealer_tokens`.execute(db);
  await sql`drop table dealer_stock_snapshots`.execute(db);
  await sql`drop table dealer_stock`.execute(db);
}
