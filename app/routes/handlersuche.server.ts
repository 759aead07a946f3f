import { data, redirect } from "react-router";
import { brand } from "~/config/brand";
import { resolveArticleLines } from "~/dealers/lines/article-lines.server";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { cacheControlForHours } from "~/dealers/hours/hours-cache-control";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { TOGGLE_PARAM, applyToggles } from "~/dealers/search/filter-toggles";
import {
  isDealerSearch,
  linkedDealerSearchParams,
  parseDealerSearchParams,
  repairDealerSearchParams,
  toSearchParams,
} from "~/dealers/search/search-params";
import type { DealerSearchSpec } from "~/dealers/search/search-spec";
import { searchDealers } from "~/dealers/search/search-dealers";
import { recordDealerSearch } from "~/dealers/stats/record-dealer-search.server";
import type { LatLng } from "~/geo/geo";
import { formatPostalCode, parsePostalQuery } from "~/geo/postal-query";
import { type ResolvedPlace, findPlace, findPostalCode } from "~/models/postal-code.server";
import { notFound } from "~/utils/http.server";
import type { Route } from "./+types/handlersuche";

/*
 * The dealer page's loader (app/routes/handlersuche.tsx): the search runs here, on the server only.
 */

/** The origin of a proximity search as the page names it. */
type Origin = LatLng & { kind: "position" } | (ResolvedPlace & { kind: "place" });

function originLabel(origin: Origin): string | null {
  if (origin.kind === "position") return null;
  return origin.postalCode ? `${formatPostalCode(origin.country, origin.postalCode)} ${origin.place}` : origin.place;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A filter chip pressed without JavaScript sent the form with `toggle`: go to what it means.
  if (url.searchParams.has(TOGGLE_PARAM)) {
    const toggled = applyToggles(url.searchParams).toString();
    throw redirect(`${url.pathname}${toggled ? `?${toggled}` : ""}`, 302);
  }
  const params = parseDealerSearchParams(url.searchParams);
  if (!params) {
    const repaired = repairDealerSearchParams(url.searchParams).toString();
    throw redirect(`${url.pathname}${repaired ? `?${repaired}` : ""}`, 302);
  }
  const { q: query, r: radiusKm, limit, service: services, open: openNow } = params;
  const article = params.article === undefined ? null : await resolveArticleLines(context.db, params.article);
  if (params.article !== undefined && !article) notFound();

  const dealers = (await context.catalog.dealers()).filter((d) => hasBrandTag(d.tags, brand.dealerTag));

  let origin: Origin | null = null;
  let unknownPostalCode: string | null = null;
  let alternatives: { code: string; place: string }[] = [];
  // A typed query beats a position left in the URL by "near me".
  if (query === "" && params.lat !== undefined && params.lng !== undefined) {
    origin = { kind: "position", lat: params.lat, lng: params.lng };
  } else if (query !== "") {
    const postal = parsePostalQuery(query);
    if (postal) {
      const match = await findPostalCode(context.db, postal.code, postal.countries);
      if (match) {
        origin = { kind: "place", ...match.best };
        alternatives = match.alternatives.map((alt) => ({ code: formatPostalCode(alt.country, postal.code), place: alt.place }));
      } else {
        unknownPostalCode = postal.code;
      }
    } else {
      const place = await findPlace(context.db, query);
      if (place) origin = { kind: "place", ...place };
    }
  }

  // One moment for the whole page: the cards' open state, the filter and the browser's markers.
  // The minute, not the millisecond: renders within it are the same bytes (one ETag, a HEAD like
  // its GET); hours change on the minute.
  const exact = Date.now();
  const now = exact - (exact % 60_000);
  const spec: DealerSearchSpec = {
    query,
    origin: origin ? { lat: origin.lat, lng: origin.lng } : null,
    radiusKm,
    services,
    openNow,
    // Only where it changes the result: the map rebuilds its markers when the spec changes.
    ...(openNow ? { now } : {}),
    lines: article?.lines ?? null,
  };
  const result = searchDealers(dealers, spec);
  // Only the values the site links (a radius, a position to 100 m, a limit in pages up to the last
  // one): any other is sent there, before it is counted, rendered or kept.
  const linked = linkedDealerSearchParams(url.searchParams, result.hits.length);
  if (linked) throw redirect(`${url.pathname}?${linked.toString()}`, 302);
  recordDealerSearch(context, request, {
    query,
    origin,
    unknownPostalCode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    limit,
    filters: { services, openNow },
    article: article?.partno ?? null,
  });
  const shown = result.hits.slice(0, limit);
  const page = {
    query,
    radiusKm,
    limit,
    spec,
    now,
    services,
    openNow,
    article: article ? { partno: article.partno, title: article.title, href: article.href } : null,
    origin: origin ? { kind: origin.kind, label: originLabel(origin) } : null,
    position: origin?.kind === "position" ? { lat: origin.lat, lng: origin.lng } : null,
    unknownPostalCode,
    alternatives,
    mode: result.mode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    // Only one page of cards: the map gets every marker from the dealer API, not from this HTML.
    hits: shown.map((hit) => ({
      dealer: hit.dealer,
      distanceKm: hit.distanceKm === null ? null : Math.round(hit.distanceKm * 10) / 10,
      hours: summarizeHours(hit.dealer.openingHours, hit.dealer, now),
    })),
    dealersUrl: `${context.env.RESELLER_API_URL}/api/reseller`,
  };
  // The cards say who is open: a stored copy of the page lasts until one of them opens or closes.
  // A search is counted when it runs (issue 14), so no shared cache may answer it in our place.
  // The parsed values, so a parameter sent empty (`?q=`) is no search here: the bare page's answer.
  const cacheControl = isDealerSearch(toSearchParams(params)) ? "private, max-age=0" : cacheControlForHours(shown.map((hit) => hit.dealer), exact);
  return data(page, { headers: { "Cache-Control": cacheControl } });
}
