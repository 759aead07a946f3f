import type { StockRow } from "~/models/dealer-stock.server";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { dealerCarries, lineKeys } from "~/dealers/lines/product-lines";
import { createRandom } from "./random";

/*
 * A demo stock snapshot (issue 29, decision 056): what dealers' merchandise systems would have sent,
 * so a visitor of the demo sees "vorrätig" on where-to-buy and the dealer page. Which dealer has
 * which article is fixed by the seed; the times are minutes to hours before the seed ran, so the
 * stock is fresh after `npm start`. A demo left running for longer than STOCK_MAX_AGE_HOURS shows
 * no badges any more: stale stock is never claimed, on the demo as anywhere.
 */

/** Share of the brand's dealers whose system sends stock; the rest are listed by product line only. */
const SENDING_SHARE = 0.6;
/** Share of the range a sending dealer has on its books. */
const RANGE_SHARE = 0.3;
/** Of those, the share sold out (quantity 0: listed, never shown as in stock). */
const SOLD_OUT_SHARE = 0.2;

export interface DemoStock {
  rows: StockRow[];
  /** Per dealer with a snapshot: when it arrived (ISO 8601 UTC) and its rows. */
  snapshots: { dealer_id: number; received_at: string; row_count: number }[];
}

/**
 * `dealers`: the demo dealers' row ids, tags and product lines (a comma list, '' for the whole
 * range); `articles`: every article with the names of its category and the category's ancestors;
 * `seededAt`: the seed's clock. Only dealers tagged `brandTag` send stock (the others do not sell
 * the brand), and only for articles of the lines they carry, as a real shop's stock would be.
 */
export function demoStock(
  seed: number,
  dealers: readonly { id: number; tag: string; productLines: string }[],
  articles: readonly { partno: string; lines: readonly string[] }[],
  brandTag: string,
  seededAt: Date,
): DemoStock {
  const keyed = articles.map((article) => ({ partno: article.partno, keys: lineKeys(article.lines) }));
  const rng = createRandom(seed ^ 0x5704c);
  const rows: StockRow[] = [];
  const snapshots: DemoStock["snapshots"] = [];
  for (const dealer of dealers) {
    if (!hasBrandTag(dealer.tag, brandTag) || !rng.chance(SENDING_SHARE)) continue;
    // Systems send every few minutes to every few hours; the newest is at most five hours old.
    const asOf = new Date(seededAt.getTime() - rng.int(3, 300) * 60_000).toISOString();
    const lines = { productLines: dealer.productLines.split(",").map((line) => line.trim()).filter((line) => line !== "") };
    const own = keyed.filter((article) => rng.chance(RANGE_SHARE) && dealerCarries(lines, article.keys)).map((article) => article.partno);
    for (const partno of own) rows.push({ dealer_id: dealer.id, partno, gtin: null, quantity: rng.chance(SOLD_OUT_SHARE) ? 0 : rng.int(1, 12), as_of: asOf });
    snapshots.push({ dealer_id: dealer.id, received_at: asOf, row_count: own.length });
  }
  return { rows, snapshots };
}
