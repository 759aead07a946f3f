import { matchesDealerQuery, nameMatchesQuery } from "~/dealers/dealer/dealer-filter";
import { hoursOf } from "~/dealers/hours/hours-cache-control";
import { type DealerLike, type DealerSearchSpec, DEFAULT_RADIUS_KM, NEAREST_FALLBACK, coordinatesOf } from "./search-spec";
import { boundingBox, haversineKm, inBox } from "~/geo/geo";
import { isOpenAt } from "~/dealers/hours/open-status";
import { type LineKeys, dealerCarries, lineKeys } from "~/dealers/lines/product-lines";
import { filterPredicate } from "./dealer-filters";

export interface DealerHit<T> {
  dealer: T;
  /** Kilometres from the origin; null without an origin or without coordinates. */
  distanceKm: number | null;
}

export interface DealerSearchResult<T> {
  mode: "all" | "text" | "proximity";
  hits: DealerHit<T>[];
  /** Nobody within the radius, so the nearest few are shown instead. */
  nearestFallback: boolean;
}

/** Built once: localeCompare with a locale builds a collator on every call, and a search sorts hundreds. */
const germanOrder = new Intl.Collator("de");

function byDistance<T extends DealerLike>(a: DealerHit<T>, b: DealerHit<T>): number {
  if (a.distanceKm === null || b.distanceKm === null) {
    if (a.distanceKm !== b.distanceKm) return a.distanceKm === null ? 1 : -1;
  } else if (a.distanceKm !== b.distanceKm) {
    return a.distanceKm - b.distanceKm;
  }
  return germanOrder.compare(a.dealer.name, b.dealer.name);
}

/** Open (true), closed (false) or unknown (null) at `now`; each distinct week is worked out once. */
function opennessAt(now: number): (dealer: DealerLike) => boolean | null {
  const memo = new Map<string, Map<string, boolean | null>>();
  return (dealer) => {
    const text = dealer.openingHours;
    if (!text) return null;
    const place = { country: dealer.country ?? "DE", ...(dealer.timeZone ? { timeZone: dealer.timeZone } : {}) };
    const key = `${place.country} ${dealer.timeZone ?? ""}`;
    let byText = memo.get(key);
    if (!byText) {
      byText = new Map();
      memo.set(key, byText);
    }
    let open = byText.get(text);
    if (open === undefined) {
      open = isOpenAt(hoursOf(text), place, now);
      byText.set(text, open);
    }
    return open;
  };
}

type Verdict = boolean | null;

/** Every test on the spec (the chips' filters, an article's lines) as one; null when there is none. */
function specFilter(spec: DealerSearchSpec): ((dealer: DealerLike) => Verdict) | null {
  const chips = spec.filters ? filterPredicate(spec.filters, { isOpen: opennessAt(spec.now ?? Date.now()), data: spec.filterData }) : null;
  const keys: LineKeys | null = spec.lines ? lineKeys(spec.lines) : null;
  if (!keys) return chips;
  const stocked = stockedTest(spec);
  return (dealer) => (dealerCarries(dealer, keys) || stocked(dealer) ? (chips ? chips(dealer) : true) : false);
}

/** Whether the spec names the dealer as having its article in stock now. */
function stockedTest(spec: DealerSearchSpec): (dealer: DealerLike) => boolean {
  const slugs = new Set(spec.inStock ?? []);
  return (dealer) => dealer.slug !== undefined && slugs.has(dealer.slug);
}

/**
 * How far stock outranks distance. A shelf 130 km away is no better an answer than a dealer in town
 * who carries the line and orders the part by tomorrow, and where-to-buy searches 200 km wide only to
 * find three at all; beyond the dealer page's default radius, stocked dealers keep their place by
 * distance (and their badge).
 */
export const STOCK_LEAD_RADIUS_KM: number = DEFAULT_RADIUS_KM;

/** Dealers with the article in stock nearby first (decision 056), each group in the order it had. */
function stockFirst<T extends DealerLike>(hits: DealerHit<T>[], spec: DealerSearchSpec): DealerHit<T>[] {
  if (!spec.inStock || spec.inStock.length === 0) return hits;
  const stocked = stockedTest(spec);
  const leads = (hit: DealerHit<T>) => stocked(hit.dealer) && (hit.distanceKm === null || hit.distanceKm <= STOCK_LEAD_RADIUS_KM);
  return hits.filter(leads).concat(hits.filter((hit) => !leads(hit)));
}

/** Known matches first, then those a filter could not tell about (hours unknown), each group in its order. */
function knownFirst<T extends DealerLike>(hits: readonly DealerHit<T>[], verdict: (dealer: DealerLike) => Verdict): DealerHit<T>[] {
  const known: DealerHit<T>[] = [];
  const unknown: DealerHit<T>[] = [];
  for (const hit of hits) {
    const state = verdict(hit.dealer);
    if (state === true) known.push(hit);
    else if (state === null) unknown.push(hit);
  }
  return known.concat(unknown);
}

/**
 * The one search both sides run: the server for the cards, the browser for the markers, so the
 * two cannot disagree.
 * - No query and no origin: everyone, in the given order.
 * - Text only: the typed words start a word of the name or the city (dealer-filter.ts).
 * - Origin: everyone within the radius, nearest first, and nobody beyond it: a place search that
 *   said "within 50 km" and listed a "Hofmann" 472 km away would be lying. When that is nobody,
 *   the nearest few with coordinates. Names that match a typed place are offered apart
 *   (`nameMatchesBeyond`).
 * - Filters (dealer-filters.ts, an article's lines) narrow every mode, the nearest few included; a
 *   dealer a filter cannot tell about (open now, hours unknown) comes after the others.
 * - With an article, the dealers that have it in stock now lead, if within STOCK_LEAD_RADIUS_KM
 *   (decision 056).
 */
export function searchDealers<T extends DealerLike>(dealers: readonly T[], spec: DealerSearchSpec): DealerSearchResult<T> {
  const { origin, query } = spec;
  const verdict = specFilter(spec);
  const passes = verdict && ((dealer: DealerLike) => verdict(dealer) !== false);
  const finish = (hits: DealerHit<T>[]) => stockFirst(verdict ? knownFirst(hits, verdict) : hits, spec);
  if (!origin) {
    const text = query.trim() !== "";
    if (!text && !passes) return { mode: "all", hits: dealers.map((dealer) => ({ dealer, distanceKm: null })), nearestFallback: false };
    const hits: DealerHit<T>[] = [];
    for (const dealer of dealers) {
      if ((!passes || passes(dealer)) && (!text || matchesDealerQuery(dealer, query))) hits.push({ dealer, distanceKm: null });
    }
    return { mode: text ? "text" : "all", hits: finish(hits), nearestFallback: false };
  }

  const box = boundingBox(origin, spec.radiusKm);
  let hits: DealerHit<T>[] = [];
  for (const dealer of dealers) {
    if (passes && !passes(dealer)) continue;
    const point = coordinatesOf(dealer);
    if (point && inBox(box, point)) {
      const distanceKm = haversineKm(origin, point);
      if (distanceKm <= spec.radiusKm) hits.push({ dealer, distanceKm });
    }
  }
  hits = finish(hits.sort(byDistance));
  if (hits.length > 0) return { mode: "proximity", hits, nearestFallback: false };

  const candidates: DealerHit<T>[] = [];
  for (const dealer of dealers) {
    const point = coordinatesOf(dealer);
    if (point && (!passes || passes(dealer))) candidates.push({ dealer, distanceKm: haversineKm(origin, point) });
  }
  candidates.sort(byDistance);
  const nearest = finish(candidates.slice(0, NEAREST_FALLBACK));
  return { mode: "proximity", hits: nearest, nearestFallback: nearest.length > 0 };
}


/** How many dealers "with 'Hof' in their name" a place search offers beside its own result. */
export const NAME_MATCHES_BESIDE = 5;

/**
 * Dealers whose name holds the typed words but who are not in the place search's result (typing
 * "Hof" lists the dealers around Hof, and offers "Hofmann Bikes" in Hamburg apart), nearest first;
 * the spec's filters apply. Only the server shows them, as a short list under the result.
 */
export function nameMatchesBeyond<T extends DealerLike>(
  dealers: readonly T[],
  spec: DealerSearchSpec,
  result: DealerSearchResult<T>,
  max: number = NAME_MATCHES_BESIDE,
): DealerHit<T>[] {
  const { origin, query } = spec;
  if (!origin || query.trim() === "") return [];
  const shown = new Set<T>(result.hits.map((hit) => hit.dealer));
  const verdict = specFilter(spec);
  const hits: DealerHit<T>[] = [];
  for (const dealer of dealers) {
    if (shown.has(dealer) || !nameMatchesQuery(dealer, query) || (verdict && verdict(dealer) === false)) continue;
    const point = coordinatesOf(dealer);
    hits.push({ dealer, distanceKm: point ? haversineKm(origin, point) : null });
  }
  return hits.sort(byDistance).slice(0, max);
}
