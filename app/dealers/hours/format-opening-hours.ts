import { formatMinutes } from "./format-minutes";
import { type OpeningHours, type TimeRange, WEEKDAY_CODES } from "./hours-types";

/* Opening hours as canonical text (English days, HH:MM, ISO dates), which opening-hours.ts reads back. */

export const rangeText = (r: TimeRange) => `${formatMinutes(r.from)}-${formatMinutes(r.to)}`;
const rangesText = (ranges: TimeRange[]) => (ranges.length === 0 ? "off" : ranges.map(rangeText).join(","));

/** Ascending days as runs: three or more consecutive days become "Mo-We", two stay "Sa,Su". */
function daysText(days: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] ?? 0) + 1) j++;
    const [a, b] = [WEEKDAY_CODES[days[i] ?? 0] ?? "", WEEKDAY_CODES[days[j] ?? 0] ?? ""];
    parts.push(j === i ? a : j === i + 1 ? `${a},${b}` : `${a}-${b}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Canonical text: English days, HH:MM, ISO dates. parseOpeningHours(format(h)).hours deep-equals h for parsed h. */
export function formatOpeningHours(hours: OpeningHours): string {
  const rules: string[] = [];
  const groups = new Map<string, number[]>();
  hours.week.forEach((ranges, d) => {
    if (ranges.length === 0) return;
    const key = rangesText(ranges);
    const days = groups.get(key);
    if (days) days.push(d);
    else groups.set(key, [d]);
  });
  for (const [text, days] of groups) rules.push(`${daysText(days)} ${text}`);
  if (hours.holidays) rules.push(`PH ${rangesText(hours.holidays)}`);
  // Only neighbours are joined: the order of exceptions decides which of two overlapping ones wins.
  let dates: string[] = [];
  hours.exceptions.forEach((e, i) => {
    dates.push(e.from === e.to ? e.from : `${e.from}-${e.to}`);
    const next = hours.exceptions[i + 1];
    const text = rangesText(e.ranges);
    if (next === undefined || rangesText(next.ranges) !== text) {
      rules.push(`${dates.join(",")} ${text}`);
      dates = [];
    }
  });
  // Closed every day is still known hours; an empty text would read back as "no hours".
  return rules.length > 0 ? rules.join("; ") : "Mo-Su off";
}
