import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { originLabel, runDealerSearch } from "~/dealers/search/run-dealer-search.server";
import { parseDealerSearchParams } from "~/dealers/search/search-params";
import { recordDealerSearch, recordStockShown } from "~/dealers/stats/record-dealer-search.server";
import type { WhereToBuyAnswer } from "~/dealers/where-to-buy/where-to-buy";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/where-to-buy";

/** A search is counted when it runs (issue 14): no shared cache may answer it in our place. */
const privateAnswer = { "Cache-Control": "private, max-age=0" };

/**
 * "Where to buy" on an article (app/components/dealers/where-to-buy.tsx): the dealer page's search
 * with the dealer page's parameters (`?q=80331&article=VB-17439&r=200&limit=3`), answered as the
 * few facts the block shows. Counted as a dealer search, like the page it stands in for.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = parseDealerSearchParams(new URL(request.url).searchParams);
  if (!params) return jsonError(400, "bad_request", "These are no dealer search parameters.", privateAnswer);
  const { origin, unknownPostalCode, result, now, facts, stock, article } = await runDealerSearch(context, params);
  recordDealerSearch(context, request, facts);
  const shown = result.hits.slice(0, params.limit);
  recordStockShown(context, request, article?.partno ?? null, shown.map((hit) => hit.dealer.slug), stock);
  const answer: WhereToBuyAnswer = {
    query: params.q,
    radiusKm: params.r,
    mode: result.mode,
    nearestFallback: result.nearestFallback,
    unknownPostalCode,
    origin: origin ? { label: originLabel(origin) } : null,
    now,
    hits: shown.map((hit) => ({
      dealer: { name: hit.dealer.name, address: hit.dealer.address, slug: hit.dealer.slug },
      distanceKm: hit.distanceKm === null ? null : Math.round(hit.distanceKm * 10) / 10,
      hours: summarizeHours(hit.dealer.openingHours, hit.dealer, now),
      inStockAsOf: stock?.get(hit.dealer.slug) ?? null,
    })),
  };
  return Response.json(answer, { headers: privateAnswer });
}
