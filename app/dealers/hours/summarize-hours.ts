import { hoursOf } from "./hours-cache-control";
import { type HoursPlace, type TimeRange } from "./hours-types";
import { countryOfPlace, localTime, openStatus, rangesOn, timeZoneOf } from "./open-status";

/**
 * What a card says about a dealer's hours at one moment, worked out where the hours are read (the
 * loader, the map's chunk): the pages that only show it need no parser, which keeps the dealer
 * search's and the article's first script small. Plain data, so it travels in loader data.
 */
export type HoursSummary =
  | { state: "unknown" }
  | { state: "open"; closesAt: number | null; today: TimeRange[] }
  | {
      state: "closed";
      /** dayOffset counts calendar days from today; weekday (0 = Monday) names a later day. */
      opensAt: { dayOffset: number; weekday: number; minutes: number } | null;
      today: TimeRange[];
    };

export function summarizeHours(openingHours: string | undefined, place: HoursPlace, now: number): HoursSummary {
  const hours = hoursOf(openingHours);
  const status = openStatus(hours, place, now);
  if (!hours || status.state === "unknown") return { state: "unknown" };
  const local = localTime(now, timeZoneOf(place));
  const today = rangesOn(hours, local.date, countryOfPlace(place));
  if (status.state === "open") return { state: "open", closesAt: status.closesAt?.minutes ?? null, today };
  const opens = status.opensAt;
  return {
    state: "closed",
    opensAt: opens ? { dayOffset: opens.dayOffset, weekday: (local.weekday + opens.dayOffset) % 7, minutes: opens.minutes } : null,
    today,
  };
}
