import type { AppLoadContext } from "react-router";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { resolveArticleLines } from "~/dealers/lines/article-lines.server";
import { type DealerFilterName, FILTER_NAMES, isFiltered, pickFilterValues } from "~/dealers/search/dealer-filters";
import type { DealerSearchParams } from "~/dealers/search/search-params";
import { nameMatchesBeyond, searchDealers } from "~/dealers/search/search-dealers";
import type { DealerSearchSpec } from "~/dealers/search/search-spec";
import type { DealerSearchFacts } from "~/dealers/stats/record-dealer-search.server";
import type { LatLng } from "~/geo/geo";
import { formatPostalCode, parsePostalQuery, placeKey } from "~/geo/postal-query";
import { typedExonym } from "~/geo/place-exonyms";
import { type ResolvedPlace, findPlace, findPostalCode } from "~/models/postal-code.server";
import { freshStockBySlug } from "~/models/dealer-stock.server";
import { notFound } from "~/utils/http.server";

/*
 * The dealer search itself, for the dealer page (app/routes/handlersuche.server.ts) and the article's
 * "where to buy" (app/routes/api/where-to-buy.ts): resolving postal codes and places, the article
 * filter and the nearest fallback live here once.
 */

/** The origin of a proximity search as the page names it. */
export type Origin = LatLng & { kind: "position" } | (ResolvedPlace & { kind: "place" });

export function originLabel(origin: Origin): string | null {
  if (origin.kind === "position") return null;
  return origin.postalCode ? `${formatPostalCode(origin.country, origin.postalCode)} ${origin.place}` : origin.place;
}

/** What a search looked up in other tables once, for its filters and its order. */
export interface SearchLookups {
  /** With an article: the slugs of the dealers that have it in stock now, with the stock's time (ISO 8601 UTC). */
  stock: ReadonlyMap<string, string> | null;
}

/**
 * Filters whose data lives in another table (such as issue 29's stock): the slugs of the dealers
 * each keeps, from the search's lookups, carried in the spec, so the browser's markers filter
 * alike. Filters on the dealer's own fields need no entry.
 */
const FILTER_DATA: { [K in DealerFilterName]?: (lookups: SearchLookups) => string[] } = {
  stock: (lookups) => [...(lookups.stock?.keys() ?? [])],
};

function loadFilterData(lookups: SearchLookups, params: DealerSearchParams) {
  const data: Partial<Record<DealerFilterName, string[]>> = {};
  for (const name of FILTER_NAMES) {
    const load = FILTER_DATA[name];
    const value: unknown = params[name];
    if (load && value !== false && !(Array.isArray(value) && value.length === 0)) data[name] = load(lookups);
  }
  return Object.keys(data).length > 0 ? data : null;
}

/** The dealers with the article in stock at `now` (STOCK_MAX_AGE_HOURS); stale stock is never claimed. */
export function stockOfArticle(context: Pick<AppLoadContext, "db" | "env">, partno: string, now: number): Promise<Map<string, string>> {
  return freshStockBySlug(context.db, partno, new Date(now), context.env.STOCK_MAX_AGE_HOURS);
}

/** The search the checked parameters ask for; a 404 for an article that does not exist. */
export async function runDealerSearch(context: Pick<AppLoadContext, "db" | "dealers" | "env" | "now">, params: DealerSearchParams) {
  const { q: query, r: radiusKm } = params;
  const article = params.article === undefined ? null : await resolveArticleLines(context.db, params.article);
  if (params.article !== undefined && !article) notFound();
  // Without an article nothing can be in stock: the filter that needs one is off.
  const filters = article ? pickFilterValues(params) : { ...pickFilterValues(params), stock: false };
  // One moment for the whole page: the cards' open state, the filter, the stock and the browser's
  // markers. The minute, not the millisecond: renders within it are the same bytes (one ETag, a
  // HEAD like its GET); hours change on the minute.
  const exact = context.now();
  const now = exact - (exact % 60_000);
  const lookups: SearchLookups = { stock: article ? await stockOfArticle(context, article.partno, exact) : null };
  const filterData = loadFilterData(lookups, { ...params, ...filters });

  const dealers = (await context.dealers.dealers()).filter((d) => hasBrandTag(d.tags, brand.dealerTag));
  const { origin, unknownPostalCode, alternatives } = await resolveOrigin(context, params);
  const spec: DealerSearchSpec = {
    query,
    origin: origin ? { lat: origin.lat, lng: origin.lng } : null,
    radiusKm,
    filters,
    ...(filterData ? { filterData } : {}),
    // Only where it changes the result: the map rebuilds its markers when the spec changes.
    ...(isFiltered(filters) ? { now } : {}),
    lines: article?.lines ?? null,
    ...(lookups.stock && lookups.stock.size > 0 ? { inStock: [...lookups.stock.keys()] } : {}),
  };
  const result = searchDealers(dealers, spec);
  const nameMatches = nameMatchesBeyond(dealers, spec, result);
  // What the statistics count of this search (issue 14), the same for every route that runs it.
  const facts: DealerSearchFacts = {
    query,
    origin,
    unknownPostalCode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    limit: params.limit,
    filters,
    article: article?.partno ?? null,
  };
  return { article, origin, unknownPostalCode, alternatives, spec, result, nameMatches, now, exact, facts, stock: lookups.stock };
}

/** Another town the visitor may have meant: the page links it as a search of its own. */
export interface OtherPlace {
  /** What the link searches for: "CH-1010", "A-8932 Sankt Gallen". */
  query: string;
  /** How the page names it: "CH-1010 Lausanne", "Sankt Gallen (A-8932)". */
  label: string;
}

/** A postal code (with or without its town) or a place typed in the search box, resolved. */
async function resolveTyped(db: AppLoadContext["db"], query: string) {
  const postal = parsePostalQuery(query);
  if (postal) {
    const match = await findPostalCode(db, postal.code, postal.countries);
    if (match) {
      // "8001 Zürich": the town beside the code picks the country where the code is ambiguous.
      const wanted = postal.place === undefined ? null : placeKey(postal.place);
      const all = [match.best, ...match.alternatives];
      const best = all.find((found) => wanted !== null && placeKey(found.place).startsWith(wanted.split(" ")[0] ?? "")) ?? match.best;
      const alternatives = all.filter((found) => found !== best).map((alt) => {
        const code = formatPostalCode(alt.country, postal.code);
        return { query: code, label: `${code} ${alt.place}` };
      });
      return { origin: best, unknownPostalCode: null, alternatives };
    }
    // A code the files do not know, beside a town they do ("99999 Berlin"): the town.
    const town = postal.place === undefined ? null : await findPlace(db, postal.place);
    if (!town) return { origin: null, unknownPostalCode: postal.code, alternatives: [] };
    return { origin: town.best, unknownPostalCode: null, alternatives: [] };
  }
  const place = await findPlace(db, query);
  if (!place) return { origin: null, unknownPostalCode: null, alternatives: [] };
  // The place in the visitor's words where they differ from the town's own: an exonym ("Vienna", not
  // "Wien") or the town with what tells it apart ("Halle (Saale)", not "Halle").
  const qualified = placeKey(query).startsWith(`${placeKey(place.best.place)} `);
  const typed = typedExonym(query) ?? (qualified ? query.trim() : undefined);
  const origin = typed === undefined ? place.best : { ...place.best, place: typed };
  const alternatives: OtherPlace[] = place.alternatives.map((alt) => ({
    query: alt.postalCode ? `${formatPostalCode(alt.country, alt.postalCode)} ${alt.place}` : alt.place,
    label: alt.postalCode ? `${alt.place} (${formatPostalCode(alt.country, alt.postalCode)})` : alt.place,
  }));
  return { origin, unknownPostalCode: null, alternatives };
}

/** Where a search measures from: a typed postal code or place, or a position; what the page says about it. */
export async function resolveOrigin(context: Pick<AppLoadContext, "db">, params: Pick<DealerSearchParams, "q" | "lat" | "lng">) {
  const query = params.q;
  // A typed query beats a position left in the URL by "near me".
  if (query === "" && params.lat !== undefined && params.lng !== undefined) {
    const origin: Origin = { kind: "position", lat: params.lat, lng: params.lng };
    return { origin, unknownPostalCode: null, alternatives: [] as OtherPlace[] };
  }
  if (query === "") return { origin: null, unknownPostalCode: null, alternatives: [] as OtherPlace[] };
  const typed = await resolveTyped(context.db, query);
  const origin: Origin | null = typed.origin ? { kind: "place", ...typed.origin } : null;
  return { origin, unknownPostalCode: typed.unknownPostalCode, alternatives: typed.alternatives as OtherPlace[] };
}
