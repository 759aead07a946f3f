import type { ProviderReseller } from "~/catalog/provider-schema";
import { type LatLng, boundingBox, haversineKm, inBox } from "./geo";
import { matchesDealerQuery } from "./dealer-filter";
import { hoursOf } from "./dealer-hours";
import type { DealerService } from "./dealer-services";
import { type HoursCountry, isOpenAt } from "./opening-hours";
import { type LineKeys, dealerCarries, lineKeys } from "./product-lines";
import { matchesServices } from "./search-filters";

export const RADII_KM = [25, 50, 100, 200] as const;
export type RadiusKm = (typeof RADII_KM)[number];
export const DEFAULT_RADIUS_KM: RadiusKm = 50;
/** Shown with a note when nobody is inside the radius: a locator should never answer "nobody". */
export const NEAREST_FALLBACK = 3;
/**
 * Cards per page (`?limit=` for more). 30, not 50, since the cards show hours and services: fifty
 * rich cards made a 127 KB page (the budget is 100 KB), and nobody reads past the nearest few.
 */
export const PAGE_SIZE = 30;
export const MAX_QUERY_LENGTH = 100;


export type DealerLike = Pick<
  ProviderReseller,
  "name" | "adresse" | "ort" | "position" | "services" | "openingHours" | "country" | "productLines"
>;

/** What the server resolved the visitor's input to; the browser runs the same search on it. */
export interface DealerSearchSpec {
  query: string;
  /** Set for proximity: a postal code, a place or the visitor's own position. */
  origin: LatLng | null;
  radiusKm: number;
  /** Services a dealer must all offer; absent or empty: any. */
  services?: DealerService[];
  /** Only dealers open at `now`; those whose hours are unknown stay, after the open ones. */
  openNow?: boolean;
  /** The moment "open now" means (epoch ms): the server's, so cards and markers agree. */
  now?: number;
  /** Names and keys of an article's category and its ancestors: only dealers who carry it. */
  lines?: string[] | null;
}

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

export function coordinatesOf(dealer: Pick<ProviderReseller, "position">): LatLng | null {
  const [lat, lng] = dealer.position;
  return lat === null || lng === null ? null : { lat, lng };
}

/** Identifies a dealer across server and browser: the provider's shape has no id. */
export function dealerKey(dealer: Pick<ProviderReseller, "name" | "adresse">): string {
  return `${dealer.name}\n${dealer.adresse}`;
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
  const memo = new Map<HoursCountry, Map<string, boolean | null>>();
  return (dealer) => {
    const text = dealer.openingHours;
    if (!text) return null;
    const country = dealer.country ?? "DE";
    let byText = memo.get(country);
    if (!byText) {
      byText = new Map();
      memo.set(country, byText);
    }
    let open = byText.get(text);
    if (open === undefined) {
      open = isOpenAt(hoursOf(text), country, now);
      byText.set(text, open);
    }
    return open;
  };
}

/** The filters that do not depend on the clock (services, stocked lines); null when there are none. */
function fixedFilter(spec: DealerSearchSpec): ((dealer: DealerLike) => boolean) | null {
  const services = spec.services ?? [];
  const keys: LineKeys | null = spec.lines ? lineKeys(spec.lines) : null;
  if (services.length === 0 && !keys) return null;
  return (dealer) => matchesServices(dealer, services) && (!keys || dealerCarries(dealer, keys));
}

/** "Open now": open dealers first, then those whose hours are unknown, each group in its order. */
function openFirst<T extends DealerLike>(hits: readonly DealerHit<T>[], openness: (dealer: DealerLike) => boolean | null): DealerHit<T>[] {
  const open: DealerHit<T>[] = [];
  const unknown: DealerHit<T>[] = [];
  for (const hit of hits) {
    const state = openness(hit.dealer);
    if (state === true) open.push(hit);
    else if (state === null) unknown.push(hit);
  }
  return open.concat(unknown);
}

/**
 * The one search both sides run: the server for the cards, the browser for the markers, so the
 * two cannot disagree.
 * - No query and no origin: everyone, in the given order.
 * - Text only: case-insensitive substring of name or city (specification section 4).
 * - Origin: everyone within the radius, plus text matches further away (typing "Berlin" finds the
 *   dealers around Berlin and also "Berliner Radladen" in Hamburg), nearest first. When that is
 *   nobody, the nearest few with coordinates.
 * - Filters (services, an article's lines, open now) narrow every mode, the nearest few included.
 */
export function searchDealers<T extends DealerLike>(dealers: readonly T[], spec: DealerSearchSpec): DealerSearchResult<T> {
  const { origin, query } = spec;
  const passes = fixedFilter(spec);
  const openness = spec.openNow ? opennessAt(spec.now ?? Date.now()) : null;
  const finish = (hits: DealerHit<T>[]) => (openness ? openFirst(hits, openness) : hits);
  if (!origin) {
    const text = query.trim() !== "";
    if (!text && !passes && !openness) return { mode: "all", hits: dealers.map((dealer) => ({ dealer, distanceKm: null })), nearestFallback: false };
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
      if (distanceKm <= spec.radiusKm) {
        hits.push({ dealer, distanceKm });
        continue;
      }
    }
    if (query !== "" && matchesDealerQuery(dealer, query)) {
      hits.push({ dealer, distanceKm: point ? haversineKm(origin, point) : null });
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
  let nearest: DealerHit<T>[];
  if (openness) {
    // Only as far down the list as it takes to find a few open (or unknown) ones.
    nearest = [];
    for (const hit of candidates) {
      if (openness(hit.dealer) === false) continue;
      nearest.push(hit);
      if (nearest.length === NEAREST_FALLBACK) break;
    }
    nearest = openFirst(nearest, openness);
  } else {
    nearest = candidates.slice(0, NEAREST_FALLBACK);
  }
  return { mode: "proximity", hits: nearest, nearestFallback: nearest.length > 0 };
}

/** "12,3 km" / "12.3 km" at a precision that means something for a drive to a shop. */
export function formatDistance(km: number, lang: string): string {
  const digits = km < 10 ? 1 : 0;
  return `${km.toLocaleString(lang === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits })} km`;
}

/** https: and http: only: a `javascript:` address from a data source must never become a link. */
export function safeWebUrl(web: string | undefined): string | null {
  if (!web) return null;
  try {
    const url = new URL(web);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export function telHref(tel: string): string {
  return `tel:${tel.replace(/[^\d+]/g, "")}`;
}

export function routeHref(point: LatLng): string {
  return `https://www.openstreetmap.org/directions?to=${point.lat},${point.lng}`;
}
