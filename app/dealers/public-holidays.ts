import type { HoursCountry } from "./opening-hours";

/*
 * Nationwide public holidays of Germany, Austria and Switzerland, for opening hours that say
 * `PH off`. Holidays of single states or cantons (Epiphany in Bavaria, Reformation Day in the east,
 * Berchtold's Day in Zurich …) differ from shop to shop and are left to date exceptions. Swiss
 * holidays other than 1 August are cantonal; Good Friday, Easter Monday, Ascension, Whit Monday and
 * 25/26 December are kept almost everywhere, so they are counted here.
 */

/** Month-day of Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Offsets from Easter Sunday in days. */
const EASTER_BASED: Record<HoursCountry, readonly number[]> = {
  // Good Friday, Easter Monday, Ascension, Whit Monday
  DE: [-2, 1, 39, 50],
  // Easter Monday, Ascension, Whit Monday, Corpus Christi
  AT: [1, 39, 50, 60],
  CH: [-2, 1, 39, 50],
};

const FIXED: Record<HoursCountry, readonly string[]> = {
  DE: ["01-01", "05-01", "10-03", "12-25", "12-26"],
  AT: ["01-01", "01-06", "05-01", "08-15", "10-26", "11-01", "12-08", "12-25", "12-26"],
  CH: ["01-01", "08-01", "12-25", "12-26"],
};

const byYear = new Map<string, ReadonlySet<string>>();

function holidays(year: number, country: HoursCountry): ReadonlySet<string> {
  const key = `${country}${year}`;
  let set = byYear.get(key);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      ...FIXED[country].map((monthDay) => `${year}-${monthDay}`),
      ...EASTER_BASED[country].map((offset) => isoDate(year, easter.month, easter.day + offset)),
    ]);
    byYear.set(key, set);
  }
  return set;
}

/** `date` as YYYY-MM-DD. */
export function isPublicHoliday(date: string, country: HoursCountry): boolean {
  return holidays(Number(date.slice(0, 4)), country).has(date);
}
