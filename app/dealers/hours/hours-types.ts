/* The shapes of dealers' opening hours, shared by their parser, their writer and "open now?". */

import type { HoursCountry } from "./public-holidays";

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Monday … 6 = Sunday
/** Minutes since midnight; `to` exceeds 1440 for a range that goes past midnight. */
export interface TimeRange {
  from: number;
  to: number;
}
/** ISO dates, inclusive; no ranges = closed. */
export interface DateException {
  from: string;
  to: string;
  ranges: TimeRange[];
}
/** Plain JSON. `week` has 7 entries from Monday; `holidays` null = holidays are ordinary days. */
export interface OpeningHours {
  week: TimeRange[][];
  holidays: TimeRange[] | null;
  exceptions: DateException[];
}
/** Where in the input, in UTF-16 code units, and what is wrong in plain English. */
export interface HoursProblem {
  offset: number;
  length: number;
  message: string;
}
/** `hours` null = empty input. */
export type ParsedHours = { ok: true; hours: OpeningHours | null; text: string } | { ok: false; problems: HoursProblem[] };
export type { HoursCountry };
/**
 * Where a dealer's hours run: its ISO country, and its time zone where the country alone does not
 * give one (outside Germany, Austria and Switzerland the server works it out, dealer-time-zone.server.ts).
 * Without a zone the hours are shown but "open now" is unknown.
 */
export type HoursPlace = string | { country: string; timeZone?: string | undefined };
