import { sql, type Kysely } from "kysely";

/*
 * Several instances share one outbox (issue 16): an instance claims a message before it sends it,
 * for a limited time (a lease). Another instance skips a claimed message until the lease runs out,
 * so a message is never sent by two at once, and one that a dead instance had claimed is sent by
 * another after its lease. Times are ISO-8601 text like the table's other times.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages add column claimed_by text`.execute(db);
  await sql`alter table contact_messages add column claimed_until text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages drop column claimed_until`.execute(db);
  await sql`alter table contact_messages drop column claimed_by`.execute(db);
}
