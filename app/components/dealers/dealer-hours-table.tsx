import type { TFunction } from "i18next";
import { rangesText } from "~/components/dealers/opening-status";
import { type SpecialDays, formatDayMonth, upcomingSpecialDays, weekRows } from "~/dealers/dealer-calendar";
import { hoursOf } from "~/dealers/dealer-hours";
import { type HoursCountry, localTime, timeZoneOf } from "~/dealers/opening-hours";
import type { Lang } from "~/i18n/language";

interface Props {
  t: TFunction;
  lang: Lang;
  openingHours: string | undefined;
  country: HoursCountry;
  /** Epoch ms from the loader: which row is today, and which special days are still ahead. */
  now: number;
}

function specialText(t: TFunction, lang: Lang, entry: SpecialDays): string {
  const from = formatDayMonth(entry.from, lang);
  const dates = entry.from === entry.to ? from : t("dealerPage.dateRange", { from, to: formatDayMonth(entry.to, lang) });
  const hours = rangesText(t, entry.ranges);
  return t(entry.kind === "holiday" ? "dealerPage.holidayEntry" : "dealerPage.specialEntry", { dates, hours });
}

/**
 * A dealer's week, Monday to Sunday with today marked, then the public-holiday rule and the special
 * days of the coming weeks ("24.12.: 09:00–12:00", "27.12.–06.01.: geschlossen").
 */
export function DealerHours({ t, lang, openingHours, country, now }: Props) {
  const hours = hoursOf(openingHours);
  // The status line above the page already says "unknown": here, what to do about it.
  if (!hours) return <p className="muted">{t("dealerPage.hoursUnknownHint")}</p>;
  const today = localTime(now, timeZoneOf(country)).date;
  const special = upcomingSpecialDays(hours, country, today);
  return (
    <>
      <table className="dealer-hours">
        <caption className="visually-hidden">{t("dealerPage.hoursCaption")}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t("dealerPage.day")}</th>
            <th scope="col">{t("dealerPage.hoursColumn")}</th>
          </tr>
        </thead>
        <tbody>
          {weekRows(hours, country, today).map((row) => (
            <tr key={row.weekday} className={row.isToday ? "is-today" : undefined} aria-current={row.isToday ? "date" : undefined}>
              <th scope="row">
                {t(`dealers.hours.days.${row.weekday}`)}
                {row.isToday ? <span className="dealer-hours__today">{t("dealerPage.todayBadge")}</span> : null}
              </th>
              <td className={row.ranges.length === 0 ? "is-closed" : undefined}>
                {rangesText(t, row.ranges)}
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
        <>
          <h3 className="dealer-hours__special-heading">{t("dealerPage.specialHeading")}</h3>
          <ul className="dealer-hours__special">
            {special.map((entry) => (
              <li key={`${entry.from}-${entry.to}`}>{specialText(t, lang, entry)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
