import type { AppLoadContext } from "react-router";
import type { Dealer } from "~/dealers/dealer/dealer";
import { z } from "~/utils/zod";
import { isWellFormedSlug } from "~/dealers/dealer/dealer-slug";
import { DEALER_CLICK_KINDS } from "./dealer-stat-events";

/** The click beacon's body (app/dealers/stats/track-dealer-click.ts builds it). */
export const dealerClickSchema = z.strictObject({
  dealer: z.string().refine(isWellFormedSlug, "not a dealer slug"),
  kind: z.enum(DEALER_CLICK_KINDS),
});

/**
 * Clicks one address may report a minute (and at once): far more than a person comparing dealers
 * makes, few enough that a script gains nothing and costs little.
 */
export const DEALER_CLICKS_PER_MINUTE = 60;

/**
 * Takes one click from the client's bucket: 0 when it may count, else the seconds to wait. The
 * address is a key in memory only (TokenBuckets drops the least recent beyond its bound), never
 * stored or logged. The buckets are the running site's (the load context's).
 */
export function takeDealerClick(context: Pick<AppLoadContext, "dealerClickLimit" | "clientIp">): number {
  return context.dealerClickLimit.take(context.clientIp);
}

/** The slugs of one dealer list, made once per list: the list is kept per data version. */
const slugSets = new WeakMap<readonly Dealer[], ReadonlySet<string>>();

function slugsOf(dealers: readonly Dealer[]): ReadonlySet<string> {
  let slugs = slugSets.get(dealers);
  if (!slugs) {
    slugs = new Set(dealers.map((dealer) => dealer.slug));
    slugSets.set(dealers, slugs);
  }
  return slugs;
}

export type DealerClickResult = { kind: "counted" } | { kind: "invalid" } | { kind: "unknown_dealer" };

/**
 * Counts a click on a dealer's phone, e-mail, web or directions link. Only slugs of dealers listed
 * now are counted, so what a request can add to the table is bounded by the dealer list.
 */
export async function acceptDealerClick(
  context: Pick<AppLoadContext, "dealers" | "dealerStats">,
  input: unknown,
): Promise<DealerClickResult> {
  const parsed = dealerClickSchema.safeParse(input);
  if (!parsed.success) return { kind: "invalid" };
  const { dealer, kind } = parsed.data;
  if (!slugsOf(await context.dealers.dealers()).has(dealer)) return { kind: "unknown_dealer" };
  context.dealerStats.count(`click.${kind}`, dealer);
  return { kind: "counted" };
}
