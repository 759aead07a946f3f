import type { Problems } from "~/exchange/import-report";
import { germanToday, keptRetailPrices, REFUSAL_WORDS, shownPriceCents, unshownReasons, type OfferedPrice, type PriceRefusal, type RetailPrice } from "~/exchange/retail-price";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

// The prices of one BMEcat product (PRODUCT_PRICE_DETAILS, 1.2's ARTICLE_PRICE_DETAILS) read into
// the rule of app/exchange/retail-price.ts (issue 38, decision 075).

export interface PriceContext {
  /** The header's CURRENCY: a price without PRICE_CURRENCY is in it. */
  currency: string;
  /** The header's TERRITORY elements: a price without its own is for them. */
  territories: string[];
  /** The catalogue follows the ETIM guideline, whose PRICE_AMOUNT is always without VAT. */
  net: boolean;
  /** The day the import runs, in Germany (tests pass their own). */
  today?: string;
}

/** "19.95", "19,95", "1.299,00": the amount in cents, or null when it is not a price. */
export function parsePriceCents(text: string): number | null {
  const cleaned = text.replace(/\s/g, "");
  let normal = cleaned;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(cleaned)) normal = cleaned.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(cleaned)) normal = cleaned.replace(/,/g, "");
  else if (/^\d+,\d+$/.test(cleaned)) normal = cleaned.replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

function decimal(node: XmlNode | undefined): number | null {
  const text = textOf(node).replace(",", ".");
  if (text === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** YYYY-MM-DD of a DATE, a VALID_START_DATE or an xs:dateTime; null when absent or not a date. */
function isoDate(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  return match?.[1] ?? null;
}

/** A validity boundary of a price or of its details: DATETIME type="valid_start_date" (1.2, 2005), or VALID_START_DATE. */
function boundary(node: XmlNode, kind: "start" | "end"): string | null {
  const element = child(node, kind === "start" ? "VALID_START_DATE" : "VALID_END_DATE");
  if (element) return isoDate(textOf(element));
  const datetime = children(node, "DATETIME").find((d) => d.attributes.type === `valid_${kind}_date`);
  return datetime ? isoDate(textOf(child(datetime, "DATE"))) : null;
}

function offeredPrices(details: XmlNode[], context: PriceContext): OfferedPrice[] {
  return details.flatMap((detail) =>
    [...children(detail, "PRODUCT_PRICE"), ...children(detail, "ARTICLE_PRICE")].map((price) => {
      const territories = children(price, "TERRITORY").map((t) => textOf(t).toUpperCase()).filter((t) => t !== "");
      return {
        type: (price.attributes.price_type ?? "").trim().toLowerCase(),
        currency: (textOf(child(price, "PRICE_CURRENCY")) || context.currency || "EUR").toUpperCase(),
        amountCents: parsePriceCents(textOf(child(price, "PRICE_AMOUNT"))),
        territories: territories.length > 0 ? territories : context.territories,
        lowerBound: decimal(child(price, "LOWER_BOUND")),
        validFrom: boundary(price, "start") ?? boundary(detail, "start"),
        validUntil: boundary(price, "end") ?? boundary(detail, "end"),
        tax: decimal(child(price, "TAX")) ?? decimal(child(child(price, "TAX_DETAILS") ?? price, "TAX")),
        net: context.net,
      };
    }),
  );
}

/**
 * The product's kept retail prices and the one shown today. A product none of whose prices is shown
 * adds to one grouped warning per set of reasons (ten examples and a count).
 */
export function readPrices(details: XmlNode[], problems: Problems, partno: string, context: PriceContext): { prices: RetailPrice[]; priceCents: number | null } {
  // "on_request" says there is no price: nothing to warn about (our own export writes it).
  const offered = offeredPrices(details, context).filter((p) => p.type !== "on_request");
  const today = context.today ?? germanToday();
  const { prices: kept, refused } = keptRetailPrices(offered, today);
  const priceCents = shownPriceCents(kept, today);
  if (priceCents === null && offered.length > 0) {
    const reasons = new Set<PriceRefusal>([...refused, ...unshownReasons(kept, today)]);
    const words = [...reasons].sort().map((r) => REFUSAL_WORDS[r]);
    // The first retail price's amount, else the first price's: where a reader looks first.
    const prices = details.flatMap((d) => [...children(d, "PRODUCT_PRICE"), ...children(d, "ARTICLE_PRICE")]);
    const first = prices.find((p) => p.attributes.price_type === "nrp" || p.attributes.price_type === "gros_list") ?? prices[0];
    const line = (first && child(first, "PRICE_AMOUNT")?.line) ?? first?.line ?? details[0]?.line ?? null;
    problems.warnEach(`price ${[...reasons].sort().join(",")}`, line, "PRODUCT_PRICE_DETAILS", partno, `no price is shown: its prices are ${words.join("; ")}`);
  }
  return { prices: kept, priceCents };
}
