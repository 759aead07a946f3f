import type { ArticlePriceRow } from "~/models/article-price.server";

/*
 * The one rule for the price a German visitor may be shown (issue 38, decision 075). The BMEcat
 * import, its price deltas, the provider sync, the export and the price clock that takes an ended
 * price off the pages all call it.
 *
 * A catalogue offers prices; the site keeps the recommended retail prices (nrp, else gros_list)
 * that are sold from one piece and carry VAT, with their territory and validity, and shows the one
 * for Germany (or for no territory) in EUR that is valid today. Austrian and Swiss prices are kept
 * for later, never shown.
 */

/** A recommended retail price as the site keeps it (article_prices). */
export interface RetailPrice {
  /** nrp or gros_list: nrp wins where both are given. */
  type: RetailPriceType;
  currency: string;
  /** Gross (VAT included), in cents of the currency. */
  amountCents: number;
  /** ISO 3166 alpha-2 code, or "" for a price the file gives for no territory. */
  territory: string;
  /** First and last day it is valid (ISO dates, both inclusive); null: open. */
  validFrom: string | null;
  validUntil: string | null;
}

export const RETAIL_PRICE_TYPES = ["nrp", "gros_list"] as const;
export type RetailPriceType = (typeof RETAIL_PRICE_TYPES)[number];

/**
 * VAT rates by territory, as fractions (standard first): a price for Germany or for no territory
 * carries Germany's, an Austrian or Swiss one its own. The export writes the standard rate.
 */
export const VAT_RATES: Readonly<Record<string, readonly number[]>> = {
  DE: [0.19, 0.07],
  AT: [0.2, 0.13, 0.1],
  CH: [0.081, 0.026, 0.038, 0.077, 0.025, 0.037],
};

/** Why a catalogue's price is not one the site keeps: the grouped warning names it. */
export type PriceRefusal = "type" | "currency" | "territory" | "quantity" | "validity" | "tax" | "amount";

/** One price as a catalogue writes it, before the rule. */
export interface OfferedPrice {
  type: string;
  currency: string;
  /** Null: the amount is not a number. */
  amountCents: number | null;
  /** The price's TERRITORY elements, else the catalogue's; empty: none given. */
  territories: string[];
  lowerBound: number | null;
  validFrom: string | null;
  validUntil: string | null;
  /** TAX as written (0.19 or 19); null: none given. */
  tax: number | null;
  /** The file says its amounts are without VAT (the ETIM guideline's PRICE_AMOUNT). */
  net: boolean;
}

export const SHOWN_TERRITORY = "DE";
/** Territories whose prices are kept (for later: an Austrian or Swiss site), besides Germany's. */
const KEPT_TERRITORIES = new Set(["DE", "AT", "CH"]);
/** Their currencies: a price in pounds or dollars is of no use to any of them. */
const KEPT_CURRENCIES = new Set(["EUR", "CHF"]);

/** Valid on `today` (ISO dates, both ends inclusive, open where null): the one reading of a price's dates. */
function validOn(price: { validFrom: string | null; validUntil: string | null }, today: string): boolean {
  return (price.validFrom === null || price.validFrom <= today) && (price.validUntil === null || today <= price.validUntil);
}

/** TAX as written (0.19, or 19 as a percentage) as a fraction. */
const fraction = (tax: number) => (tax >= 1 ? tax / 100 : tax);

function isRateOf(territory: string, tax: number): boolean {
  return (VAT_RATES[territory === "" ? SHOWN_TERRITORY : territory] ?? []).some((rate) => Math.abs(rate - fraction(tax)) < 1e-9);
}

/**
 * The retail prices the site keeps of one product's offered prices, and every reason a price of it
 * is not one shown on `today`. A price is kept once per territory it names. VAT: an amount the file
 * says is net becomes gross only with a rate it gives; a TAX that is no German rate is another
 * country's VAT.
 */
export function keptRetailPrices(offered: readonly OfferedPrice[], today: string): { prices: RetailPrice[]; refused: Set<PriceRefusal> } {
  const refused = new Set<PriceRefusal>();
  const prices: RetailPrice[] = [];
  const retail = offered.filter((p) => (RETAIL_PRICE_TYPES as readonly string[]).includes(p.type));
  if (retail.length === 0 && offered.length > 0) refused.add("type");
  for (const price of retail) {
    const against = new Set<PriceRefusal>();
    if (price.amountCents === null) against.add("amount");
    if (!KEPT_CURRENCIES.has(price.currency)) against.add("currency");
    if (price.lowerBound !== null && price.lowerBound > 1) against.add("quantity");
    if (price.validFrom !== null && price.validUntil !== null && price.validUntil < price.validFrom) against.add("validity");
    const named = price.territories.length === 0 ? [""] : price.territories.filter((t) => KEPT_TERRITORIES.has(t));
    if (named.length === 0) against.add("territory");
    // Each territory's VAT: a price named for Germany and Austria with 19 % is Germany's only.
    const { tax } = price;
    const territories = named.filter((t) => (tax === null ? !price.net : isRateOf(t, tax)));
    if (named.length > 0 && territories.length === 0) against.add("tax");
    if (against.size === 0 && price.amountCents !== null) {
      const amountCents = price.net && tax !== null ? Math.round(price.amountCents * (1 + fraction(tax))) : price.amountCents;
      for (const territory of territories) {
        prices.push({ type: price.type as RetailPriceType, currency: price.currency, amountCents, territory, validFrom: price.validFrom, validUntil: price.validUntil });
      }
      continue;
    }
    // Refused: say everything that stands against it, also what would keep it off today's page.
    for (const reason of against) refused.add(reason);
    if (price.currency !== "EUR") refused.add("currency");
    if (!price.territories.every((t) => t === SHOWN_TERRITORY) && !(price.territories.length === 0)) refused.add("territory");
    if (!validOn(price, today)) refused.add("validity");
  }
  return { prices, refused };
}

/** The price shown on `today` (an ISO date in Europe/Berlin), in euro cents; null: none. */
export function shownPriceCents(prices: readonly RetailPrice[], today: string): number | null {
  return shownPrice(prices, today)?.amountCents ?? null;
}

export function shownPrice(prices: readonly RetailPrice[], today: string): RetailPrice | null {
  for (const type of RETAIL_PRICE_TYPES) {
    const fitting = prices.filter(
      (p) => p.type === type && p.currency === "EUR" && (p.territory === "" || p.territory === SHOWN_TERRITORY) && validOn(p, today),
    );
    // Germany's own before one for no territory; then the one that started last (a new price list).
    fitting.sort((a, b) => (a.territory === b.territory ? (b.validFrom ?? "").localeCompare(a.validFrom ?? "") : a.territory === SHOWN_TERRITORY ? -1 : 1));
    if (fitting[0]) return fitting[0];
  }
  return null;
}

/** Why none of the kept prices is shown today, for the report. */
export function unshownReasons(prices: readonly RetailPrice[], today: string): Set<PriceRefusal> {
  const reasons = new Set<PriceRefusal>();
  for (const p of prices) {
    if (p.currency !== "EUR") reasons.add("currency");
    else if (p.territory !== "" && p.territory !== SHOWN_TERRITORY) reasons.add("territory");
    else if (!validOn(p, today)) reasons.add("validity");
  }
  return reasons;
}

const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** The date in Germany at `at`: validity dates are German days. */
export function germanToday(at: Date = new Date()): string {
  return berlinDay.format(at);
}

/** Plain words for the report's grouped warning. */
export const REFUSAL_WORDS: Record<PriceRefusal, string> = {
  type: "only prices that are not recommended retail prices (nrp, gros_list)",
  currency: "not in EUR",
  territory: "for another country than Germany",
  quantity: "only from more than one piece (LOWER_BOUND)",
  validity: "not valid today",
  tax: "with another country's VAT, or net without a VAT rate",
  amount: "an amount that is not a number",
};

/** A source that knows one price and nothing of territory or validity (the provider, the demo): it is Germany's today. */
export function plainRetailPrices(cents: number | null): RetailPrice[] {
  return cents === null ? [] : [{ type: "nrp", currency: "EUR", amountCents: cents, territory: "", validFrom: null, validUntil: null }];
}

/** Prices that say no more than the one shown: none, or one for Germany in EUR that never ends. */
export function saysNoMoreThan(prices: readonly RetailPrice[], cents: number | null): boolean {
  if (prices.length === 0) return true;
  const [only] = prices;
  return prices.length === 1 && only !== undefined && only.currency === "EUR" && only.territory === "" && only.validFrom === null && only.validUntil === null && only.amountCents === cents;
}

/** The article_prices rows of one article's kept prices, in the catalogue's order. */
export function priceRows(partno: string, prices: readonly RetailPrice[]): ArticlePriceRow[] {
  return prices.map((p, i) => ({ partno, position: i + 1, type: p.type, currency: p.currency, amount_cents: p.amountCents, territory: p.territory, valid_from: p.validFrom, valid_until: p.validUntil }));
}

export function pricesFromRows(rows: readonly ArticlePriceRow[]): RetailPrice[] {
  return rows.map((row) => ({
    type: row.type === "gros_list" ? "gros_list" : "nrp",
    currency: row.currency,
    amountCents: row.amount_cents,
    territory: row.territory,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
  }));
}
