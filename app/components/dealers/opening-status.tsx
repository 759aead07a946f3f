import type { TFunction } from "i18next";
import { formatMinutes } from "~/dealers/hours/format-minutes";
import type { HoursSummary } from "~/dealers/hours/summarize-hours";
import type { TimeRange } from "~/dealers/hours/hours-types";

/*
 * How a dealer's hours read on cards, the dealer page and "where to buy": one sentence for now
 * ("Geöffnet · schließt um 18:00 Uhr"), today's ranges, the week. They show a summary the loader
 * (or the map's chunk) worked out at one moment, so the server's HTML and the browser's hydration
 * agree and these pages ship no opening-hours parser.
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

export function openStatusText(t: TFunction, summary: HoursSummary): string {
  if (summary.state === "unknown") return t("dealers.hours.unknown");
  const time = (minutes: number) => t("dealers.hours.time", { time: formatMinutes(minutes) });
  if (summary.state === "open") {
    return summary.closesAt !== null ? t("dealers.hours.openClosesAt", { time: time(summary.closesAt) }) : t("dealers.hours.openAllDay");
  }
  const opens = summary.opensAt;
  if (!opens) return t("dealers.hours.closed");
  if (opens.dayOffset === 0) return t("dealers.hours.closedOpensAt", { time: time(opens.minutes) });
  if (opens.dayOffset === 1) return t("dealers.hours.closedOpensTomorrow", { time: time(opens.minutes) });
  return t("dealers.hours.closedOpensOn", { day: t(DAY_NAMES[opens.weekday] ?? DAY_NAMES[0]), time: time(opens.minutes) });
}

export function rangesText(t: TFunction, ranges: readonly TimeRange[]): string {
  if (ranges.length === 0) return t("dealers.hours.closedToday");
  return ranges.map((range) => t("dealers.hours.range", { from: formatMinutes(range.from), to: formatMinutes(range.to) })).join(", ");
}

interface StatusProps {
  t: TFunction;
  hours: HoursSummary;
}

/** "Geöffnet · schließt um 18:00 Uhr", coloured by state; also tells screen readers the state. */
export function OpenStatusLine({ t, hours }: StatusProps) {
  return <p className={`open-status open-status--${hours.state}`}>{openStatusText(t, hours)}</p>;
}

/** "Heute: 09:00–12:30, 14:00–18:00"; nothing when the hours are unknown. */
export function TodayHours({ t, hours }: StatusProps) {
  if (hours.state === "unknown") return null;
  return <p className="open-status__today">{`${t("dealers.hours.today")}: ${rangesText(t, hours.today)}`}</p>;
}
