import type { TFunction } from "i18next";
import { OpenStatusLine, TodayHours } from "~/components/dealers/opening-status";
import { formatDistance } from "~/dealers/dealer-search";
import type { Reseller } from "~/dealers/reseller";
import type { Lang } from "~/i18n/language";
import { AppLink } from "~/navigation/app-link";

export interface WhereToBuyHit {
  dealer: Pick<Reseller, "name" | "adresse" | "slug" | "country" | "openingHours">;
  distanceKm: number | null;
}

interface WhereToBuyDealersProps {
  t: TFunction;
  lang: Lang;
  hits: readonly WhereToBuyHit[];
  /** The moment whose opening state is shown (epoch ms). */
  now: number;
}

/** The nearest dealers in the article panel: name (to the dealer's page), distance, whether open, today's hours. */
export function WhereToBuyDealers({ t, lang, hits, now }: WhereToBuyDealersProps) {
  return (
    <ol className="where-to-buy__list">
      {hits.map(({ dealer, distanceKm }) => (
        <li key={dealer.slug} className="where-to-buy__dealer">
          <p className="where-to-buy__head">
            <AppLink to={`/handlersuche/${encodeURIComponent(dealer.slug)}`} className="where-to-buy__name">
              {dealer.name}
            </AppLink>
            {distanceKm !== null ? <span className="where-to-buy__distance">{formatDistance(distanceKm, lang)}</span> : null}
          </p>
          <p className="where-to-buy__address">{dealer.adresse}</p>
          <OpenStatusLine t={t} openingHours={dealer.openingHours} country={dealer.country} now={now} />
          <TodayHours t={t} openingHours={dealer.openingHours} country={dealer.country} now={now} />
        </li>
      ))}
    </ol>
  );
}
