/*
 * What the dealer search's pages share: limits, the search's input, and the small helpers cards
 * need. The search itself is in search-dealers.ts, which only the server and the map's chunk load:
 * a module is never split between chunks, so the cards would otherwise download it (and the
 * opening-hours reader) too.
 */
import type { LatLng } from "~/geo/geo";
import type { LinkedNumbers } from "~/utils/linked-number";
import type { ListedDealer } from "~/dealers/dealer/dealer";
import type { DealerFilterName, DealerFilterValues } from "./dealer-filters";

export const RADII_KM = [25, 50, 100, 200] as const;
export type RadiusKm = (typeof RADII_KM)[number];
export const DEFAULT_RADIUS_KM: RadiusKm = 50;
/** Shown with a note when nobody is inside the radius: a locator should never answer "nobody". */
export const NEAREST_FALLBACK = 3;
/**
 * Cards per page (`?limit=` for more). 20, since the cards show hours and services: fifty rich
 * cards made a 127 KB page (the budget is 100 KB), hydrating thirty kept a phone's main thread busy
 * long enough to cost the page its Lighthouse budget in one run of three, and nobody reads past
 * the nearest few.
 */
export const PAGE_SIZE = 20;
/** "Near me" positions keep three decimals (about 100 m): plenty for the nearest shop, and less personal. */
export const LATITUDE: LinkedNumbers = { min: -90, max: 90, step: 0.001, decimals: 3 };
export const LONGITUDE: LinkedNumbers = { min: -180, max: 180, step: 0.001, decimals: 3 };
export const MAX_QUERY_LENGTH = 100;

export type DealerLike = Pick<
  ListedDealer,
  "name" | "address" | "city" | "position" | "services" | "openingHours" | "country" | "timeZone" | "productLines" | "slug"
>;

/** What the server resolved the visitor's input to; the browser runs the same search on it. */
export interface DealerSearchSpec {
  query: string;
  /** Set for proximity: a postal code, a place or the visitor's own position. */
  origin: LatLng | null;
  radiusKm: number;
  /** The chips' filters (dealer-filters.ts); absent ones are off. */
  filters?: Partial<DealerFilterValues>;
  /** What the server looked up elsewhere for a filter (dealer keys), so the browser filters alike. */
  filterData?: Partial<Record<DealerFilterName, string[]>>;
  /** The moment "open now" means (epoch ms): the server's, so cards and markers agree. */
  now?: number;
  /** Names and keys of an article's category and its ancestors: only dealers who carry it. */
  lines?: string[] | null;
  /**
   * With an article: the slugs of the dealers that have it in stock now (decision 056). They come
   * first, and count as carrying the article whatever their product lines say.
   */
  inStock?: string[];
}

export function coordinatesOf(dealer: Pick<ListedDealer, "position">): LatLng | null {
  const [lat, lng] = dealer.position;
  return lat === null || lng === null ? null : { lat, lng };
}

/** Identifies a dealer across server and browser: the provider's shape has no id. */
export function dealerKey(dealer: Pick<ListedDealer, "name" | "address">): string {
  return `${dealer.name}\n${dealer.address}`;
}

/** "12,3 km" / "12.3 km" at a precision that means something for a drive to a shop. */
export function formatDistance(km: number, lang: string): string {
  const digits = km < 10 ? 1 : 0;
  return `${km.toLocaleString(lang === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits })} km`;
}

/** https: and http: only: a `javascript:` address from a data source must never become a link. */
export function safeWebUrl(website: string | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A web address as the pages show it: "radhaus-kassel.de/laden", without the scheme or a final slash. */
export function webAddressText(website: string): string {
  return website.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function routeHref(point: LatLng): string {
  return `https://www.openstreetmap.org/directions?to=${point.lat},${point.lng}`;
}
