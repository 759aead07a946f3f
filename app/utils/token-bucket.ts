import { SweepTimer } from "./sweep-timer";

/** An empty bucket is full again after a minute, whatever its rate. */
const FULL_AGAIN_MS = 60_000;

/**
 * A token bucket per key, in memory: `perMinute` tokens a minute, up to `perMinute` at once. O(1) per
 * key (two numbers), so a flood of distinct addresses costs little; the least recently seen keys are
 * dropped beyond `maxKeys` (a dropped key starts again with a full bucket, which errs towards the
 * visitor, never towards the upstream server: see the global limit where it matters).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private readonly sweeps = new SweepTimer(FULL_AGAIN_MS, () => this.sweep(), () => this.buckets.size > 0);

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 20_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes a token for `key`: 0 when granted, else the whole seconds until one is there. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    // Re-inserted so the Map stays ordered by last use.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    this.sweeps.schedule();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  get size(): number {
    return this.buckets.size;
  }

  /**
   * Forgets keys unused for a minute: their buckets are full again, as a new key's would be, so
   * nothing changes but memory. Keys are client addresses, and they should not outlive their use.
   */
  sweep(now: number = this.now()): void {
    // The Map is ordered by last use: stop at the first key used within the minute.
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at < FULL_AGAIN_MS) break;
      this.buckets.delete(key);
    }
  }
}
