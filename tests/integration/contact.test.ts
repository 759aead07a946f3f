import os from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import type { MailConfig } from "~/contact/contact-mail.server";
import { OutboxWorker, type OutboxWorkerOptions } from "~/contact/outbox-worker.server";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import type { ContactMessageRow } from "~/db/schema";
import { claimDueContactMessage, getContactMessage, insertContactMessage, releaseContactClaims } from "~/models/contact-message.server";
import { CONTACT_MAX_BODY_BYTES } from "~/contact/accept-message.server";
import { longGermanMessage } from "../support/long-message";
import { type SmtpSink, freePort, startSmtpSink } from "../support/smtp-sink";
import { type TestServer, startTestServer } from "../support/test-server";
import { reopenTestDatabase, testStore } from "../support/test-store";

/**
 * The contact pipeline end to end: the production build answers the mailer endpoint and the form,
 * the outbox worker delivers to a real SMTP server (smtp-server) on 127.0.0.1.
 */

const silent = pino({ level: "silent" });
const MAIL_FROM = "website@example.de";
const MAIL_TO = "inbox@example.de";

let server: TestServer;
/** Added to the workers' clock: a test moves retries due instead of waiting for them. */
let skippedMs = 0;
const workers: OutboxWorker[] = [];
const stops: (() => void)[] = [];
const sinks: SmtpSink[] = [];
const extraDbs: DB[] = [];

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

function mailConfig(smtpUrl: string): MailConfig {
  return { smtpUrl, from: MAIL_FROM, to: MAIL_TO };
}

function startWorker(options: Partial<OutboxWorkerOptions> & { mail: MailConfig | null }, db: DB = server.db): OutboxWorker {
  const worker = new OutboxWorker({
    db,
    logger: silent,
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

async function sink(port = 0): Promise<SmtpSink> {
  const s = await startSmtpSink(port);
  sinks.push(s);
  return s;
}

const valid = {
  name: "Anna Beispiel",
  email: "anna@example.com",
  telephone: "+49 561 123456",
  nachricht: "Hallo,\nich suche eine Klingel.",
  subject: "Kontaktformular",
};

function post(body: unknown, init: { contentType?: string; path?: string; raw?: BodyInit } = {}) {
  return fetch(`${server.url}${init.path ?? "/api/mailer/viva"}`, {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/json" },
    body: init.raw ?? JSON.stringify(body),
  });
}

async function row(id: string, db: DB = server.db): Promise<ContactMessageRow> {
  const found = await getContactMessage(db, id);
  if (!found) throw new Error(`message ${id} is not stored`);
  return found;
}

async function accepted(body: unknown): Promise<string> {
  const response = await post(body);
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

describe("POST /api/mailer/{slug}: delivery by SMTP", () => {
  it("stores the message before answering and delivers it with the right headers and an escaped body", async () => {
    const smtp = await sink();
    const worker = startWorker({ mail: mailConfig(smtp.url) });
    const id = await accepted({ ...valid, name: "Anna <b>Beispiel</b>", nachricht: "Test <script>alert(1)</script> & mehr" });
    // In the database the moment the answer arrives (the worker may already be sending it).
    expect((await row(id)).email).toBe("anna@example.com");

    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([MAIL_TO]);
    expect(mail!.envelopeFrom).toBe(MAIL_FROM);
    expect(mail!.headers.get("from")?.[0]).toContain(`<${MAIL_FROM}>`);
    expect(mail!.headers.get("to")?.[0]).toContain(MAIL_TO);
    expect(mail!.headers.get("reply-to")?.[0]).toContain("<anna@example.com>");
    const subject = mail!.headers.get("subject")?.[0] ?? "";
    expect(subject).toContain("Kontaktformular");
    expect(subject).toContain("Anna <b>Beispiel</b>");
    expect(mail!.headers.get("message-id")?.[0]).toContain(id);
    expect(mail!.html).toContain("Test &lt;script&gt;alert(1)&lt;/script&gt; &amp; mehr");
    expect(mail!.html).toContain("Anna &lt;b&gt;Beispiel&lt;/b&gt;");
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.text).toContain("Test <script>alert(1)</script> & mehr");
    expect(mail!.text).toContain("+49 561 123456");

    await worker.idle();
    const sent = await row(id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(1);
    expect(sent.sent_at).not.toBeNull();
  });

  it("wakes the worker at once when a message is stored (no polling delay)", async () => {
    const smtp = await sink();
    const worker = startWorker({ mail: mailConfig(smtp.url), pollIntervalMs: 10 * 60_000 });
    // Its first look at the (empty) queue is over: the next poll is ten minutes away.
    await worker.idle();
    await accepted(valid);
    // Only the pass the stored message started can have sent it by now.
    await worker.idle();
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps messages pending while SMTP is down, survives a restart and delivers each once when it is back", async () => {
    const port = await freePort();
    const options = { mail: mailConfig(`smtp://127.0.0.1:${port}`), retryBaseMs: 60_000, retryFactor: 1, maxAttempts: 100 };
    const first = startWorker(options);
    const ids = [await accepted({ ...valid, name: "Eins" }), await accepted({ ...valid, name: "Zwei" }), await accepted({ ...valid, name: "Drei" })];
    await first.idle();
    for (const id of ids) {
      const r = await row(id);
      expect(r.status).toBe("pending");
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(r.next_attempt_at).not.toBeNull();
    }

    // "Restart": stop the worker, start a new one over its own handle on the same database file.
    await first.stop();
    const reopened = await reopenTestDatabase(server.dataDir, server.databaseUrl);
    extraDbs.push(reopened);
    const second = startWorker(options, reopened);
    await second.idle();

    const smtp = await sink(port);
    skippedMs += options.retryBaseMs;
    second.wake();
    // Once the worker is idle no delivery is in flight: a duplicate would already be counted.
    await second.idle();
    expect(smtp.messages).toHaveLength(3);
    const deliveredIds = smtp.messages.map((m) => /contact-([0-9a-f-]{36})@/.exec(m.headers.get("message-id")?.[0] ?? "")?.[1]);
    expect(deliveredIds.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("cannot add mail headers through CR/LF in name, e-mail or subject", async () => {
    const injectedEmail = await post({ ...valid, email: "eve@example.com\r\nBcc: victim@example.com" });
    expect(injectedEmail.status).toBe(400);

    const smtp = await sink();
    startWorker({ mail: mailConfig(smtp.url) });
    await accepted({
      ...valid,
      name: "Eve\r\nBcc: victim@example.com\r\nX-Injected: name",
      subject: "Hallo\r\nX-Injected: subject\nCc: other@example.com",
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([MAIL_TO]);
    for (const header of ["bcc", "cc", "x-injected"]) expect(mail!.headers.has(header)).toBe(false);
    expect(mail!.raw).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
    expect(mail!.headers.get("subject")).toHaveLength(1);
    expect(mail!.headers.get("reply-to")).toHaveLength(1);
  });

  it("marks a message failed after the last attempt and keeps it", async () => {
    const port = await freePort();
    const worker = startWorker({ mail: mailConfig(`smtp://127.0.0.1:${port}`), retryBaseMs: 60_000, retryFactor: 1, maxAttempts: 3 });
    const id = await accepted(valid);
    await worker.idle();
    for (const attempts of [1, 2]) {
      expect(await row(id)).toMatchObject({ status: "pending", attempts });
      skippedMs += 60_000;
      worker.wake();
      await worker.idle();
    }
    const failed = await row(id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(3);
    expect(failed.next_attempt_at).toBeNull();
    expect(failed.last_error).toBeTruthy();
  });

  it("without SMTP_URL stores the message and leaves it pending", async () => {
    const worker = startWorker({ mail: null });
    const id = await accepted(valid);
    // The pass the stored message started has ended.
    await worker.idle();
    const r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(0);
  });

  it("purges delivered messages after the retention period, never pending or failed ones", async () => {
    const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
    const make = async (id: string, status: "sent" | "failed" | "pending") => {
      await insertContactMessage(server.db, { id, createdAt: old, ...valid, message: valid.nachricht });
      await server.db
        .updateTable("contact_messages")
        .set({ status, sent_at: status === "sent" ? old.toISOString() : null })
        .where("id", "=", id)
        .execute();
    };
    await make("retention-sent", "sent");
    await make("retention-failed", "failed");
    await make("retention-pending", "pending");
    await startWorker({ mail: null, retentionDays: 180 }).idle();
    expect(await getContactMessage(server.db, "retention-sent")).toBeUndefined();
    expect(await getContactMessage(server.db, "retention-failed")).toBeDefined();
    expect(await getContactMessage(server.db, "retention-pending")).toBeDefined();
    await server.db.deleteFrom("contact_messages").where("id", "like", "retention-%").execute();
  });
});

describe("several instances over one outbox", () => {
  const store = async (id: string, createdAt = new Date()) =>
    insertContactMessage(server.db, { id, createdAt, ...valid, name: `Name ${id}`, message: valid.nachricht });
  const deliveredIds = (smtp: SmtpSink) =>
    smtp.messages.map((m) => /contact-(.+)@/.exec(m.headers.get("message-id")?.[0] ?? "")?.[1] ?? "?");

  it("two instances, each with its own connection, deliver every message once", async () => {
    const smtp = await sink();
    const ids = Array.from({ length: 30 }, (_, i) => `instances-${String(i).padStart(2, "0")}`);
    for (const id of ids) await store(id);
    const other = await reopenTestDatabase(server.dataDir, server.databaseUrl);
    extraDbs.push(other);
    const first = startWorker({ mail: mailConfig(smtp.url) });
    const second = startWorker({ mail: mailConfig(smtp.url) }, other);
    await Promise.all([first.idle(), second.idle()]);
    // Both are idle: nothing is in flight, so a message sent twice would already be counted.
    expect(deliveredIds(smtp).sort()).toEqual(ids);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, claims: 1, claimed_by: null, claimed_until: null });
  });

  it("a message held by an instance that died is sent by another once the lease has run out", async () => {
    const smtp = await sink();
    await store("held-by-the-dead");
    const leaseMs = 120_000;
    const now = new Date();
    const claimed = await claimDueContactMessage(server.db, "dead-instance", now, new Date(now.getTime() + leaseMs));
    expect(claimed?.id).toBe("held-by-the-dead");
    // A second claim within the lease finds nothing: the message is held.
    expect(await claimDueContactMessage(server.db, "someone-else", now, new Date(now.getTime() + leaseMs))).toBeUndefined();

    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(line) });
    const worker = startWorker({ mail: mailConfig(smtp.url), leaseMs, logger });
    await worker.idle();
    expect(smtp.messages).toHaveLength(0);
    expect(await row("held-by-the-dead")).toMatchObject({ status: "pending", claimed_by: "dead-instance" });

    skippedMs += leaseMs;
    worker.wake();
    await worker.idle();
    expect(deliveredIds(smtp)).toEqual(["held-by-the-dead"]);
    expect(await row("held-by-the-dead")).toMatchObject({ status: "sent", attempts: 1, claims: 2, claimed_by: null });
    // The dead instance may have sent it: the log says so, with the message's id.
    expect(warnings.map((line) => JSON.parse(line) as { id?: string; msg: string })).toEqual([
      expect.objectContaining({ id: "held-by-the-dead", msg: expect.stringMatching(/taken over from an instance that died/) }),
    ]);
  });

  it("on SQLite, a message held by a process on this machine that died is sent at start, not after the lease", async ({ skip }) => {
    // Over PostgreSQL the holder may run on another machine: only the lease frees its claim there.
    if (isPostgres(server.db)) skip();
    const smtp = await sink();
    await store("held-by-a-killed-process");
    await store("held-by-a-live-process");
    await store("held-on-another-host");
    const now = new Date();
    const until = new Date(now.getTime() + 300_000);
    // No process has a pid this high (Linux allows at most 2^22).
    const killed = `${os.hostname()}:999999999:0123abcd`;
    const live = `${os.hostname()}:${process.ppid}:0123abcd`;
    const elsewhere = `another-host-${os.hostname()}:999999999:0123abcd`;
    for (const holder of [killed, live, elsewhere]) await claimDueContactMessage(server.db, holder, now, until);

    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(line) });
    const worker = startWorker({ mail: mailConfig(smtp.url), logger });
    await worker.idle();
    expect(deliveredIds(smtp)).toEqual(["held-by-a-killed-process"]);
    expect(await row("held-by-a-killed-process")).toMatchObject({ status: "sent", attempts: 1, claims: 2, claimed_by: null });
    expect(await row("held-by-a-live-process")).toMatchObject({ status: "pending", claimed_by: live });
    expect(await row("held-on-another-host")).toMatchObject({ status: "pending", claimed_by: elsewhere });
    // It may have been sent before the kill: the log says it goes out again.
    expect(warnings.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      expect.stringMatching(/claimed by a process that died/),
      expect.stringMatching(/taken over from an instance that died/),
    ]);
  });

  it("an instance that stops gives back what it holds, for the others to send at once", async () => {
    await store("given-back");
    const worker = startWorker({ mail: null, instanceId: "leaving" });
    const now = new Date();
    await claimDueContactMessage(server.db, "leaving", now, new Date(now.getTime() + 60_000));
    expect((await row("given-back")).claimed_by).toBe("leaving");
    await worker.stop();
    // Given back, not taken over: the next claim is its first again.
    expect(await row("given-back")).toMatchObject({ status: "pending", claimed_by: null, claimed_until: null, claims: 0 });
    expect(await releaseContactClaims(server.db, "leaving")).toBe(0);
  });
});

describe("POST /api/mailer/{slug}: what it refuses", () => {
  const count = async () => Number((await server.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  async function expectError(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, { code: string }> } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(5);
    return body.error;
  }

  it("answers 400 with field errors, 'all fields' before the e-mail check", async () => {
    const missing = await expectError(await post({ ...valid, name: " ", email: "nope" }), 400, "bad_request");
    expect(missing.message).toBe("Enter all the fields");
    expect(missing.fields).toEqual({ name: { code: "required", message: "Enter all the fields" } });

    const email = await expectError(await post({ ...valid, email: "nope@" }), 400, "bad_request");
    expect(email.message).toBe("Enter valid email id");
    expect(email.fields?.email?.code).toBe("email");

    const words = await expectError(await post({ ...valid, nachricht: "wort ".repeat(5001) }), 400, "bad_request");
    expect(words.fields?.nachricht?.code).toBe("tooManyWords");
    expect((await post({ ...valid, nachricht: "wort ".repeat(5000) })).status).toBe(202);

    const phone = await expectError(await post({ ...valid, telephone: "0561-abc" }), 400, "bad_request");
    expect(phone.fields?.telephone?.code).toBe("phone");

    const long = await expectError(await post({ ...valid, name: "x".repeat(201) }), 400, "bad_request");
    expect(long.fields?.name?.code).toBe("tooLong");

    const empty = await expectError(await post({}), 400, "bad_request");
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(["email", "nachricht", "name", "telephone"]);

    await expectError(await post(null, { raw: "{not json" }), 400, "bad_request");
    await expectError(await post(["a"]), 400, "bad_request");
  });

  it("accepts 5000 long German words, as JSON and as a form posted without JavaScript", async () => {
    const nachricht = longGermanMessage(5000);
    const id = await accepted({ ...valid, nachricht });
    expect((await row(id)).message).toBe(nachricht);
    const form = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, nachricht, name: "Lange Nachricht", website: "" }).toString(),
    });
    expect(form.status).toBe(200);
    const stored = await server.db.selectFrom("contact_messages").select("message").where("name", "=", "Lange Nachricht").execute();
    expect(stored.map((r) => r.message)).toEqual([nachricht]);
    // The browser would cut a longer paste silently at a maxlength; the page names the limit instead.
    const page = await (await fetch(`${server.url}/contact`)).text();
    expect(page).toMatch(/<textarea(?![^>]*maxlength)[^>]*name="nachricht"/i);
  });

  it("answers 413 for a body over the limit, with or without Content-Length", async () => {
    const big = JSON.stringify({ ...valid, nachricht: "a".repeat(CONTACT_MAX_BODY_BYTES) });
    await expectError(await post(null, { raw: big }), 413, "payload_too_large");

    // Chunked: no Content-Length to trust, the stream is cut at the cap.
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i <= CONTACT_MAX_BODY_BYTES / 1024; i++) controller.enqueue(encoder.encode("a".repeat(1024)));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/api/mailer/viva`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(chunked, 413, "payload_too_large");
  });

  it("answers 415 for anything but JSON, 404 for an unknown brand and 405 for other methods", async () => {
    await expectError(await post(null, { contentType: "text/plain", raw: JSON.stringify(valid) }), 415, "unsupported_media_type");
    await expectError(
      await post(null, { contentType: "application/x-www-form-urlencoded", raw: new URLSearchParams(valid).toString() }),
      415,
      "unsupported_media_type",
    );
    await expectError(await post(valid, { path: "/api/mailer/other-brand" }), 404, "not_found");
    const get = await fetch(`${server.url}/api/mailer/viva`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const put = await fetch(`${server.url}/api/mailer/viva`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" });
    // PUT reaches no route: the request guard answers it for the whole server.
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("POST");
  });

  it("answers a filled honeypot with 202 but stores nothing", async () => {
    const before = await count();
    const response = await post({ ...valid, website: "https://spam.example" });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getContactMessage(server.db, id)).toBeUndefined();
    expect(await count()).toBe(before);
  });
});

describe("rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ CONTACT_RATE_LIMIT: "2" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 with Retry-After once an address sent CONTACT_RATE_LIMIT messages in 10 minutes, for the API and the form", async () => {
    const send = () =>
      fetch(`${limited.url}/api/mailer/viva`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(valid) });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const refused = await send();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");

    // The no-JavaScript form shares the limit and keeps the visitor's text.
    const form = await fetch(`${limited.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, website: "" }).toString(),
    });
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toBeTruthy();
    expect(await form.text()).toContain('value="Anna Beispiel"');
    expect(Number((await limited.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(2);
  });
});

describe("the contact page without JavaScript", () => {
  const postForm = (fields: Record<string, string>, query = "") =>
    fetch(`${server.url}/contact${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("stores a valid message and answers with the success message and empty fields", async () => {
    const response = await postForm({ ...valid, name: "Ohne Skript", website: "" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Ihre Nachricht wurde gesendet");
    expect(html).not.toContain("Ohne Skript");
    const stored = await server.db.selectFrom("contact_messages").select("id").where("name", "=", "Ohne Skript").execute();
    expect(stored).toHaveLength(1);
  });

  it("re-renders with the values and the errors (400), tied to their fields", async () => {
    const response = await postForm({ ...valid, nachricht: "", email: "kaputt", website: "" }, "?lang=en");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter all the fields");
    expect(html).not.toContain("Enter valid email id");
    expect(html).toContain('value="kaputt"');
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="contact-error-summary/);

    const bad = await (await postForm({ ...valid, email: "kaputt", website: "" })).text();
    expect(bad).toContain("Geben Sie eine gültige E-Mail-ID ein");
    expect(bad).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/);
  });
});

describe("privacy page", () => {
  it("states the configured retention period and the transient use of the IP address", async () => {
    const html = await (await fetch(`${server.url}/datenschutz`)).text();
    expect(html).toMatch(/nach (<!-- -->)?180(<!-- -->)? (<!-- -->)?Tagen/);
    // One instance counts in memory; several over PostgreSQL count together in the database.
    expect(html).toContain(testStore() === "postgres" ? "nicht Ihre IP-Adresse, sondern einen mit einem geheimen Schlüssel" : "IP-Adresse nur vorübergehend im Arbeitsspeicher");
  });
});
