import os from "node:os";
import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { isPostgres } from "~/db/dialect";
import { claimDueContactMessage, getContactMessage, insertContactMessage, releaseContactClaims } from "~/models/contact-message.server";
import { type SmtpSink, freePort } from "../support/smtp-sink";
import { MAIL_FROM, MAIL_TO, accepted, closeAfterTest, mailConfig, post, row, server, sink, skipTime, startWorker, setUpContactServer, valid } from "../support/contact-server";
import { reopenTestDatabase } from "../support/test-store";

/**
 * The contact pipeline's delivery: the production build stores a message, the outbox worker
 * delivers it to a real SMTP server (smtp-server) on 127.0.0.1, once, also with several instances.
 * What the endpoint and the form accept and refuse: contact-requests.test.ts.
 */

setUpContactServer();

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
    closeAfterTest(reopened);
    const second = startWorker(options, reopened);
    await second.idle();

    const smtp = await sink(port);
    skipTime(options.retryBaseMs);
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
      skipTime(60_000);
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
    closeAfterTest(other);
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

    skipTime(leaseMs);
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

