import { coordinatesOf } from "./search-spec";
import { haversineKm } from "~/geo/geo";
import type { Dealer } from "~/dealers/dealer/dealer";

type Placed = Pick<Dealer, "slug" | "name" | "position">;

const germanOrder = new Intl.Collator("de");

/**
 * The `count` dealers nearest to `dealer`, however far (a shop in the Alps still has neighbours
 * worth naming), nearest first; none for a dealer without a position.
 */
export function nearestDealers<T extends Placed>(dealer: Placed, dealers: readonly T[], count: number): { dealer: T; distanceKm: number }[] {
  const origin = coordinatesOf(dealer);
  if (!origin) return [];
  const hits: { dealer: T; distanceKm: number }[] = [];
  for (const other of dealers) {
    const point = coordinatesOf(other);
    if (point && other.slug !== dealer.slug) hits.push({ dealer: other, distanceKm: haversineKm(origin, point) });
  }
  return hits.sort((a, b) => a.distanceKm - b.distanceKm || germanOrder.compare(a.dealer.name, b.dealer.name)).slice(0, count);
}
