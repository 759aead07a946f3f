import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import type { ContactMessageRow, ContactMessageStatus } from "~/db/schema";

/**
 * The contact outbox. Times are ISO-8601 UTC strings of one fixed length, so comparing them as text
 * orders them in time, in SQLite and PostgreSQL alike.
 */

export interface NewContactMessage {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  telephone: string;
  subject: string;
  message: string;
}

export async function insertContactMessage(db: DB, m: NewContactMessage): Promise<void> {
  const at = m.createdAt.toISOString();
  await db
    .insertInto("contact_messages")
    .values({
      id: m.id,
      created_at: at,
      name: m.name,
      email: m.email,
      telephone: m.telephone,
      subject: m.subject,
      message: m.message,
      status: "pending",
      attempts: 0,
      last_error: null,
      next_attempt_at: at,
      sent_at: null,
    })
    .execute();
}

export async function getContactMessage(db: DB, id: string): Promise<ContactMessageRow | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Takes the oldest due message that no other instance holds, for `owner` until `leaseUntil`, or
 * nothing. One UPDATE, so two instances never take the same message: SQLite has one writer at a
 * time, and on PostgreSQL the candidate row is locked (`FOR UPDATE SKIP LOCKED`), and the conditions
 * are checked again on the row as updated.
 */
export async function claimDueContactMessage(db: DB, owner: string, now: Date, leaseUntil: Date): Promise<ContactMessageRow | undefined> {
  const at = now.toISOString();
  const due = db
    .selectFrom("contact_messages")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .limit(1);
  return db
    .updateTable("contact_messages")
    .set((eb) => ({ claimed_by: owner, claimed_until: leaseUntil.toISOString(), claims: eb("claims", "+", 1) }))
    .where("id", "=", isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .returningAll()
    .executeTakeFirst();
}

/** Gives back what `owner` holds and has not finished (at shutdown): others need not wait for the lease. */
export async function releaseContactClaims(db: DB, owner: string): Promise<number> {
  const result = await db
    .updateTable("contact_messages")
    .set((eb) => ({ claimed_by: null, claimed_until: null, claims: eb("claims", "-", 1) }))
    .where("claimed_by", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Who holds a claim on a pending message now, whatever its lease. */
export async function contactClaimHolders(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .select("claimed_by")
    .distinct()
    .where("status", "=", "pending")
    .where("claimed_by", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.claimed_by ? [row.claimed_by] : []));
}

/**
 * Ends the claims of holders known to be dead, before their lease runs out. Unlike a claim given
 * back, the count of claims stays: the dead holder may have sent the message, and the next claim
 * then reports it as taken over.
 */
export async function dropDeadContactClaims(db: DB, holders: readonly string[]): Promise<number> {
  if (holders.length === 0) return 0;
  const result = await db
    .updateTable("contact_messages")
    .set({ claimed_by: null, claimed_until: null })
    .where("status", "=", "pending")
    .where("claimed_by", "in", holders)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next pending message falls due, if any; one that another instance holds, when its claim ends. */
export async function nextContactAttemptAt(db: DB): Promise<Date | undefined> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) =>
      eb
        .case()
        .when(eb.and([eb("claimed_until", "is not", null), eb("claimed_until", ">", eb.ref("next_attempt_at"))]))
        .then(eb.ref("claimed_until"))
        .else(eb.ref("next_attempt_at"))
        .end()
        .as("at"),
    )
    .where("status", "=", "pending")
    .where("next_attempt_at", "is not", null)
    .orderBy("at")
    .limit(1)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : undefined;
}

export async function markContactMessageSent(db: DB, id: string, attempts: number, at: Date): Promise<void> {
  await db
    .updateTable("contact_messages")
    .set({ status: "sent", attempts, sent_at: at.toISOString(), next_attempt_at: null, last_error: null, claimed_by: null, claimed_until: null })
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt: another try at `nextAttemptAt`, or none (failed) when it is null. */
export async function markContactAttemptFailed(
  db: DB,
  id: string,
  attempts: number,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .updateTable("contact_messages")
    .set({
      status: nextAttemptAt ? "pending" : "failed",
      attempts,
      last_error: error,
      next_attempt_at: nextAttemptAt?.toISOString() ?? null,
      claimed_by: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .execute();
}

/** Puts a message back in the queue for an immediate attempt with a fresh attempt budget. */
export async function requeueContactMessage(db: DB, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), claimed_by: null, claimed_until: null })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes delivered messages sent before `before`; pending and failed ones are never deleted here. */
export async function purgeSentContactMessages(db: DB, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("contact_messages")
    .where("status", "=", "sent")
    .where("sent_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listContactMessages(
  db: DB,
  options: { status?: ContactMessageStatus; limit: number },
): Promise<ContactMessageRow[]> {
  let query = db.selectFrom("contact_messages").selectAll().orderBy("created_at", "desc").limit(options.limit);
  if (options.status) query = query.where("status", "=", options.status);
  return query.execute();
}

export async function countContactMessages(db: DB): Promise<Record<ContactMessageStatus, number>> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<ContactMessageStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
