import type { TFunction } from "i18next";
import { hoursOf } from "~/dealers/dealer-hours";
import { type HoursCountry, type OpenStatus, type TimeRange, formatMinutes, localTime, openStatus, rangesOn, timeZoneOf } from "~/dealers/opening-hours";

/*
 * How a dealer's hours read on cards, the dealer page and "where to buy": one sentence for now
 * ("Geöffnet · schließt um 18:00 Uhr"), today's ranges, the week. `now` comes from the loader, so
 * the server's HTML and the browser's hydration show the same moment.
 */

/** Monday first, as `Weekday` counts. */
export const DAY_NAMES = [
  "dealers.hours.days.mo",
  "dealers.hours.days.tu",
  "dealers.hours.days.we",
  "dealers.hours.days.th",
  "dealers.hours.days.fr",
  "dealers.hours.days.sa",
  "dealers.hours.days.su",
] as const;
export const DAY_SHORT_NAMES = [
  "dealers.hours.daysShort.mo",
  "dealers.hours.daysShort.tu",
  "dealers.hours.daysShort.we",
  "dealers.hours.daysShort.th",
  "dealers.hours.daysShort.fr",
  "dealers.hours.daysShort.sa",
  "dealers.hours.daysShort.su",
] as const;

export function openStatusText(t: TFunction, status: OpenStatus, now: number, timeZone: string): string {
  if (status.state === "unknown") return t("dealers.hours.unknown");
  const time = (minutes: number) => t("dealers.hours.time", { time: formatMinutes(minutes) });
  if (status.state === "open") {
    return status.closesAt ? t("dealers.hours.openClosesAt", { time: time(status.closesAt.minutes) }) : t("dealers.hours.openAllDay");
  }
  const opens = status.opensAt;
  if (!opens) return t("dealers.hours.closed");
  if (opens.dayOffset === 0) return t("dealers.hours.closedOpensAt", { time: time(opens.minutes) });
  if (opens.dayOffset === 1) return t("dealers.hours.closedOpensTomorrow", { time: time(opens.minutes) });
  const weekday = (localTime(now, timeZone).weekday + opens.dayOffset) % 7;
  return t("dealers.hours.closedOpensOn", { day: t(DAY_NAMES[weekday] ?? DAY_NAMES[0]), time: time(opens.minutes) });
}

export function rangesText(t: TFunction, ranges: readonly TimeRange[]): string {
  if (ranges.length === 0) return t("dealers.hours.closedToday");
  return ranges.map((range) => t("dealers.hours.range", { from: formatMinutes(range.from), to: formatMinutes(range.to) })).join(", ");
}

interface StatusProps {
  t: TFunction;
  openingHours: string | undefined;
  country: HoursCountry;
  now: number;
}

/** "Geöffnet · schließt um 18:00 Uhr", coloured by state; also tells screen readers the state. */
export function OpenStatusLine({ t, openingHours, country, now }: StatusProps) {
  const status = openStatus(hoursOf(openingHours), country, now);
  return (
    <p className={`open-status open-status--${status.state}`}>{openStatusText(t, status, now, timeZoneOf(country))}</p>
  );
}

/** "Heute: 09:00–12:30, 14:00–18:00"; nothing when the hours are unknown. */
export function TodayHours({ t, openingHours, country, now }: StatusProps) {
  const hours = hoursOf(openingHours);
  if (!hours) return null;
  const today = localTime(now, timeZoneOf(country));
  return <p className="open-status__today">{`${t("dealers.hours.today")}: ${rangesText(t, rangesOn(hours, today.date, country))}`}</p>;
}
