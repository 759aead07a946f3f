/*
 * What the dealer locator counts (issue 14): a fixed set of events, each counted per day, some per
 * subject. Subjects are never free text a visitor typed: a dealer slug, a service key, or a postal
 * code or place name the server resolved from its own postal-code table. Shared by the server (the
 * counter, the click endpoint) and the browser (the click beacon), so it imports nothing.
 */

export const DEALER_CLICK_KINDS = ["phone", "email", "web", "directions"] as const;
export type DealerClickKind = (typeof DEALER_CLICK_KINDS)[number];

export const DEALER_STAT_EVENTS = [
  "search.name",
  "search.town",
  "search.postal-code",
  "search.near-me",
  "no-dealer.postal-code",
  "no-dealer.place",
  "click.phone",
  "click.email",
  "click.web",
  "click.directions",
  "where-to-buy",
  "stock.shown",
] as const;
/** A filter's use: `filter.<stat>` of its entry in dealer-filters.ts (`filter.service`, `filter.open-now`). */
export type DealerStatEvent = (typeof DEALER_STAT_EVENTS)[number] | `filter.${string}`;

const CLICK_KINDS: ReadonlySet<string> = new Set(DEALER_CLICK_KINDS);

export function isDealerClickKind(value: string): value is DealerClickKind {
  return CLICK_KINDS.has(value);
}
