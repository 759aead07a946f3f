import type { TFunction } from "i18next";
import { DAY_NAMES, DAY_SHORT_NAMES, rangesText } from "~/components/dealers/opening-status";
import { type SpecialDays, formatDayMonth, upcomingSpecialDays, weekRows, weekdayOf } from "~/dealers/hours/week-rows";
import { hoursOf } from "~/dealers/hours/hours-cache-control";
import { formatMinutes } from "~/dealers/hours/format-minutes";
import type { HoursPlace, TimeRange } from "~/dealers/hours/hours-types";
import { countryOfPlace, localTime, timeZoneOf } from "~/dealers/hours/open-status";
import type { Lang } from "~/i18n/language";

interface Props {
  t: TFunction;
  lang: Lang;
  openingHours: string | undefined;
  /** The dealer's country (public holidays) and time zone. */
  place: HoursPlace;
  /** Epoch ms from the loader: which row is today, and which special days are still ahead. */
  now: number;
}

/** "10:00–13:00, 14:00–18:30"; on a phone one range under the other (dealer-page-details.css), never broken inside. */
function Ranges({ t, ranges }: { t: TFunction; ranges: readonly TimeRange[] }) {
  if (ranges.length === 0) return t("dealers.hours.closedToday");
  return ranges.map((range, index) => (
    <span key={range.from} className="dealer-hours__range">
      {t("dealers.hours.range", { from: formatMinutes(range.from), to: formatMinutes(range.to) })}
      {index < ranges.length - 1 ? <span className="dealer-hours__separator">, </span> : null}
    </span>
  ));
}

/** "Di, 08.12." for one day, "27.12.–06.01." for a break. */
function datesText(t: TFunction, lang: Lang, entry: SpecialDays): string {
  const from = formatDayMonth(entry.from, lang);
  if (entry.from !== entry.to) return t("dealerPage.dateRange", { from, to: formatDayMonth(entry.to, lang) });
  return t("dealerPage.dayDate", { day: t(DAY_SHORT_NAMES[weekdayOf(entry.from)]), date: from });
}

/**
 * A dealer's week, Monday to Sunday with today marked, then the public-holiday rule and the special
 * days of the coming weeks ("24.12.: 09:00–12:00", "27.12.–06.01.: geschlossen").
 */
export function DealerHours({ t, lang, openingHours, place, now }: Props) {
  const hours = hoursOf(openingHours);
  // The status line above the page already says "unknown": here, what to do about it.
  if (!hours) return <p className="muted">{t("dealerPage.hoursUnknownHint")}</p>;
  const today = localTime(now, timeZoneOf(place)).date;
  const special = upcomingSpecialDays(hours, countryOfPlace(place), today);
  return (
    <>
      <table className="dealer-hours dealer-hours--week">
        <caption className="visually-hidden">{t("dealerPage.hoursCaption")}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t("dealerPage.day")}</th>
            <th scope="col">{t("dealerPage.hoursColumn")}</th>
          </tr>
        </thead>
        <tbody>
          {weekRows(hours, countryOfPlace(place), today).map((row) => (
            <tr key={row.weekday} className={row.isToday ? "is-today" : undefined} aria-current={row.isToday ? "date" : undefined}>
              <th scope="row">
                {t(DAY_NAMES[row.weekday])}
                {/* The space lets the narrowest phones put the badge below the day (dealer-page-details.css). */}
                {row.isToday ? <> <span className="dealer-hours__today">{t("dealerPage.todayBadge")}</span></> : null}
              </th>
              <td className={row.ranges.length === 0 ? "is-closed" : undefined}>
                <Ranges t={t} ranges={row.ranges} />
                {row.todayDiffers ? (
                  <span className="dealer-hours__differs">{t("dealerPage.todayDiffers", { hours: rangesText(t, row.todayDiffers) })}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.holidays === null ? null : (
        <p className="dealer-hours__rule">
          {hours.holidays.length === 0
            ? t("dealerPage.holidaysClosed")
            : t("dealerPage.holidaysHours", { hours: rangesText(t, hours.holidays) })}
        </p>
      )}
      {special.length > 0 ? (
        <table className="dealer-hours dealer-hours--special">
          <caption>{t("dealerPage.specialHeading")}</caption>
          <tbody>
            {special.map((entry) => (
              <tr key={`${entry.from}-${entry.to}`}>
                <th scope="row">
                  {datesText(t, lang, entry)}
                  {/* The space lets a narrow phone put the tag below the date. */}
                  {entry.kind === "holiday" ? <> <span className="dealer-hours__tag">{t("dealers.hours.holiday")}</span></> : null}
                </th>
                <td className={entry.ranges.length === 0 ? "is-closed" : undefined}>
                  <Ranges t={t} ranges={entry.ranges} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
