import { createHmac, randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { contactRateHits, countContactRateHits, purgeContactRateHits, takeContactRateHit } from "~/models/contact-rate-hit.server";
import { CONTACT_RATE_WINDOW_MS, type RateLimit } from "./rate-limit.server";

const KEY_META = "contact_rate_key";
const PURGE_INTERVAL_MS = 60_000;

/**
 * The contact rate limit of several instances over one PostgreSQL (issue 16): every instance counts
 * in the same table, so the configured limit holds in total, wherever a load balancer sends the
 * sender. The address itself is never stored: rows hold an HMAC of it under a random key that the
 * instances share through the database, and are deleted once older than the window (at the latest
 * a minute later, by whichever instance purges next).
 */
export class SharedRateLimit implements RateLimit {
  private secret: Promise<string> | null = null;
  private purgeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: DB,
    readonly limit: number,
    readonly windowMs: number = CONTACT_RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(address: string): Promise<number> {
    const now = this.now();
    return this.wait(await contactRateHits(this.db, await this.keyOf(address), new Date(now - this.windowMs)), now);
  }

  async take(address: string): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
    const now = this.now();
    const key = await this.keyOf(address);
    const { taken, hits } = await takeContactRateHit(this.db, key, new Date(now - this.windowMs), new Date(now), this.limit);
    this.schedulePurge();
    return taken ? { ok: true } : { ok: false, retryAfter: this.wait(hits, now) };
  }

  /**
   * Deletes hits past the window once a minute while any are stored, whoever's they are, so no hash
   * stays in the database long after its window even when nobody writes again.
   */
  private schedulePurge(): void {
    if (this.purgeTimer) return;
    this.purgeTimer = setTimeout(() => {
      this.purgeTimer = null;
      purgeContactRateHits(this.db, new Date(this.now() - this.windowMs))
        .then(() => countContactRateHits(this.db))
        .then(
          (left) => {
            if (left > 0) this.schedulePurge();
          },
          // The database is away (shutting down): the next message sent schedules the purge again.
          () => {},
        );
    }, PURGE_INTERVAL_MS);
    // A pending purge must not keep the process (or a test run) alive.
    this.purgeTimer.unref?.();
  }

  /** Deletes what is past the window now (tests, and a caller that wants it at once). */
  purge(): Promise<number> {
    return purgeContactRateHits(this.db, new Date(this.now() - this.windowMs));
  }

  /** Seconds until the oldest hit that keeps the key at its limit leaves the window. */
  private wait(hits: readonly string[], now: number): number {
    if (hits.length < this.limit) return 0;
    const oldest = Date.parse(hits[hits.length - this.limit] ?? "") || now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  private keyOf(address: string): Promise<string> {
    this.secret ??= sharedSecret(this.db).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret.then((secret) => createHmac("sha256", secret).update(address).digest("base64url").slice(0, 22));
  }
}

/** The HMAC key every instance uses: made by the first that needs it, then read by all. */
async function sharedSecret(db: DB): Promise<string> {
  const existing = await getMeta(db, KEY_META);
  if (existing) return existing;
  // Two instances may both get here: the first write wins, and both read it back.
  await db
    .insertInto("app_meta")
    .values({ key: KEY_META, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await getMeta(db, KEY_META);
  if (!stored) throw new Error("the contact rate limit's key could not be stored");
  return stored;
}

