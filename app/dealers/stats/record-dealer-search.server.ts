import type { AppLoadContext } from "react-router";
import { type DealerFilterValues, filterStatCounts } from "~/dealers/search/dealer-filters";
import type { DealerStatEvent } from "./dealer-stat-events";
import type { PostalCountry } from "~/geo/postal-query";
import { PAGE_SIZE } from "~/dealers/search/search-spec";

/** What the dealer page's loader found out about one request, as far as statistics care. */
export interface DealerSearchFacts {
  /** The typed query, '' for none. Never stored: it may be a person's name. */
  query: string;
  /**
   * Where distances were measured from: the visitor's position ("near me"), or a postal code or
   * place resolved from the postal-code table (`postalCode` set when a postal code was typed).
   */
  origin: { kind: "position" } | { kind: "place"; country: PostalCountry; postalCode: string | null; place: string } | null;
  /** A postal code was typed that the table does not know. */
  unknownPostalCode: string | null;
  /** Nobody within the radius: the page shows the nearest dealers instead. */
  nearestFallback: boolean;
  /** Dealers found. */
  total: number;
  /** Results asked for (`?limit=`): more than one page is the same search continued, not a new one. */
  limit: number;
  /** Filters in the URL (dealer-filters.ts); unknown values are not counted. */
  filters?: Partial<DealerFilterValues>;
  /** The article the visitor came from (`article=`, the "where to buy" block); only its use is counted. */
  article?: string | null;
}

export type DealerStatCountOf = readonly [event: DealerStatEvent, subject: string];

/**
 * The counters one dealer-page request adds. Subjects are only what the server resolved itself (a
 * postal code as "DE 80331", a place's name from the table, a known service key), so nothing a
 * visitor typed is stored, and what can be stored is bounded by our own tables.
 */
export function classifyDealerSearch(facts: DealerSearchFacts): DealerStatCountOf[] {
  if (facts.limit > PAGE_SIZE) return [];
  const counts: DealerStatCountOf[] = [];
  const { origin, query } = facts;
  const nobodyNear = facts.nearestFallback || facts.total === 0;
  if (origin?.kind === "position") {
    counts.push(["search.near-me", ""]);
  } else if (origin?.kind === "place" && origin.postalCode !== null) {
    counts.push(["search.postal-code", ""]);
    if (nobodyNear) counts.push(["no-dealer.postal-code", `${origin.country} ${origin.postalCode}`]);
  } else if (origin?.kind === "place") {
    counts.push(["search.town", ""]);
    if (nobodyNear) counts.push(["no-dealer.place", origin.place]);
  } else if (facts.unknownPostalCode !== null) {
    // A typo or a code GeoNames lacks: counted as a search, but not as a place to look for dealers.
    counts.push(["search.postal-code", ""]);
  } else if (query !== "") {
    counts.push(["search.name", ""]);
  }
  counts.push(...filterStatCounts(facts.filters ?? {}));
  if (facts.article) counts.push(["where-to-buy", ""]);
  return counts;
}

/** Speculative loads (a browser prefetching a link) are not searches anybody made. */
function isPrefetch(request: Request): boolean {
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  return /\bprefetch\b/i.test(purpose);
}

/**
 * The one call the dealer page's loader makes. HEAD requests reach the loader as GET, so the load
 * context hands them a recorder that counts nothing; the page is never served from the page cache
 * while it carries a search (server/page-cache-policy.ts), so every search gets here.
 */
export function recordDealerSearch(context: Pick<AppLoadContext, "dealerStats">, request: Request, facts: DealerSearchFacts): void {
  if (request.method !== "GET" || isPrefetch(request)) return;
  for (const [event, subject] of classifyDealerSearch(facts)) context.dealerStats.count(event, subject);
}

/**
 * Issue 29 item 5: a dealer was shown as having the article in stock (`stock.shown`, subject
 * "<dealer slug> <part number>": slugs have no spaces). `slugs` are the dealers the answer shows,
 * `stock` the search's fresh stock; only those with a badge count. The same rules as a search:
 * GET only, no prefetch, nothing for HEAD (its recorder counts nothing).
 */
export function recordStockShown(
  context: Pick<AppLoadContext, "dealerStats">,
  request: Request,
  partno: string | null,
  slugs: readonly string[],
  stock: ReadonlyMap<string, string> | null,
): void {
  if (!partno || !stock || request.method !== "GET" || isPrefetch(request)) return;
  for (const slug of slugs) if (stock.has(slug)) context.dealerStats.count("stock.shown", stockShownSubject(slug, partno));
}

/** "<slug> <part number>", the one spelling of a `stock.shown` subject. */
export function stockShownSubject(slug: string, partno: string): string {
  return `${slug} ${partno}`;
}
