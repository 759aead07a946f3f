import { createHmac, randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { deleteMetaExcept, getMeta, getOrCreateMeta } from "~/models/app-meta.server";
import { contactRateHits, countContactRateHits, purgeContactRateHits, takeContactRateHit } from "~/models/contact-rate-hit.server";
import { CONTACT_RATE_WINDOW_MS, type RateLimit } from "./rate-limit.server";

/** app_meta keys `contact_rate_key:<window number>`; the bare name is the single key of earlier versions. */
const KEY_META = "contact_rate_key";
const PURGE_INTERVAL_MS = 60_000;

/**
 * The contact rate limit of several instances over one PostgreSQL (issue 16): every instance counts
 * in the same table, so the configured limit holds in total, wherever a load balancer sends the
 * sender. The address itself is never stored: rows hold an HMAC of it under a random key that the
 * instances share through the database, and are deleted once older than the window (at the latest
 * a minute later, by whichever instance purges next).
 *
 * The key is in the same database as the hashes, so a copy of it (a dump, a backup) would let anyone
 * try all four billion IPv4 addresses against them. Hence one key per window (time cut into
 * windowMs slices since the epoch): a hit is hashed under its slice's key and counted under the
 * current and the previous key, which together cover any window; the key before those is deleted
 * (with the hits made under it, all past the window by then). A copy thus links no address older
 * than two windows, and no hash in it to any later one.
 */
export class SharedRateLimit implements RateLimit {
  /** Window number → its key; the current one is made when missing, the previous one only read. */
  private readonly secrets = new Map<number, Promise<string | undefined>>();
  private rotatedAt: number | null = null;
  private purgeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: DB,
    readonly limit: number,
    readonly windowMs: number = CONTACT_RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(address: string): Promise<number> {
    const now = this.now();
    return this.wait(await contactRateHits(this.db, await this.hashesOf(address, now), new Date(now - this.windowMs)), now);
  }

  async take(address: string): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
    const now = this.now();
    const hashes = await this.hashesOf(address, now);
    const { taken, hits } = await takeContactRateHit(this.db, hashes, new Date(now - this.windowMs), new Date(now), this.limit);
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
        .then(() => this.rotate(this.slice(this.now())))
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

  private slice(at: number): number {
    return Math.floor(at / this.windowMs);
  }

  /** The address's hash under the current key, then under the previous one if there is one. */
  private async hashesOf(address: string, now: number): Promise<[string, ...string[]]> {
    const current = this.slice(now);
    await this.rotate(current);
    const [key, previous] = await Promise.all([this.secret(current, true), this.secret(current - 1, false)]);
    if (!key) throw new Error("the contact rate limit's key could not be stored");
    const hash = (secret: string) => createHmac("sha256", secret).update(address).digest("base64url").slice(0, 22);
    return previous ? [hash(key), hash(previous)] : [hash(key)];
  }

  private secret(slice: number, create: boolean): Promise<string | undefined> {
    let secret = this.secrets.get(slice);
    if (!secret) {
      const name = `${KEY_META}:${slice}`;
      secret = (create ? getOrCreateMeta(this.db, name, () => randomBytes(32).toString("base64url")) : getMeta(this.db, name)).then(
        (value) => {
          // A previous key not there (yet: another instance's clock may lag) is asked again next time.
          if (value === undefined) this.secrets.delete(slice);
          return value;
        },
        (error: unknown) => {
          this.secrets.delete(slice);
          throw error;
        },
      );
      this.secrets.set(slice, secret);
    }
    return secret;
  }

  /**
   * Once per window and instance: deletes the keys before the previous one, the hits made under
   * them (all past the window), and this instance's copies of them.
   */
  private async rotate(current: number): Promise<void> {
    if (this.rotatedAt === current) return;
    await deleteMetaExcept(this.db, KEY_META, [`${KEY_META}:${current}`, `${KEY_META}:${current - 1}`]);
    await purgeContactRateHits(this.db, new Date(current * this.windowMs - this.windowMs));
    for (const slice of this.secrets.keys()) if (slice < current - 1) this.secrets.delete(slice);
    this.rotatedAt = current;
  }
}
