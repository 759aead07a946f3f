import { nextChange } from "./open-status";
import { parseOpeningHours } from "./opening-hours";
import type { OpeningHours } from "./hours-types";

/*
 * Opening hours as dealers carry them (canonical text from the database or the provider), parsed
 * once per distinct text: many shops share a week, and a filter over 10,000 dealers must not parse
 * 10,000 strings on every keystroke.
 */
const parsed = new Map<string, OpeningHours | null>();
const MAX_REMEMBERED = 2000;

export function hoursOf(text: string | undefined): OpeningHours | null {
  if (!text) return null;
  let hours = parsed.get(text);
  if (hours === undefined) {
    const result = parseOpeningHours(text);
    // Our own data is checked on import; a provider's unreadable text counts as unknown hours.
    hours = result.ok ? result.hours : null;
    if (parsed.size >= MAX_REMEMBERED) parsed.clear();
    parsed.set(text, hours);
  }
  return hours;
}

/** Shown for at most this long: "opens tomorrow" also turns into "opens at" at midnight. */
const MAX_FRESH_SECONDS = 300;

/**
 * Cache-Control for a page showing whether dealers are open: shared caches (and our page cache)
 * keep it until the first shown dealer opens or closes, at most five minutes.
 */
export function cacheControlForHours(dealers: readonly { openingHours?: string; country: string; timeZone?: string }[], now: number): string {
  let until = now + MAX_FRESH_SECONDS * 1000;
  for (const dealer of dealers) {
    const change = nextChange(hoursOf(dealer.openingHours), dealer, now);
    if (change !== null && change < until) until = change;
  }
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return `public, max-age=0, s-maxage=${seconds}`;
}
