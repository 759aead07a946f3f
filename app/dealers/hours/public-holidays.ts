/** The countries whose nationwide public holidays "PH" knows. */
export type HoursCountry = "DE" | "AT" | "CH";

/*
 * Nationwide public holidays only. Each German Land, Austrian Bundesland and Swiss canton adds its
 * own (Heilige Drei Könige in Bavaria, Reformationstag in the north, Berchtoldstag in most cantons …)
 * and a dealer record carries no state, so those are out of scope: a dealer closed on one writes it
 * as a date exception. One-off holidays (Reformationstag 2017 in all of Germany) are not modelled.
 */

/** Easter Sunday as an ISO date, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
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
  return isoDate(year, month, day, 0);
}

function isoDate(year: number, month: number, day: number, plusDays: number): string {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn years 0–99 into 1900–1999.
  date.setUTCFullYear(year, month - 1, day + plusDays);
  return date.toISOString().slice(0, 10);
}

/** Fixed dates as "MM-DD"; movable ones as days after Easter Sunday. */
interface HolidayRules {
  fixed: string[];
  afterEaster: number[];
}

const GOOD_FRIDAY = -2;
const EASTER_MONDAY = 1;
const ASCENSION = 39;
const WHIT_MONDAY = 50;
const CORPUS_CHRISTI = 60;

const RULES: Record<HoursCountry, HolidayRules> = {
  DE: {
    // Neujahr, Tag der Arbeit, Tag der Deutschen Einheit, 1. und 2. Weihnachtstag.
    fixed: ["01-01", "05-01", "10-03", "12-25", "12-26"],
    afterEaster: [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY],
  },
  AT: {
    // Neujahr, Heilige Drei Könige, Staatsfeiertag, Mariä Himmelfahrt, Nationalfeiertag, Allerheiligen,
    // Mariä Empfängnis, Christtag, Stefanitag. Karfreitag is no longer a public holiday (since 2019).
    fixed: ["01-01", "01-06", "05-01", "08-15", "10-26", "11-01", "12-08", "12-25", "12-26"],
    afterEaster: [EASTER_MONDAY, ASCENSION, WHIT_MONDAY, CORPUS_CHRISTI],
  },
  CH: {
    // Federal law only fixes the Bundesfeier (1 August); the others are cantonal. Good Friday and
    // 26 December are not holidays everywhere (Good Friday not in Valais and Ticino, for instance) but
    // nearly all cantons keep them, so treating them as national is right for almost every dealer.
    fixed: ["01-01", "08-01", "12-25", "12-26"],
    afterEaster: [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY],
  },
};

// Asked for today and yesterday of every dealer while filtering thousands of them: compute a year once.
const cache: Record<HoursCountry, Map<number, Set<string>>> = { DE: new Map(), AT: new Map(), CH: new Map() };

function holidaysOf(year: number, country: HoursCountry): Set<string> {
  const years = cache[country];
  let dates = years.get(year);
  if (dates === undefined) {
    const rules = RULES[country];
    const easter = easterSunday(year);
    const [em, ed] = [Number(easter.slice(5, 7)), Number(easter.slice(8, 10))];
    dates = new Set([
      ...rules.fixed.map((monthDay) => `${easter.slice(0, 4)}-${monthDay}`),
      ...rules.afterEaster.map((days) => isoDate(year, em, ed, days)),
    ]);
    years.set(year, dates);
  }
  return dates;
}

/** Whether an ISO date (YYYY-MM-DD) is a nationwide public holiday in the country. */
export function isPublicHoliday(date: string, country: HoursCountry): boolean {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year)) return false;
  return holidaysOf(year, country).has(date);
}
