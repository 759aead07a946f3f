import { parseInStockQuery } from "~/dealers/where-to-buy/in-stock-query";
import { inStockNear } from "~/dealers/where-to-buy/in-stock-near.server";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/in-stock";

/**
 * `GET /api/in-stock?article=VB-17439&q=80331&r=50` (or `lat`/`lng` instead of `q`): the dealers
 * near a place that have the article in stock now, nearest first (decision 056). Cacheable for a
 * minute by anyone; the page cache keeps it until the stock (or the data) changes. Not counted in
 * the statistics: a shared cache answers most of its requests.
 */
/** The answer, and a 404 (which changes with the catalogue, not the stock), for a minute. */
const cacheable = { "Cache-Control": "public, max-age=60" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const parsed = parseInStockQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, "bad_request", `Bad parameters: ${parsed.problems.join("; ")}.`, { "Cache-Control": "no-store" });
  const outcome = await inStockNear(context, parsed.query);
  if (outcome.kind === "unknown-article") return jsonError(404, "not_found", `No article has the part number "${parsed.query.article}".`, cacheable);
  if (outcome.kind === "unknown-place") return jsonError(404, "not_found", "That place is not known: give a postal code, a town, or lat and lng.", cacheable);
  return Response.json(outcome.answer, { headers: cacheable });
}
