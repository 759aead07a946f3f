import type { TFunction } from "i18next";
import { OpenStatusLine, TodayHours } from "~/components/dealers/opening-status";
import { formatDistance } from "~/dealers/search/search-spec";
import type { WhereToBuyHit } from "~/dealers/where-to-buy/where-to-buy";
import type { Lang } from "~/i18n/language";
import { AppLink } from "~/navigation/app-link";
import { stockTime } from "~/dealers/where-to-buy/stock-time";
import { StockBadge } from "./stock-badge";

interface WhereToBuyDealersProps {
  t: TFunction;
  lang: Lang;
  hits: readonly WhereToBuyHit[];
  /** The search's moment, which "today" in a stock badge means. */
  now: number;
  /** The address of the article's recall, when it is under one. */
  recall?: string | null;
}

/** The nearest dealers in the article panel: name (to the dealer's page), distance, whether open, today's hours. */
export function WhereToBuyDealers({ t, lang, hits, now, recall = null }: WhereToBuyDealersProps) {
  const stockRecall = recall === null ? null : { href: recall, label: t("dealers.stock.recalled") };
  const timeOf = (asOf: string) => {
    const words = stockTime(asOf, now, lang);
    return t(words.key, words.values);
  };
  return (
    <ol className="where-to-buy__list">
      {hits.map(({ dealer, distanceKm, hours, inStockAsOf }) => (
        <li key={dealer.slug} className="where-to-buy__dealer">
          <p className="where-to-buy__head">
            <AppLink to={`/handlersuche/${encodeURIComponent(dealer.slug)}`} className="where-to-buy__name">
              {dealer.name}
            </AppLink>
            {distanceKm !== null ? <span className="where-to-buy__distance">{formatDistance(distanceKm, lang)}</span> : null}
          </p>
          {inStockAsOf !== null ? <StockBadge label={t("dealers.stock.badge")} time={timeOf(inStockAsOf)} recall={stockRecall} /> : null}
          <p className="where-to-buy__address">{dealer.address}</p>
          <OpenStatusLine t={t} hours={hours} />
          <TodayHours t={t} hours={hours} />
        </li>
      ))}
    </ol>
  );
}
