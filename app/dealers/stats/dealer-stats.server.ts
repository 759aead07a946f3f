import type { Logger } from "pino";
import type { DB } from "~/db/database.server";
import { type DealerStatCount, addDealerStats } from "~/models/dealer-stat.server";
import { FILTER_EVENTS_WITH_SUBJECT } from "~/dealers/search/dealer-filters";
import { DEALER_STAT_EVENTS, type DealerStatEvent } from "./dealer-stat-events";

/**
 * Events counted per subject (the place nobody was found near, the dealer clicked, a set filter's
 * value); the others always have the subject ''. Here, not beside the list: the click beacon
 * loads that module in the browser, and a computed set would stay in its script.
 */
const EVENTS_WITH_SUBJECT: ReadonlySet<string> = new Set([
  ...DEALER_STAT_EVENTS.filter((event) => event.startsWith("no-dealer.") || event.startsWith("click.") || event.startsWith("stock.")),
  ...FILTER_EVENTS_WITH_SUBJECT,
]);

/** What loaders and actions count with (`context.dealerStats`). Never throws, never waits. */
export interface DealerStatsRecorder {
  count(event: DealerStatEvent, subject?: string): void;
}

/** For requests that must not count (HEAD) and servers that keep no statistics (benchmarks). */
export const ignoreDealerStats: DealerStatsRecorder = { count() {} };

export const DEALER_STATS_FLUSH_MS = 10_000;
/**
 * Distinct (day, event, subject) counters held between two flushes. Subjects are checked by the
 * callers (known slugs, postal codes and places), so real traffic stays far below; the bound is
 * what a flood of requests costs at most, in memory and in rows per flush.
 */
export const DEALER_STATS_MAX_KEYS = 10_000;
/**
 * A subject is a slug, a service key, a postal code, a place name, or a slug and a part number
 * (`stock.shown`: 88 + 1 + 64 at most): longer is a caller's bug.
 */
const MAX_SUBJECT_LENGTH = 160;

const berlinDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** The ISO date of `at` in Europe/Berlin: the day the operator's business day belongs to. */
export function berlinDay(at: Date): string {
  const parts = Object.fromEntries(berlinDate.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export interface DealerStatsCounterOptions {
  db: DB;
  logger: Logger;
  now?: () => Date;
  maxKeys?: number;
}

/**
 * Counts in memory and adds the counts to `dealer_stats` every ten seconds (`start`) and at
 * shutdown (`stop`): one small transaction per flush instead of a write per request. A crash loses
 * at most the last ten seconds of counts, which statistics can afford.
 */
export class DealerStatsCounter implements DealerStatsRecorder {
  private counts = new Map<string, DealerStatCount>();
  private warned = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: DB;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly maxKeys: number;

  constructor(options: DealerStatsCounterOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
    this.maxKeys = options.maxKeys ?? DEALER_STATS_MAX_KEYS;
  }

  count(event: DealerStatEvent, subject = ""): void {
    const kept = EVENTS_WITH_SUBJECT.has(event) ? subject.slice(0, MAX_SUBJECT_LENGTH) : "";
    this.add({ day: berlinDay(this.now()), event, subject: kept, count: 1 });
  }

  /** Counters waiting for the next flush (for tests and the shutdown log). */
  get pending(): number {
    return this.counts.size;
  }

  private add(entry: DealerStatCount): void {
    const key = `${entry.day}\u0000${entry.event}\u0000${entry.subject}`;
    const existing = this.counts.get(key);
    if (existing) {
      existing.count += entry.count;
      return;
    }
    if (this.counts.size >= this.maxKeys) {
      if (!this.warned) {
        this.warned = true;
        this.logger.warn({ maxKeys: this.maxKeys }, "dealer statistics: too many distinct counters before the next flush, new ones are dropped until then");
      }
      return;
    }
    this.counts.set(key, { ...entry });
  }

  /** Writes what was counted so far; flushes run one after another, and a failed one never rejects. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.write());
    this.flushing = run;
    return run;
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = [...this.counts.values()];
    this.counts = new Map();
    this.warned = false;
    try {
      await addDealerStats(this.db, batch);
    } catch (error) {
      // The database may be busy (an import holds the write lock): keep the counts for the next try.
      this.logger.error({ err: error, counters: batch.length }, "dealer statistics could not be written, kept for the next flush");
      for (const entry of batch) this.add(entry);
    }
  }

  start(intervalMs: number = DEALER_STATS_FLUSH_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    // Statistics must never keep a process (or a test run) alive.
    this.timer.unref();
  }

  /** Stops the timer and writes the rest; called at shutdown before the database closes. */
  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.flush();
  }
}
