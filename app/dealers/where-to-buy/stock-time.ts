import type { ParseKeys } from "i18next";
import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";

/*
 * The time of a dealer's stock as a badge says it (decision 056): "Stand heute 14:05",
 * "Stand gestern 18:30", "Stand 25.11. 09:12" / "as of today 14:05", in the site's time zone, so
 * the server's HTML and the browser's hydration read alike, wherever either runs. Stock is at most
 * STOCK_MAX_AGE_HOURS old, so a day and month are enough; never a quantity.
 */

const DAY = new Intl.DateTimeFormat("en-CA", { timeZone: brand.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
const TIME: Record<Lang, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { timeZone: brand.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  en: new Intl.DateTimeFormat("en-GB", { timeZone: brand.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};
const DATE: Record<Lang, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { timeZone: brand.timeZone, day: "numeric", month: "numeric" }),
  en: new Intl.DateTimeFormat("en-GB", { timeZone: brand.timeZone, day: "numeric", month: "short" }),
};

/** The calendar day of `at` in the site's zone, as YYYY-MM-DD. */
function siteDay(at: number): string {
  return DAY.format(at);
}

export interface StockTimeWords {
  key: Extract<ParseKeys, `dealers.stock.${string}`>;
  values: { time: string; date: string };
}

/** Which words say when the stock `asOf` (ISO 8601) was reported, seen at `now` (epoch ms). */
export function stockTime(asOf: string, now: number, lang: Lang): StockTimeWords {
  const at = Date.parse(asOf);
  const values = { time: TIME[lang].format(at), date: DATE[lang].format(at) };
  const day = siteDay(at);
  if (day === siteDay(now)) return { key: "dealers.stock.today", values };
  // Noon of the day before: a day with a clock change is 23 or 25 hours long.
  if (day === siteDay(Date.parse(`${siteDay(now)}T12:00:00Z`) - 86_400_000)) return { key: "dealers.stock.yesterday", values };
  return { key: "dealers.stock.date", values };
}
