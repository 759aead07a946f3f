import { isPublicHoliday } from "./public-holidays";

/*
 * Dealer opening hours (issue 14, decision 024): a human-writable subset of OpenStreetMap's
 * opening_hours syntax, read the same way by the dealer import, the server and the browser.
 *
 *   Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off; 2026-12-24 09:00-12:00; 2026-12-27-2027-01-06 off
 *
 * - Rules are separated by `;`. A rule is a selector and its times, or `off` (also `closed`,
 *   `geschlossen`) for closed.
 * - Weekdays: Mo Tu We Th Fr Sa Su, or German Mo Di Mi Do Fr Sa So; ranges (`Mo-Fr`, also wrapping
 *   `Fr-Mo`) and lists (`Mo,We,Fr`). A later rule for a day replaces an earlier one, as in OSM.
 * - Times: `09:00-18:00` (also `9:00`, `09.00`, an en dash), several separated by commas; an end
 *   before the start runs past midnight (`22:00-02:00`), `24:00` is the end of the day.
 * - `PH` (German `Feiertag`): the nationwide public holidays of the dealer's country.
 * - Dates: `2026-12-24` or `24.12.2026`, lists and inclusive ranges. Dates beat holidays, holidays
 *   beat weekdays.
 * The parsed form is plain JSON; `formatOpeningHours` writes the canonical text the database keeps.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** Minutes since midnight; `to` exceeds 1440 for a range that runs past midnight. */
export interface TimeRange {
  from: number;
  to: number;
}
/** Inclusive ISO dates; no ranges means closed. */
export interface DateException {
  from: string;
  to: string;
  ranges: TimeRange[];
}
export interface OpeningHours {
  /** Monday first; an empty list is a closed day. */
  week: TimeRange[][];
  /** Hours on public holidays; null when holidays are ordinary days. */
  holidays: TimeRange[] | null;
  exceptions: DateException[];
}
export interface HoursProblem {
  offset: number;
  length: number;
  message: string;
}
export type ParsedHours = { ok: true; hours: OpeningHours | null; text: string } | { ok: false; problems: HoursProblem[] };
export type HoursCountry = "DE" | "AT" | "CH";

const DAY_KEYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
const DAYS: Record<string, Weekday> = { mo: 0, tu: 1, di: 1, we: 2, mi: 2, th: 3, do: 3, fr: 4, sa: 5, su: 6, so: 6 };
const CLOSED_WORDS = new Set(["off", "closed", "geschlossen"]);
const HOLIDAY_WORDS = new Set(["ph", "feiertag", "feiertage"]);
const DAY_MINUTES = 1440;

const pad = (n: number) => String(n).padStart(2, "0");

/** "09:00"; 1440 is "24:00"; ends past midnight show the next day's clock time. */
export function formatMinutes(minutes: number): string {
  const m = minutes > DAY_MINUTES ? minutes - DAY_MINUTES : minutes;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

function validIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 2000 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** A rule's text with its place in the whole input, so problems point at characters. */
class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly base: number,
    readonly problems: HoursProblem[],
  ) {}
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? "")) this.pos++;
  }
  match(pattern: RegExp): RegExpExecArray | null {
    const sticky = new RegExp(pattern.source, "iy");
    sticky.lastIndex = this.pos;
    const found = sticky.exec(this.text);
    if (found) this.pos = sticky.lastIndex;
    return found;
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  fail(at: number, length: number, message: string): null {
    this.problems.push({ offset: this.base + at, length: Math.max(length, 1), message });
    return null;
  }
}

const DATE = /(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})\.(\d{1,2})\.(\d{4})/;
const TIME = /(\d{1,2})[:.](\d{2})/;
const DASH = /\s*[-–]\s*/;

function readDate(cursor: Cursor): string | null {
  const start = cursor.pos;
  const found = cursor.match(DATE);
  if (!found) return cursor.fail(start, 10, "a date must look like 2026-12-24 or 24.12.2026");
  const [, y1, m1, d1, d2, m2, y2] = found;
  const date = y1 ? validIsoDate(Number(y1), Number(m1), Number(d1)) : validIsoDate(Number(y2), Number(m2), Number(d2));
  return date ?? cursor.fail(start, found[0].length, `"${found[0]}" is not a date`);
}

function readDates(cursor: Cursor): { from: string; to: string }[] | null {
  const spans: { from: string; to: string }[] = [];
  for (;;) {
    const start = cursor.pos;
    const from = readDate(cursor);
    if (!from) return null;
    let to = from;
    const beforeDash = cursor.pos;
    if (cursor.match(DASH) && cursor.match(DATE)) {
      cursor.pos = beforeDash;
      cursor.match(DASH);
      const end = readDate(cursor);
      if (!end) return null;
      if (end < from) return cursor.fail(start, cursor.pos - start, `the range ends before it starts: ${from} to ${end}`);
      to = end;
    } else {
      cursor.pos = beforeDash;
    }
    spans.push({ from, to });
    if (!cursor.match(/\s*,\s*/)) return spans;
  }
}

function readDay(cursor: Cursor): Weekday | null {
  const start = cursor.pos;
  const found = cursor.match(/[a-zäöü]+/);
  const day = found ? DAYS[found[0].toLowerCase()] : undefined;
  if (day !== undefined) return day;
  const word = found?.[0] ?? cursor.text.slice(start, start + 2);
  return cursor.fail(start, word.length, `unknown day "${word}" (use Mo Tu We Th Fr Sa Su, or Mo Di Mi Do Fr Sa So)`);
}

function readDays(cursor: Cursor): Weekday[] | null {
  const days = new Set<Weekday>();
  for (;;) {
    const first = readDay(cursor);
    if (first === null) return null;
    const beforeDash = cursor.pos;
    if (cursor.match(DASH) && cursor.match(/[a-z]/)) {
      cursor.pos = beforeDash;
      cursor.match(DASH);
      const last = readDay(cursor);
      if (last === null) return null;
      for (let day = first; ; day = ((day + 1) % 7) as Weekday) {
        days.add(day);
        if (day === last) break;
      }
    } else {
      cursor.pos = beforeDash;
      days.add(first);
    }
    if (!cursor.match(/\s*,\s*/)) return [...days].sort();
  }
}

function readTime(cursor: Cursor, end: boolean): number | null {
  const start = cursor.pos;
  const found = cursor.match(TIME);
  if (!found) {
    const near = /\S*/.exec(cursor.text.slice(start))?.[0] ?? "";
    return cursor.fail(start, near.length, near ? `"${near}" is not a time (write 09:00)` : "a time is missing (write 09:00)");
  }
  const hours = Number(found[1]);
  const minutes = Number(found[2]);
  const value = hours * 60 + minutes;
  if (minutes > 59 || hours > 24 || (value > DAY_MINUTES) || (value === DAY_MINUTES && !end)) {
    return cursor.fail(start, found[0].length, `"${found[0]}" is not a time`);
  }
  return value;
}

function readRanges(cursor: Cursor): TimeRange[] | null {
  const ranges: TimeRange[] = [];
  for (;;) {
    const start = cursor.pos;
    const from = readTime(cursor, false);
    if (from === null) return null;
    if (!cursor.match(DASH)) return cursor.fail(start, cursor.pos - start, "a range needs a start and an end, e.g. 09:00-18:00");
    const to = readTime(cursor, true);
    if (to === null) return null;
    if (to === from) return cursor.fail(start, cursor.pos - start, `the range ${cursor.text.slice(start, cursor.pos)} is empty`);
    ranges.push({ from, to: to < from ? to + DAY_MINUTES : to });
    if (!cursor.match(/\s*,\s*/)) break;
  }
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1];
    const after = sorted[i];
    if (before && after && after.from < before.to) {
      return cursor.fail(0, cursor.text.length, `times overlap: ${rangeText(before)} and ${rangeText(after)}`);
    }
  }
  return sorted;
}

function rangeText(range: TimeRange): string {
  return `${formatMinutes(range.from)}-${formatMinutes(range.to)}`;
}

/** `off` → [], times → their ranges. */
function readTimes(cursor: Cursor): TimeRange[] | null {
  cursor.skipSpace();
  if (cursor.done()) return cursor.fail(cursor.pos, 1, 'rule has no times (write "off" for closed)');
  const word = cursor.match(/[a-z]+/);
  if (word) {
    if (CLOSED_WORDS.has(word[0].toLowerCase())) return [];
    return cursor.fail(word.index, word[0].length, `"${word[0]}" is not a time (write 09:00-18:00, or off)`);
  }
  return readRanges(cursor);
}

type Rule =
  | { kind: "days"; days: Weekday[]; ranges: TimeRange[] }
  | { kind: "holidays"; ranges: TimeRange[] }
  | { kind: "dates"; spans: { from: string; to: string }[]; ranges: TimeRange[] };

function readRule(cursor: Cursor): Rule | null {
  cursor.skipSpace();
  let rule: Rule | null = null;
  const holiday = cursor.match(/(ph|feiertage|feiertag)(?![a-z])/);
  if (holiday && HOLIDAY_WORDS.has(holiday[0].toLowerCase())) {
    const ranges = readTimes(cursor);
    rule = ranges && { kind: "holidays", ranges };
  } else if (/^\d/.test(cursor.text.slice(cursor.pos))) {
    // A date starts a date rule ("2026-12-24 …"); a rule that starts with a time names no days.
    if (!new RegExp(`^(?:${DATE.source})`).test(cursor.text.slice(cursor.pos))) {
      return cursor.fail(cursor.pos, cursor.text.length - cursor.pos, "a rule needs days or dates before its times, e.g. Mo-Fr 09:00-18:00");
    }
    const spans = readDates(cursor);
    const ranges = spans && readTimes(cursor);
    rule = spans && ranges && { kind: "dates", spans, ranges };
  } else {
    const days = readDays(cursor);
    const ranges = days && readTimes(cursor);
    rule = days && ranges && { kind: "days", days, ranges };
  }
  if (!rule) return null;
  cursor.skipSpace();
  if (!cursor.done()) {
    const rest = cursor.text.slice(cursor.pos);
    return cursor.fail(cursor.pos, rest.length, `unexpected "${rest}" (separate rules with ";")`);
  }
  return rule;
}

export function parseOpeningHours(input: string): ParsedHours {
  if (input.trim() === "") return { ok: true, hours: null, text: "" };
  const problems: HoursProblem[] = [];
  const hours: OpeningHours = { week: [[], [], [], [], [], [], []], holidays: null, exceptions: [] };
  let offset = 0;
  for (const part of input.split(";")) {
    const base = offset;
    offset += part.length + 1;
    if (part.trim() === "") continue;
    const rule = readRule(new Cursor(part, base, problems));
    if (!rule) continue;
    if (rule.kind === "days") for (const day of rule.days) hours.week[day] = rule.ranges;
    else if (rule.kind === "holidays") hours.holidays = rule.ranges;
    else for (const span of rule.spans) hours.exceptions.push({ ...span, ranges: rule.ranges });
  }
  if (problems.length > 0) return { ok: false, problems };
  hours.exceptions.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return { ok: true, hours, text: formatOpeningHours(hours) };
}

const rangesKey = (ranges: readonly TimeRange[]) => (ranges.length === 0 ? "off" : ranges.map(rangeText).join(","));

/** The canonical text: runs of days with equal hours, holidays, then dates; closed days left out. */
export function formatOpeningHours(hours: OpeningHours): string {
  const rules: string[] = [];
  for (let day = 0; day < 7; ) {
    const key = rangesKey(hours.week[day] ?? []);
    let last = day;
    while (last + 1 < 7 && rangesKey(hours.week[last + 1] ?? []) === key) last++;
    if (key !== "off") rules.push(`${DAY_KEYS[day]}${last > day ? `-${DAY_KEYS[last]}` : ""} ${key}`);
    day = last + 1;
  }
  // A week without a single open day still has to say so, or the text would read as "unknown".
  if (rules.length === 0) rules.push("Mo-Su off");
  if (hours.holidays) rules.push(`PH ${rangesKey(hours.holidays)}`);
  for (const exception of hours.exceptions) {
    rules.push(`${exception.from}${exception.to === exception.from ? "" : `-${exception.to}`} ${rangesKey(exception.ranges)}`);
  }
  return rules.join("; ");
}

const TIME_ZONES: Record<HoursCountry, string> = { DE: "Europe/Berlin", AT: "Europe/Vienna", CH: "Europe/Zurich" };

export function timeZoneOf(country: HoursCountry): string {
  return TIME_ZONES[country];
}

export interface LocalTime {
  date: string;
  weekday: Weekday;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The last answer per time zone: filtering 10,000 dealers asks for the same instant each time. */
const lastLocal = new Map<string, { instant: number; local: LocalTime }>();

/*
 * Date arithmetic on ISO strings, remembered: "open now" over 10,000 dealers asks about the same
 * two or three dates each time, and parsing a date costs more than the rest of the check.
 */
const weekdays = new Map<string, Weekday>();
const shiftedDates = new Map<string, string>();
const MAX_REMEMBERED_DATES = 1000;

export function weekdayOf(date: string): Weekday {
  let weekday = weekdays.get(date);
  if (weekday === undefined) {
    weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) as Weekday;
    if (weekdays.size >= MAX_REMEMBERED_DATES) weekdays.clear();
    weekdays.set(date, weekday);
  }
  return weekday;
}

export function addDays(date: string, days: number): string {
  const key = `${date}${days}`;
  let shifted = shiftedDates.get(key);
  if (shifted === undefined) {
    shifted = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    if (shiftedDates.size >= MAX_REMEMBERED_DATES) shiftedDates.clear();
    shiftedDates.set(key, shifted);
  }
  return shifted;
}

export function localTime(instant: Date | number, timeZone: string): LocalTime {
  const time = typeof instant === "number" ? instant : instant.getTime();
  const last = lastLocal.get(timeZone);
  if (last && last.instant === time) return last.local;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(time)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const local = { date, weekday: weekdayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  lastLocal.set(timeZone, { instant: time, local });
  return local;
}

/** A day's hours with date exceptions and public holidays applied. */
export function rangesOn(hours: OpeningHours, date: string, country: HoursCountry): TimeRange[] {
  for (const exception of hours.exceptions) {
    if (exception.from <= date && date <= exception.to) return exception.ranges;
  }
  if (hours.holidays && isPublicHoliday(date, country)) return hours.holidays;
  return hours.week[weekdayOf(date)] ?? [];
}

/** The range open at `minutes` of `date` (a range of the day before may still run), or null. */
function openRange(hours: OpeningHours, country: HoursCountry, date: string, minutes: number): { range: TimeRange; dayOffset: number } | null {
  for (const range of rangesOn(hours, date, country)) {
    if (range.from <= minutes && minutes < range.to) return { range, dayOffset: 0 };
  }
  for (const range of rangesOn(hours, addDays(date, -1), country)) {
    if (range.to > DAY_MINUTES && minutes < range.to - DAY_MINUTES) return { range, dayOffset: -1 };
  }
  return null;
}

export function isOpenAt(hours: OpeningHours | null, country: HoursCountry, now: Date | number): boolean | null {
  if (!hours) return null;
  const local = localTime(now, TIME_ZONES[country]);
  return openRange(hours, country, local.date, local.minutes) !== null;
}

export interface DayTime {
  /** 0 = today, 1 = tomorrow … */
  dayOffset: number;
  minutes: number;
}
export type OpenStatus =
  | { state: "unknown" }
  | { state: "open"; closesAt: DayTime | null }
  | { state: "closed"; opensAt: DayTime | null };

const SEARCH_DAYS = 7;

/** Where an open period that contains (dayOffset, minutes) ends, following ranges that join at midnight. */
function closingOf(hours: OpeningHours, country: HoursCountry, today: string, start: { range: TimeRange; dayOffset: number }): DayTime | null {
  let { range, dayOffset } = start;
  for (let step = 0; step < SEARCH_DAYS + 1; step++) {
    const endDay = dayOffset + Math.floor(range.to / DAY_MINUTES);
    const endMinutes = range.to % DAY_MINUTES;
    const next = rangesOn(hours, addDays(today, endDay), country).find((r) => r.from === endMinutes);
    if (!next) return endDay >= 0 ? { dayOffset: endDay, minutes: endMinutes } : null;
    range = next;
    dayOffset = endDay;
  }
  return null;
}

function openingAfter(hours: OpeningHours, country: HoursCountry, today: string, minutes: number): DayTime | null {
  for (let dayOffset = 0; dayOffset <= SEARCH_DAYS; dayOffset++) {
    for (const range of rangesOn(hours, addDays(today, dayOffset), country)) {
      if (dayOffset > 0 || range.from > minutes) return { dayOffset, minutes: range.from };
    }
  }
  return null;
}

export function openStatus(hours: OpeningHours | null, country: HoursCountry, now: Date | number): OpenStatus {
  if (!hours) return { state: "unknown" };
  const local = localTime(now, TIME_ZONES[country]);
  const open = openRange(hours, country, local.date, local.minutes);
  if (open) return { state: "open", closesAt: closingOf(hours, country, local.date, open) };
  return { state: "closed", opensAt: openingAfter(hours, country, local.date, local.minutes) };
}

/** The instant a wall-clock time of a zone happens (the later one in a DST gap). */
function instantOf(date: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const local = localTime(guess, timeZone);
    const shown = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000;
    guess += wall - shown;
  }
  return guess;
}

/** When the open/closed state changes next (epoch ms), within a week; null when it does not. */
export function nextChange(hours: OpeningHours | null, country: HoursCountry, now: Date | number): number | null {
  const status = openStatus(hours, country, now);
  const at = status.state === "open" ? status.closesAt : status.state === "closed" ? status.opensAt : null;
  if (!at) return null;
  const timeZone = TIME_ZONES[country];
  const today = localTime(now, timeZone).date;
  const instant = instantOf(addDays(today, at.dayOffset), at.minutes, timeZone);
  const time = typeof now === "number" ? now : now.getTime();
  // In the repeated hour of autumn the first reading can lie before now; the change is then an hour on.
  return instant > time ? instant : instant + 3_600_000;
}
