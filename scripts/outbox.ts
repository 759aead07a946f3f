/**
 * `npm run outbox -- list [pending|sent|failed] [--limit N]` shows the contact outbox;
 * `npm run outbox -- retry <id>` puts a message back in the queue (fresh attempt budget).
 * Works on DATA_DIR's database, also while the server runs; the server's worker picks a re-queued
 * message up at its next look at the queue (at most a minute later).
 */
import type { DB } from "~/db/database.server";
import type { ContactMessageStatus } from "~/db/schema";
import {
  countContactMessages,
  getContactMessage,
  listContactMessages,
  requeueContactMessage,
} from "~/models/contact-message.server";
import { withDatabase } from "./with-database";

const USAGE = `Usage:
  npm run outbox -- list [pending|sent|failed] [--limit N]   show messages, newest first (default 50)
  npm run outbox -- retry <id>                              re-queue a message for immediate delivery`;

const STATUSES: readonly ContactMessageStatus[] = ["pending", "sent", "failed"];
const isStatus = (value: string | undefined): value is ContactMessageStatus => STATUSES.includes(value as ContactMessageStatus);

function cell(value: string, width: number): string {
  const flat = value.replace(/\s+/g, " ");
  return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width);
}

async function list(db: DB, args: string[]): Promise<number> {
  const status = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
  if (status !== undefined && !isStatus(status)) {
    console.error(`Unknown status '${status}': use pending, sent or failed.\n\n${USAGE}`);
    return 2;
  }
  const limitIndex = args.indexOf("--limit");
  const limit = limitIndex >= 0 ? Number(args[limitIndex + 1]) : 50;
  if (!Number.isInteger(limit) || limit < 1) {
    console.error(`--limit needs a whole number.\n\n${USAGE}`);
    return 2;
  }
  const counts = await countContactMessages(db);
  console.log(`Outbox: ${counts.pending} pending, ${counts.sent} sent, ${counts.failed} failed\n`);
  const rows = await listContactMessages(db, { status, limit });
  if (rows.length === 0) {
    console.log("No messages.");
    return 0;
  }
  const header = `${cell("id", 36)}  ${cell("received (UTC)", 19)}  ${cell("status", 7)}  ${cell("tries", 5)}  ${cell("next / sent (UTC)", 19)}  ${cell("from", 28)}  last error`;
  console.log(header);
  console.log("-".repeat(header.length + 10));
  for (const row of rows) {
    const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "");
    console.log(
      [
        cell(row.id, 36),
        cell(when(row.created_at), 19),
        cell(row.status, 7),
        cell(String(row.attempts), 5),
        cell(when(row.status === "sent" ? row.sent_at : row.next_attempt_at), 19),
        cell(`${row.name} <${row.email}>`, 28),
        row.last_error ? cell(row.last_error, 60).trimEnd() : "",
      ].join("  "),
    );
  }
  return 0;
}

async function retry(db: DB, id: string | undefined): Promise<number> {
  if (!id) {
    console.error(`retry needs a message id (see \`npm run outbox -- list\`).\n\n${USAGE}`);
    return 2;
  }
  const row = await getContactMessage(db, id);
  if (!row) {
    console.error(`No contact message with id ${id}.`);
    return 1;
  }
  if (row.status === "sent") console.log(`Note: ${id} was already delivered at ${row.sent_at}; it will be sent again.`);
  await requeueContactMessage(db, id, new Date());
  console.log(`Re-queued ${id}: the running server delivers it within a minute (or at its next start).`);
  return 0;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "list" && command !== "retry") {
    console.error(USAGE);
    return command === undefined || command === "--help" || command === "help" ? 0 : 2;
  }
  return withDatabase((db) => (command === "list" ? list(db, args) : retry(db, args[0])));
}

process.exitCode = await main();
