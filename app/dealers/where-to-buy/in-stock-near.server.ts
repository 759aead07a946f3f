import type { AppLoadContext } from "react-router";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { resolveArticleLines } from "~/dealers/lines/article-lines.server";
import { originLabel, resolveOrigin, stockOfArticle } from "~/dealers/search/run-dealer-search.server";
import { coordinatesOf } from "~/dealers/search/search-spec";
import { boundingBox, haversineKm, inBox } from "~/geo/geo";
import { IN_STOCK_MAX_DEALERS, type InStockAnswer, type InStockDealer, type InStockQuery } from "./in-stock-query";

export type InStockOutcome = { kind: "answer"; answer: InStockAnswer } | { kind: "unknown-article" } | { kind: "unknown-place" };

/**
 * The dealers within `r` km of the place that have the article in stock now, nearest first
 * (`GET /api/in-stock`, decision 056): the dealer page's place resolution and stock lookup, without
 * its product-line fallback, since the question is only "who has it".
 */
export async function inStockNear(context: Pick<AppLoadContext, "db" | "dealers" | "env" | "now">, query: InStockQuery): Promise<InStockOutcome> {
  const article = await resolveArticleLines(context.db, query.article);
  if (!article) return { kind: "unknown-article" };
  const { origin } = await resolveOrigin(context, { q: query.q ?? "", lat: query.lat, lng: query.lng });
  if (!origin) return { kind: "unknown-place" };
  const stock = await stockOfArticle(context, article.partno, context.now());
  const box = boundingBox(origin, query.r);
  const dealers: InStockDealer[] = [];
  for (const dealer of await context.dealers.dealers()) {
    const asOf = stock.get(dealer.slug);
    const point = coordinatesOf(dealer);
    if (asOf === undefined || !point || !inBox(box, point) || !hasBrandTag(dealer.tags, brand.dealerTag)) continue;
    const distanceKm = haversineKm(origin, point);
    if (distanceKm > query.r) continue;
    dealers.push({
      slug: dealer.slug,
      name: dealer.name,
      address: dealer.address,
      country: dealer.country,
      lat: point.lat,
      lng: point.lng,
      distanceKm: Math.round(distanceKm * 10) / 10,
      inStockAsOf: asOf,
      page: `/handlersuche/${encodeURIComponent(dealer.slug)}`,
    });
  }
  dealers.sort((a, b) => a.distanceKm - b.distanceKm || a.slug.localeCompare(b.slug));
  return {
    kind: "answer",
    answer: {
      article: { partno: article.partno, title: { de: article.title.de.text, en: article.title.en.text } },
      place: { label: originLabel(origin), lat: origin.lat, lng: origin.lng },
      radiusKm: query.r,
      maxAgeHours: context.env.STOCK_MAX_AGE_HOURS,
      dealers: dealers.slice(0, IN_STOCK_MAX_DEALERS),
    },
  };
}
