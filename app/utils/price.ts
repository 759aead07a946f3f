import type { Lang } from "~/i18n/language";

const amounts: Record<Lang, Intl.NumberFormat> = {
  de: new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * The one price format of the site and the catalogue PDF: the amount in the language's digits, then
 * a no-break space and the euro sign ("1.299,95 €", "1,299.95 €"), as the specification shows prices
 * in both languages (decision 022). Prices shown to visitors carry the footnote's asterisk: markedPrice.
 */
export function formatPrice(euros: number, lang: Lang): string {
  return `${amounts[lang].format(euros)}\u00a0€`;
}

/**
 * A recommended retail price as every page and the catalogue PDF show it: with the asterisk that
 * the price footnote (`products.priceFootnote`) explains.
 */
export function markedPrice(euros: number, lang: Lang): string {
  return `${formatPrice(euros, lang)}*`;
}

export function markedPriceCents(cents: number, lang: Lang): string {
  return markedPrice(Math.round(cents) / 100, lang);
}

/** The same for an amount in cents, as the database stores it; never off by a float's last digit. */
export function formatPriceCents(cents: number, lang: Lang): string {
  return formatPrice(Math.round(cents) / 100, lang);
}
