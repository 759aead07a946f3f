import type { TFunction } from "i18next";
import { OpenStatusLine, TodayHours } from "~/components/dealers/opening-status";
import { formatDistance } from "~/dealers/search/search-spec";
import type { WhereToBuyHit } from "~/dealers/where-to-buy/where-to-buy";
import type { Lang } from "~/i18n/language";
import { AppLink } from "~/navigation/app-link";
import { stockTime } from "~/dealers/where-to-buy/stock-time";
import { LineBadge, StockBadge } from "./stock-badge";

interface WhereToBuyDealersProps {
  t: TFunction;
  lang: Lang;
  hits: readonly WhereToBuyHit[];
  /** The search's moment, which "today" in a stock badge means. */
  now: number;
  /** The address of the article's recall, when it is under one. */
  recall?: string | null;
  /** The article: each dealer's page is linked with it, so that page shows the same badge. */
  partno: string;
}

/**
 * The nearest dealers in the article panel, in two groups that say what is known (issue 37): those
 * that report the article in stock (badged), then those that only carry its product line (their own
 * label: they can order it, whether it is on their shelf is not known). The search already put the
 * stocked ones first; each group keeps its distance order. Name (to the dealer's page with the
 * article), distance, whether open, today's hours.
 */
export function WhereToBuyDealers({ t, lang, hits, now, partno, recall = null }: WhereToBuyDealersProps) {
  const stockRecall = recall === null ? null : { href: recall, label: t("dealers.stock.recalled") };
  const timeOf = (asOf: string) => {
    const words = stockTime(asOf, now, lang);
    return t(words.key, words.values);
  };
  const stocked = hits.filter((hit) => hit.inStockAsOf !== null);
  const lineOnly = hits.filter((hit) => hit.inStockAsOf === null);
  const item = ({ dealer, distanceKm, hours, inStockAsOf }: WhereToBuyHit) => (
    <li key={dealer.slug} className="where-to-buy__dealer">
      <p className="where-to-buy__head">
        <AppLink to={`/handlersuche/${encodeURIComponent(dealer.slug)}?article=${encodeURIComponent(partno)}`} className="where-to-buy__name">
          {dealer.name}
        </AppLink>
        {distanceKm !== null ? <span className="where-to-buy__distance">{formatDistance(distanceKm, lang)}</span> : null}
      </p>
      {inStockAsOf !== null ? <StockBadge label={t("dealers.stock.badge")} time={timeOf(inStockAsOf)} recall={stockRecall} /> : <LineBadge label={t("dealers.stock.lineOnly")} />}
      <p className="where-to-buy__address">{dealer.address}</p>
      <OpenStatusLine t={t} hours={hours} />
      <TodayHours t={t} hours={hours} />
    </li>
  );
  return (
    <>
      {stocked.length > 0 ? (
        <>
          <h4 className="where-to-buy__group">{t("whereToBuy.stockedHeading")}</h4>
          <ol className="where-to-buy__list">{stocked.map(item)}</ol>
        </>
      ) : null}
      {lineOnly.length > 0 ? (
        <>
          <h4 className="where-to-buy__group">{t(stocked.length > 0 ? "whereToBuy.lineOnlyHeading" : "whereToBuy.lineOnlyHeadingAlone")}</h4>
          <ol className="where-to-buy__list">{lineOnly.map(item)}</ol>
        </>
      ) : null}
    </>
  );
}
