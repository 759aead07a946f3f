import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { pino } from "pino";
import type { MailConfig } from "~/contact/contact-mail.server";
import { OutboxWorker, type OutboxWorkerOptions } from "~/contact/outbox-worker.server";
import type { DB } from "~/db/database.server";
import type { ContactMessageRow } from "~/db/schema";
import { getContactMessage } from "~/models/contact-message.server";
import { shippedBrand } from "./shipped-brand";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";
import { type TestServer, startTestServer } from "./test-server";

/*
 * The contact pipeline's test set-up, shared by tests/integration/contact-*.test.ts: the production
 * build answering the mailer endpoint and the form, outbox workers on a clock the tests move, SMTP
 * sinks on 127.0.0.1. Whatever a test starts is stopped after it, and the outbox is emptied.
 */

export const MAIL_FROM = "website@example.de";
export const MAIL_TO = "inbox@example.de";

/** The server of the test file; set by the hooks setUpContactServer() registers. */
export let server: TestServer;
/** Added to the workers' clock: a test moves retries due instead of waiting for them. */
let skippedMs = 0;
const workers: OutboxWorker[] = [];
const stops: (() => void)[] = [];
const sinks: SmtpSink[] = [];
const extraDbs: DB[] = [];

/** Registers the file's hooks: one server for all its tests, and a clean outbox after each. */
export function setUpContactServer(): void {
  beforeAll(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: "1000" });
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(sinks.splice(0).map((s) => s.close()));
    await Promise.all(extraDbs.splice(0).map((db) => db.destroy()));
    skippedMs = 0;
    // Every test starts with an empty outbox, so a leftover cannot be delivered into another test.
    await server.db.deleteFrom("contact_messages").execute();
  });
  afterAll(async () => {
    await server?.close();
  });
}

/** Moves the workers' clock on. */
export function skipTime(ms: number): void {
  skippedMs += ms;
}

/** A second handle on the store, closed after the test. */
export function closeAfterTest(db: DB): DB {
  extraDbs.push(db);
  return db;
}

export function mailConfig(smtpUrl: string): MailConfig {
  return { smtpUrl, from: MAIL_FROM, to: MAIL_TO };
}

/** The brand of the shipped content, as the test server shows it: read once. */
const brand = shippedBrand();

export function startWorker(options: Partial<OutboxWorkerOptions> & { mail: MailConfig | null }, db: DB = server.db): OutboxWorker {
  const worker = new OutboxWorker({
    db,
    brand: () => brand,
    logger: pino({ level: "silent" }),
    retentionDays: 180,
    smtpTimeoutMs: 2000,
    now: () => new Date(Date.now() + skippedMs),
    ...options,
  });
  worker.start();
  const unsubscribe = server.onMessageStored(() => worker.wake());
  workers.push(worker);
  stops.push(unsubscribe);
  return worker;
}

export async function sink(port = 0): Promise<SmtpSink> {
  const s = await startSmtpSink(port);
  sinks.push(s);
  return s;
}

export const valid = {
  name: "Anna Beispiel",
  email: "anna@example.com",
  telephone: "+49 561 123456",
  nachricht: "Hallo,\nich suche eine Klingel.",
  subject: "Kontaktformular",
};

export function post(body: unknown, init: { contentType?: string; path?: string; raw?: BodyInit } = {}) {
  return fetch(`${server.url}${init.path ?? "/api/mailer/viva"}`, {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/json" },
    body: init.raw ?? JSON.stringify(body),
  });
}

export async function row(id: string, db: DB = server.db): Promise<ContactMessageRow> {
  const found = await getContactMessage(db, id);
  if (!found) throw new Error(`message ${id} is not stored`);
  return found;
}

export async function accepted(body: unknown): Promise<string> {
  const response = await post(body);
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}
