import { randomUUID } from "node:crypto";
import os from "node:os";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import { processAlive } from "~/utils/process-alive.server";
import type { ContactMessageRow } from "~/db/schema";
import {
  claimDueContactMessage,
  contactClaimHolders,
  dropDeadContactClaims,
  markContactAttemptFailed,
  markContactMessageSent,
  nextContactAttemptAt,
  purgeSentContactMessages,
  releaseContactClaims,
} from "~/models/contact-message.server";
import { type MailBrand, type MailConfig, buildContactMail, smtpHostForLog, smtpOptionsFromUrl } from "./contact-mail.server";

export interface OutboxWorkerOptions {
  db: DB;
  logger: Logger;
  /** null: SMTP_URL is unset, nothing is sent (messages stay pending), only the retention purge runs. */
  mail: MailConfig | null;
  /**
   * The brand as the next mail names it: asked at each delivery, so the server's live content
   * (content/brand.yaml) reaches the next mail without a restart.
   */
  brand: () => MailBrand;
  retentionDays: number;
  /** Delay after the first failed attempt; each further failure multiplies it by retryFactor. */
  retryBaseMs?: number;
  retryFactor?: number;
  /** After this many failed attempts a message is marked failed (and kept). */
  maxAttempts?: number;
  /** Longest sleep between looks at the queue, for retries that fall due and other writers. */
  pollIntervalMs?: number;
  purgeIntervalMs?: number;
  /** Connection, greeting and socket time-out of one SMTP attempt. */
  smtpTimeoutMs?: number;
  /**
   * How long a claimed message is this instance's alone (migration 0007). Longer than one attempt can
   * take (its three SMTP time-outs), so only an instance that died loses a message to another.
   */
  leaseMs?: number;
  /** Names this instance in the claims it makes; host, process and a random part by default. */
  instanceId?: string;
  now?: () => Date;
}

export const OUTBOX_DEFAULTS = {
  retryBaseMs: 30_000,
  retryFactor: 4,
  maxAttempts: 8,
  pollIntervalMs: 60_000,
  purgeIntervalMs: 6 * 60 * 60 * 1000,
  smtpTimeoutMs: 20_000,
  leaseMs: 5 * 60_000,
} as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Wait after the `attempts`-th failure: 30 s, 2 min, 8 min, 32 min, about 2 h, 8.5 h, 34 h with the defaults. */
export function retryDelayMs(attempts: number, baseMs: number = OUTBOX_DEFAULTS.retryBaseMs, factor: number = OUTBOX_DEFAULTS.retryFactor): number {
  return baseMs * factor ** Math.max(0, attempts - 1);
}

/** SMTP errors carry the server's reply; keep it short and never echo credentials. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  const prefix = [code, responseCode].filter(Boolean).join(" ");
  return `${prefix ? `${prefix}: ` : ""}${error.message}`.slice(0, 500);
}

/** The previous claim ended without an attempt and was not given back: its instance died holding it. */
export function wasTakenOver(row: Pick<ContactMessageRow, "attempts" | "claims">): boolean {
  return row.claims > row.attempts + 1;
}

/**
 * Whether the instance that made a claim is certainly dead: its id (`host:pid:random`, the default)
 * names this host and a process that no longer runs, or this very process under an earlier id (a
 * container restarted after `kill -9` runs as pid 1 again). Anything else, including ids not made
 * by default, may be alive and keeps its lease. A reused pid only makes a dead holder look alive,
 * which costs the lease, never a second sender.
 */
export function claimHolderIsDead(
  holder: string,
  self: { host: string; pid: number; instanceId: string },
  isAlive: (pid: number) => boolean = processAlive,
): boolean {
  const match = /^(.*):(\d+):[0-9a-f]{8}$/.exec(holder);
  if (!match || holder === self.instanceId || match[1] !== self.host) return false;
  const pid = Number(match[2]);
  return pid === self.pid || !isAlive(pid);
}

/**
 * Delivers stored contact messages by SMTP. Wakes at once when a message is stored (whoever runs
 * the server calls `wake()` from the load context's `messageStored`),
 * otherwise sleeps until the next retry falls due or the poll interval passes. One delivery at a
 * time: a contact form never has enough traffic for more, and order is kept.
 *
 * Several instances may share the outbox: each claims a message before sending it (a lease, see
 * `leaseMs`), so no two send the same one. Delivery is at least once: a crash between the SMTP
 * server's "250 OK" and the database update sends that message again, after the restart or, from
 * another instance, after the lease (with the same Message-ID).
 */
export class OutboxWorker {
  private readonly o: Required<Omit<OutboxWorkerOptions, "mail">> & { mail: MailConfig | null };
  readonly instanceId: string;
  private transporter: Transporter | null = null;
  private running = false;
  private cycle: Promise<void> | null = null;
  private wakeAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPurge = 0;
  private deadClaimsChecked = false;

  constructor(options: OutboxWorkerOptions) {
    this.instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.o = { ...OUTBOX_DEFAULTS, now: () => new Date(), ...options, instanceId: this.instanceId };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const { mail, logger } = this.o;
    if (mail) {
      // One pooled connection: a backlog after an outage goes out over one session instead of a
      // handshake per message; nodemailer reconnects when the server closes an idle session.
      this.transporter = nodemailer.createTransport({
        ...smtpOptionsFromUrl(mail.smtpUrl),
        pool: true,
        maxConnections: 1,
        maxMessages: 100,
        connectionTimeout: this.o.smtpTimeoutMs,
        greetingTimeout: this.o.smtpTimeoutMs,
        socketTimeout: this.o.smtpTimeoutMs,
      });
      logger.info({ smtp: smtpHostForLog(mail.smtpUrl), to: mail.to ?? "the brand's e-mail address" }, "contact delivery started");
    } else {
      logger.warn("SMTP_URL is not set: contact messages are stored in the database but not sent");
    }
    this.wake();
  }

  /** Look at the queue now (a message was stored, or a test wants it). */
  wake(): void {
    if (!this.running) return;
    if (this.cycle) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cycle = this.runCycle().then((sleepMs) => {
      this.cycle = null;
      if (!this.running) return;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), sleepMs);
        this.timer.unref();
      }
    });
  }

  /**
   * Resolves when no pass is running, including the ones wake-ups during a pass have queued: what
   * a pass could deliver, fail or purge is then in the database.
   */
  async idle(): Promise<void> {
    // A pass that ends with a queued wake-up starts the next one before its own promise settles.
    while (this.cycle) await this.cycle;
  }

  /**
   * Stops taking work, waits for a delivery in progress to finish and gives back any claim still held,
   * so another instance takes those messages at once rather than after the lease.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.cycle;
    this.transporter?.close();
    this.transporter = null;
    try {
      await releaseContactClaims(this.o.db, this.instanceId);
    } catch (error) {
      // The lease frees them all the same, a few minutes later.
      this.o.logger.warn({ err: error }, "could not release claimed contact messages");
    }
  }

  /** One pass: purge when due, deliver everything due; returns how long to sleep. */
  private async runCycle(): Promise<number> {
    const { db, logger } = this.o;
    try {
      if (!this.deadClaimsChecked) {
        await this.dropDeadClaims();
        this.deadClaimsChecked = true;
      }
      const now = this.o.now();
      if (now.getTime() - this.lastPurge >= this.o.purgeIntervalMs) {
        this.lastPurge = now.getTime();
        const purged = await purgeSentContactMessages(db, new Date(now.getTime() - this.o.retentionDays * DAY_MS));
        if (purged > 0) logger.info({ purged, retentionDays: this.o.retentionDays }, "delivered contact messages deleted after retention period");
      }
      if (!this.o.mail) return this.o.purgeIntervalMs;

      // One message claimed at a time: a claim is only held while it is being sent.
      while (this.running) {
        const now = this.o.now();
        const row = await claimDueContactMessage(db, this.instanceId, now, new Date(now.getTime() + this.o.leaseMs));
        if (!row) break;
        if (wasTakenOver(row)) {
          // SMTP has no way to ask whether the dead instance got its message through: sending again
          // loses nothing, at the price of a possible second copy under the same Message-ID.
          this.o.logger.warn(
            { id: row.id, attempts: row.attempts, claims: row.claims },
            "contact message taken over from an instance that died while sending it; sending it again (it may arrive twice, with the same Message-ID)",
          );
        }
        await this.deliver(row);
      }
      const next = await nextContactAttemptAt(db);
      const untilNext = next ? next.getTime() - this.o.now().getTime() : Number.POSITIVE_INFINITY;
      return Math.max(0, Math.min(this.o.pollIntervalMs, untilNext));
    } catch (error) {
      // The database itself failed (disk full, closing at shutdown): try again after a poll interval.
      logger.error({ err: error }, "contact outbox pass failed");
      return this.o.pollIntervalMs;
    }
  }

  /**
   * Once, at the first pass: a message that a process on this machine was sending when it died
   * (`kill -9`, power loss) is sent now instead of after the lease. Only on SQLite: every process
   * that shares the file runs on this machine (SQLite's locking does not work across network file
   * systems), so host and pid in the holder's id tell whether the holder still runs. Over PostgreSQL
   * instances on other machines may share a host name and, in containers, a pid: there the lease
   * alone decides. Processes sharing one SQLite file must not share a host name across pid
   * namespaces (containers get distinct host names by default).
   */
  private async dropDeadClaims(): Promise<void> {
    const { db, logger } = this.o;
    if (isPostgres(db)) return;
    const self = { host: os.hostname(), pid: process.pid, instanceId: this.instanceId };
    const dead = (await contactClaimHolders(db)).filter((holder) => claimHolderIsDead(holder, self));
    const released = await dropDeadContactClaims(db, dead);
    if (released > 0) logger.warn({ released, holders: dead }, "contact messages claimed by a process that died are sent again now instead of after the lease");
  }

  private async deliver(row: ContactMessageRow): Promise<void> {
    const { db, logger, mail } = this.o;
    if (!mail || !this.transporter) return;
    const attempts = row.attempts + 1;
    try {
      const info = (await this.transporter.sendMail(buildContactMail(row, mail, this.o.brand()))) as { response?: string };
      await markContactMessageSent(db, row.id, attempts, this.o.now());
      logger.info({ id: row.id, attempts, response: info.response?.slice(0, 200) }, "contact message delivered");
    } catch (error) {
      const message = describeError(error);
      if (attempts >= this.o.maxAttempts) {
        await markContactAttemptFailed(db, row.id, attempts, message, null);
        logger.error({ id: row.id, attempts, error: message }, "contact message failed for good; `npm run outbox -- retry <id>` re-queues it");
      } else {
        const next = new Date(this.o.now().getTime() + retryDelayMs(attempts, this.o.retryBaseMs, this.o.retryFactor));
        await markContactAttemptFailed(db, row.id, attempts, message, next);
        logger.warn({ id: row.id, attempts, error: message, nextAttemptAt: next.toISOString() }, "contact message not delivered yet; will retry");
      }
    }
  }
}
