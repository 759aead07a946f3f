/*
 * "Open now?" in the dealer's own time zone: time zones, local time, the ranges of a day with its
 * exceptions and public holidays, and the next opening or closing. The hours themselves are parsed
 * and written by opening-hours.ts. Runs on the server and in the dealer page's bundle, hence no
 * libraries and no Intl data beyond Intl.DateTimeFormat with a timeZone.
 */

import { type HoursCountry, isPublicHoliday } from "./public-holidays";
import type { HoursPlace, OpeningHours, TimeRange, Weekday } from "./hours-types";
import { DAY_MINUTES, dateOf } from "./opening-hours";

export interface LocalTime {
  date: string;
  weekday: Weekday;
  minutes: number;
}
export type OpenStatus =
  | { state: "unknown" }
  | { state: "open"; closesAt: { dayOffset: number; minutes: number } | null }
  | { state: "closed"; opensAt: { dayOffset: number; minutes: number } | null };

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

// ---------------------------------------------------------------------------------------------
// Time zones

// A Map: a country code never reaches Object.prototype's keys.
const ZONES = new Map<string, string>([
  ["DE", "Europe/Berlin"],
  ["AT", "Europe/Vienna"],
  ["CH", "Europe/Zurich"],
]);
const isHoursCountry = (country: string): country is HoursCountry => ZONES.has(country);

/** The place's zone; UTC where none is known, which only the calendar's "today" uses. */
export function timeZoneOf(place: HoursPlace): string {
  return knownZone(place) ?? "UTC";
}

/** A bare string is the country. */
export function countryOfPlace(place: HoursPlace): string {
  return typeof place === "string" ? place : place.country;
}

function knownZone(place: HoursPlace): string | null {
  return (typeof place === "string" ? undefined : place.timeZone) ?? ZONES.get(countryOfPlace(place)) ?? null;
}

interface Zone {
  format: Intl.DateTimeFormat;
  // UTC hour → offset in ms, NaN when the offset changes inside that hour.
  hours: Map<number, number>;
  lastHour: number;
  lastOffset: number;
}
const zones = new Map<string, Zone>();

function zone(timeZone: string): Zone {
  let z = zones.get(timeZone);
  if (z === undefined) {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    z = { format, hours: new Map(), lastHour: NaN, lastOffset: 0 };
    zones.set(timeZone, z);
  }
  return z;
}

/** Offset from UTC at an instant, straight from Intl (whole seconds, like the zone data). */
function intlOffset(z: Zone, t: number): number {
  const second = Math.floor(t / 1000) * 1000;
  const f = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of z.format.formatToParts(second)) {
    if (part.type in f) f[part.type as keyof typeof f] = Number(part.value);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(f.year, f.month - 1, f.day);
  wall.setUTCHours(f.hour, f.minute, f.second);
  return wall.getTime() - second;
}

/**
 * formatToParts costs microseconds, too much per dealer when filtering thousands, so the offset is
 * kept per UTC hour. An hour whose start and end share an offset is taken as constant throughout (no
 * zone switches twice within an hour); one that does not is asked of Intl every time.
 */
function offsetAt(z: Zone, t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  if (hour === z.lastHour) return z.lastOffset;
  let offset = z.hours.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const [a, b] = [intlOffset(z, start), intlOffset(z, start + HOUR_MS - 1)];
    offset = a === b ? a : NaN;
    if (z.hours.size >= 4096) z.hours.clear();
    z.hours.set(hour, offset);
  }
  if (Number.isNaN(offset)) return intlOffset(z, t);
  z.lastHour = hour;
  z.lastOffset = offset;
  return offset;
}

function toMs(instant: Date | number): number {
  const t = typeof instant === "number" ? instant : instant.getTime();
  if (!Number.isFinite(t)) throw new RangeError("not a valid instant");
  return t;
}

const weekdayOfDay = (day: number) => ((((day + 3) % 7) + 7) % 7) as Weekday; // 1970-01-01 was a Thursday

// Filtering thousands of dealers asks about the same two days over and over: keep what a day needs.
interface DayFacts {
  iso: string;
  holidayIn: Record<HoursCountry, boolean>;
}
const dayFacts = new Map<number, DayFacts>();
function factsOf(day: number): DayFacts {
  let facts = dayFacts.get(day);
  if (facts === undefined) {
    const iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    facts = { iso, holidayIn: { DE: isPublicHoliday(iso, "DE"), AT: isPublicHoliday(iso, "AT"), CH: isPublicHoliday(iso, "CH") } };
    if (dayFacts.size >= 1024) dayFacts.clear();
    dayFacts.set(day, facts);
  }
  return facts;
}

/** Local wall-clock time as milliseconds since 1970-01-01 00:00 on that clock. */
const wallOf = (z: Zone, t: number) => t + offsetAt(z, t);
const zoneOfPlace = (place: HoursPlace): Zone | null => {
  const name = knownZone(place);
  return name === null ? null : zone(name);
};

export function localTime(instant: Date | number, timeZone: string): LocalTime {
  const wall = wallOf(zone(timeZone), toMs(instant));
  const day = Math.floor(wall / DAY_MS);
  return { date: factsOf(day).iso, weekday: weekdayOfDay(day), minutes: Math.floor((wall - day * DAY_MS) / MINUTE_MS) };
}

// ---------------------------------------------------------------------------------------------
// Queries

const NONE: TimeRange[] = [];

/** The ranges starting on a day (days since 1970-01-01), exceptions and holidays applied. */
function dayRanges(hours: OpeningHours, day: number, country: string): TimeRange[] {
  const exceptions = hours.exceptions;
  if (exceptions.length === 0 && hours.holidays === null) return hours.week[weekdayOfDay(day)] ?? NONE;
  const facts = factsOf(day);
  const iso = facts.iso;
  // From the end: of two exceptions for one date the later wins, as with weekday rules.
  for (let i = exceptions.length - 1; i >= 0; i--) {
    const e = exceptions[i];
    if (e && e.from <= iso && iso <= e.to) return e.ranges;
  }
  if (hours.holidays !== null && isHoursCountry(country) && facts.holidayIn[country]) return hours.holidays;
  return hours.week[weekdayOfDay(day)] ?? NONE;
}

/** The ranges that start on the date (a past-midnight range keeps its end beyond 1440), exceptions and holidays applied. */
export function rangesOn(hours: OpeningHours, date: string, country: string): TimeRange[] {
  const iso = dateOf(date);
  if (iso === null || iso !== date) throw new RangeError(`"${date}" is not an ISO date`);
  const d = new Date(0);
  d.setUTCFullYear(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return dayRanges(hours, d.getTime() / DAY_MS, country).map((r) => ({ from: r.from, to: r.to }));
}

function within(ranges: TimeRange[], minutes: number): boolean {
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i];
    if (r && minutes >= r.from && minutes < r.to) return true;
  }
  return false;
}

/** Whether the dealer is open at the instant; null when no hours are known. Allocation-free: runs per dealer in list filters. */
export function isOpenAt(hours: OpeningHours | null, place: HoursPlace, now: Date | number): boolean | null {
  const z = zoneOfPlace(place);
  if (hours === null || z === null) return null;
  const country = countryOfPlace(place);
  const wall = wallOf(z, toMs(now));
  const day = Math.floor(wall / DAY_MS);
  const minutes = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
  // Yesterday's ranges still count while they run past midnight.
  return within(dayRanges(hours, day, country), minutes) || within(dayRanges(hours, day - 1, country), minutes + DAY_MINUTES);
}

/**
 * Open spans on the wall clock in minutes from the local midnight of `day`, merged, for the days
 * `first`..`last` relative to it: adjacent ranges ("Mo 18:00-24:00; Tu 00:00-02:00") are one span.
 */
function wallSpans(hours: OpeningHours, country: string, day: number, first: number, last: number): number[][] {
  const spans: number[][] = [];
  for (let k = first; k <= last; k++) {
    for (const r of dayRanges(hours, day + k, country)) spans.push([k * DAY_MINUTES + r.from, k * DAY_MINUTES + r.to]);
  }
  spans.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const merged: number[][] = [];
  for (const [from = 0, to = 0] of spans) {
    const previous = merged[merged.length - 1];
    if (previous && from <= (previous[1] ?? 0)) previous[1] = Math.max(previous[1] ?? 0, to);
    else merged.push([from, to]);
  }
  return merged;
}

/** A span end as "closes today at 24:00" rather than "tomorrow at 00:00"; a start the other way round. */
function dayAndMinutes(minutes: number, isEnd: boolean): { dayOffset: number; minutes: number } {
  const dayOffset = isEnd ? Math.ceil(minutes / DAY_MINUTES) - 1 : Math.floor(minutes / DAY_MINUTES);
  return { dayOffset, minutes: minutes - dayOffset * DAY_MINUTES };
}

/** Open or closed on the local wall clock, with the next closing or opening; dayOffset counts calendar days. */
export function openStatus(hours: OpeningHours | null, place: HoursPlace, now: Date | number): OpenStatus {
  const z = zoneOfPlace(place);
  if (hours === null || z === null) return { state: "unknown" };
  const country = countryOfPlace(place);
  const wall = wallOf(z, toMs(now));
  const day = Math.floor(wall / DAY_MS);
  const minutes = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
  const horizon = minutes + 7 * DAY_MINUTES;
  for (const [from = 0, to = 0] of wallSpans(hours, country, day, -1, 8)) {
    if (to <= minutes) continue;
    if (from <= minutes) return { state: "open", closesAt: to > horizon ? null : dayAndMinutes(to, true) };
    return { state: "closed", opensAt: from > horizon ? null : dayAndMinutes(from, false) };
  }
  return { state: "closed", opensAt: null };
}

/** Instants in (from, to] where the zone's offset changes; assumes at most one change a day. */
function offsetChanges(z: Zone, from: number, to: number): number[] {
  const changes: number[] = [];
  let p = from;
  let before = offsetAt(z, p);
  while (p < to) {
    const q = Math.min(p + DAY_MS, to);
    const after = offsetAt(z, q);
    if (after !== before) {
      // Offsets change on whole seconds, and intlOffset reads whole seconds.
      let [lo, hi] = [Math.floor(p / 1000), Math.floor(q / 1000)];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(z, mid * 1000) === before) lo = mid;
        else hi = mid;
      }
      changes.push(hi * 1000);
    }
    [p, before] = [q, after];
  }
  return changes;
}

/**
 * The instant (epoch ms) of the next switch between open and closed within 7 days, or null.
 * Between two offset changes the wall clock runs evenly, so the next span boundary on it converts to
 * an instant with that stretch's offset. At an offset change the wall clock jumps, which can itself
 * open or close the shop (an opening at 02:30 on the spring-forward night happens at 03:00, when the
 * clock skips past it; in the repeated autumn hour the shop can close and open again).
 */
export function nextChange(hours: OpeningHours | null, place: HoursPlace, now: Date | number): number | null {
  const z = zoneOfPlace(place);
  if (hours === null || z === null) return null;
  const country = countryOfPlace(place);
  const t0 = toMs(now);
  const limit = t0 + WEEK_MS;
  const day = Math.floor((t0 + offsetAt(z, t0)) / DAY_MS);
  const base = day * DAY_MS;
  // One day more than openStatus: a spring-forward night moves the wall clock an hour further.
  const boundaries = wallSpans(hours, country, day, -1, 9)
    .flat()
    .map((m) => base + m * MINUTE_MS);
  const changes = offsetChanges(z, t0, limit);
  const openAtStart = isOpenAt(hours, place, t0);
  let t = t0;
  for (let i = 0; ; i++) {
    const stretchEnd = changes[i] ?? limit;
    const offset = offsetAt(z, t);
    const [wallFrom, wallTo] = [t + offset, stretchEnd + offset];
    const next = boundaries.find((b) => b > wallFrom);
    if (next !== undefined && (next < wallTo || (stretchEnd === limit && next === wallTo))) return next - offset;
    if (stretchEnd >= limit) return null;
    if (isOpenAt(hours, place, stretchEnd) !== openAtStart) return stretchEnd;
    t = stretchEnd;
  }
}
