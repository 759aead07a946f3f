import type { Lang } from "~/i18n/language";
import { type OpeningHours, type TimeRange, type Weekday } from "./hours-types";
import { rangesOn } from "./open-status";

/*
 * A dealer's week and the days that differ from it, as the dealer page lists them: the regular
 * Monday to Sunday, and the public holidays and announced dates of the coming weeks on which the
 * shop keeps other hours. Pure, on dates in the shop's time zone ("2026-12-24"), so the server's
 * HTML and the browser's hydration agree.
 */

/** How far ahead the page lists special days: the Christmas break shows from late October. */
export const UPCOMING_DAYS = 60;

/** "2026-12-30" plus 3 days is "2027-01-02". */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday, as the opening hours count. */
export function weekdayOf(date: string): Weekday {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) as Weekday;
}

export function sameRanges(a: readonly TimeRange[], b: readonly TimeRange[]): boolean {
  return a.length === b.length && a.every((range, i) => range.from === b[i]?.from && range.to === b[i]?.to);
}

export interface WeekRow {
  weekday: Weekday;
  ranges: TimeRange[];
  isToday: boolean;
  /** Today's real hours when a public holiday or an announced date changes them, else null. */
  todayDiffers: TimeRange[] | null;
}

/** Monday to Sunday of the regular week, today marked. */
export function weekRows(hours: OpeningHours, country: string, today: string): WeekRow[] {
  const todayWeekday = weekdayOf(today);
  const actual = rangesOn(hours, today, country);
  return hours.week.slice(0, 7).map((ranges, index) => {
    const isToday = index === todayWeekday;
    return {
      weekday: index as Weekday,
      ranges,
      isToday,
      todayDiffers: isToday && !sameRanges(actual, ranges) ? actual : null,
    };
  });
}

export interface SpecialDays {
  /** First and last day, inclusive (the same for one day). */
  from: string;
  to: string;
  ranges: TimeRange[];
  /** An announced date (Christmas Eve, a winter break) or a public holiday under the holiday rule. */
  kind: "exception" | "holiday";
}

/**
 * The days from `today` to `days` ahead with other hours than the regular week: announced dates as
 * the dealer wrote them (a break stays one entry, even across its Sundays), then each public
 * holiday outside them on which the holiday rule changes the day (a holiday on a day the shop is
 * closed anyway is no news). Ordered by date; a break that began before today is still listed.
 */
export function upcomingSpecialDays(hours: OpeningHours, country: string, today: string, days = UPCOMING_DAYS): SpecialDays[] {
  const last = addDays(today, days);
  const announced: SpecialDays[] = hours.exceptions
    .filter((exception) => exception.to >= today && exception.from <= last)
    .map((exception) => ({ from: exception.from, to: exception.to, ranges: exception.ranges, kind: "exception" }));
  const holidays: SpecialDays[] = [];
  if (hours.holidays !== null) {
    for (let offset = 0; offset <= days; offset++) {
      const date = addDays(today, offset);
      if (announced.some((entry) => entry.from <= date && date <= entry.to)) continue;
      const ranges = rangesOn(hours, date, country);
      if (!sameRanges(ranges, hours.week[weekdayOf(date)] ?? [])) holidays.push({ from: date, to: date, ranges, kind: "holiday" });
    }
  }
  return [...announced, ...holidays].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

const dayMonth: Record<Lang, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }),
};

/** "24.12." in German, "24 Dec" in English: the year is clear within the next weeks. */
export function formatDayMonth(date: string, lang: Lang): string {
  return dayMonth[lang].format(new Date(`${date}T00:00:00Z`));
}
