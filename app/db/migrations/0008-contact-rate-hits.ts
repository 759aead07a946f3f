import { type Kysely, sql } from "kysely";

/*
 * The contact form's rate limit shared by several instances (issue 16, PostgreSQL): one row per
 * message sent, under a keyed hash of the sender's address (never the address), deleted once it
 * is older than the window. A single instance on SQLite counts in memory and leaves it empty.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contact_rate_hits (key text not null, at text not null)`.execute(db);
  await sql`create index contact_rate_hits_key_at on contact_rate_hits (key, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists contact_rate_hits`.execute(db);
}
