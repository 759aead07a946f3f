import type { Lang } from "~/i18n/language";

/* A calendar date (YYYY-MM-DD, no time of day) written out for people: "14. Oktober 2026", "14 October 2026". */

const longDate: Record<Lang, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

/** UTC on both sides: the server and a browser west of Greenwich show the same day. */
export function formatIsoDate(iso: string, lang: Lang): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : longDate[lang].format(date);
}
