import { SweepTimer } from "~/utils/sweep-timer";

export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

export type TakeResult = { ok: true } | { ok: false; retryAfter: number };

/**
 * What the contact form needs of a rate limit per client address: in memory for one instance
 * (SlidingWindowLimiter), or shared by several over PostgreSQL (shared-rate-limit.server.ts).
 */
export interface RateLimit {
  readonly limit: number;
  /** Seconds until `key` may send again; 0 when it may send now. Does not count a hit. */
  retryAfter(key: string): number | Promise<number>;
  /** Counts one hit if the limit allows it; otherwise returns the seconds to wait. */
  take(key: string): TakeResult | Promise<TakeResult>;
}

/**
 * A sliding-window limit per client address, in memory only: the address is a Map key for at most
 * one window and is never written anywhere (the privacy page says so). One process, one window: the
 * default on one machine; several instances over PostgreSQL share SharedRateLimit instead.
 */
/** Bounds memory under a flood of distinct addresses; the oldest entries are dropped first. */
const MAX_TRACKED_KEYS = 50_000;
const SWEEP_INTERVAL_MS = 60_000;

export class SlidingWindowLimiter implements RateLimit {
  private readonly hits = new Map<string, number[]>();
  private readonly sweeps = new SweepTimer(SWEEP_INTERVAL_MS, () => this.sweep(), () => this.hits.size > 0);

  constructor(
    readonly limit: number,
    readonly windowMs: number = CONTACT_RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may send again; 0 when it may send now. Does not count a hit. */
  retryAfter(key: string): number {
    const recent = this.recent(key, this.now());
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Counts one hit if the limit allows it; otherwise returns the seconds to wait. */
  take(key: string): TakeResult {
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) return { ok: false, retryAfter: this.retryAfter(key) };
    recent.push(now);
    // Re-inserting moves the key to the end, so the Map stays ordered by last use.
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_TRACKED_KEYS) {
      const oldestKey = this.hits.keys().next().value;
      if (oldestKey !== undefined) this.hits.delete(oldestKey);
    }
    this.sweeps.schedule();
    return { ok: true };
  }

  get trackedKeys(): number {
    return this.hits.size;
  }

  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const from = now - this.windowMs;
    let drop = 0;
    while (drop < list.length && (list[drop] ?? 0) <= from) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }

  /**
   * Forgets addresses whose window has passed, once a minute while any are held, so an address is
   * gone from memory at most a minute after its window ends, even if nobody writes again.
   */
  sweep(now: number = this.now()): void {
    for (const [key, list] of this.hits) {
      const last = list[list.length - 1];
      if (last === undefined || last <= now - this.windowMs) this.hits.delete(key);
    }
  }
}
