import { sql, type Kysely } from "kysely";

/*
 * Several instances share one outbox (issue 16): an instance claims a message before it sends it,
 * for a limited time (a lease). Another instance skips a claimed message until the lease runs out,
 * so a message is never sent by two at once, and one that a dead instance had claimed is sent by
 * another after its lease. Times are ISO-8601 text like the table's other times.
 *
 * `claims` counts the claims a message has had. Every claim ends in an attempt (counted in
 * `attempts`) or is given back, except when its instance died: a message with more claims than
 * attempts + 1 was taken over, and the dead instance may have sent it already.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages add column claimed_by text`.execute(db);
  await sql`alter table contact_messages add column claimed_until text`.execute(db);
  await sql`alter table contact_messages add column claims integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages drop column claims`.execute(db);
  await sql`alter table contact_messages drop column claimed_until`.execute(db);
  await sql`alter table contact_messages drop column claimed_by`.execute(db);
}
