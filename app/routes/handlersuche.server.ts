import { data, redirect } from "react-router";
import { stockRecallHref } from "~/catalog/recall-view";
import { recallNotices } from "~/catalog/recall-view.server";
import { cacheControlForHours } from "~/dealers/hours/hours-cache-control";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { pickFilterValues, withoutOrphanFilters } from "~/dealers/search/dealer-filters";
import { TOGGLE_PARAM, applyToggles } from "~/dealers/search/filter-toggles";
import { originLabel, runDealerSearch } from "~/dealers/search/run-dealer-search.server";
import {
  isDealerSearch,
  linkedDealerSearchParams,
  parseDealerSearchParams,
  repairDealerSearchParams,
  toSearchParams,
} from "~/dealers/search/search-params";
import { PAGE_SIZE } from "~/dealers/search/search-spec";
import { recordDealerSearch, recordStockShown } from "~/dealers/stats/record-dealer-search.server";
import type { Route } from "./+types/handlersuche";

/*
 * The dealer page's loader (app/routes/handlersuche.tsx): the search runs here, on the server only.
 */

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A filter chip pressed without JavaScript sent the form with `toggle`: go to what it means.
  if (url.searchParams.has(TOGGLE_PARAM)) {
    const toggled = applyToggles(url.searchParams).toString();
    throw redirect(`${url.pathname}${toggled ? `?${toggled}` : ""}`, 302);
  }
  // "In stock only" without an article means nothing: the address without it (decision 056).
  const usable = withoutOrphanFilters(url.searchParams);
  if (usable) {
    const kept = usable.toString();
    throw redirect(`${url.pathname}${kept ? `?${kept}` : ""}`, 302);
  }
  const params = parseDealerSearchParams(url.searchParams);
  if (!params) {
    const repaired = repairDealerSearchParams(url.searchParams).toString();
    throw redirect(`${url.pathname}${repaired ? `?${repaired}` : ""}`, 302);
  }
  const { q: query, r: radiusKm, limit } = params;
  const search = await runDealerSearch(context, params);
  const { article, origin, unknownPostalCode, alternatives, spec, result, now, exact, facts, stock } = search;
  // Only the values the site links (a radius, a position to 100 m, a limit in pages up to the last
  // one): any other is sent there, before it is counted, rendered or kept.
  const linked = linkedDealerSearchParams(url.searchParams, result.hits.length);
  if (linked) throw redirect(`${url.pathname}?${linked.toString()}`, 302);
  recordDealerSearch(context, request, facts);
  const shown = result.hits.slice(0, limit);
  // The cards of this page, not those an earlier page ("show more") showed already.
  recordStockShown(context, request, article?.partno ?? null, shown.slice(Math.max(0, limit - PAGE_SIZE)).map((hit) => hit.dealer.slug), stock);
  const page = {
    query,
    radiusKm,
    limit,
    spec,
    now,
    filters: pickFilterValues(params),
    article: article ? { partno: article.partno, title: article.title, href: article.href, recall: stockRecallHref(await recallNotices(context.db, article.partno)) } : null,
    origin: origin ? { kind: origin.kind, label: originLabel(origin) } : null,
    position: origin?.kind === "position" ? { lat: origin.lat, lng: origin.lng } : null,
    unknownPostalCode,
    alternatives,
    mode: result.mode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    // Only one page of cards: the map gets every marker from the dealer API, not from this HTML.
    hits: shown.map(({ dealer: { postal: _parts, ...dealer }, ...hit }) => ({
      // The card shows the formatted line; the parts are for the dealer page's loader only.
      dealer,
      distanceKm: hit.distanceKm === null ? null : Math.round(hit.distanceKm * 10) / 10,
      hours: summarizeHours(dealer.openingHours, dealer, now),
      inStockAsOf: stock?.get(dealer.slug) ?? null,
    })),
    // Names that hold the typed words, beyond the place search's radius: offered apart, never counted in.
    nameMatches: search.nameMatches.map(({ dealer, distanceKm }) => ({
      name: dealer.name,
      slug: dealer.slug,
      city: dealer.city,
      distanceKm: distanceKm === null ? null : Math.round(distanceKm),
    })),
    dealersUrl: `${context.env.RESELLER_API_URL}/api/reseller`,
  };
  // The cards say who is open: a stored copy of the page lasts until one of them opens or closes.
  // A search is counted when it runs (issue 14), so no shared cache may answer it in our place.
  // The parsed values, so a parameter sent empty (`?q=`) is no search here: the bare page's answer.
  const cacheControl = isDealerSearch(toSearchParams(params)) ? "private, max-age=0" : cacheControlForHours(shown.map((hit) => hit.dealer), exact);
  return data(page, { headers: { "Cache-Control": cacheControl } });
}
