import type { TFunction } from "i18next";
import { memo } from "react";
import { OpenStatusLine, TodayHours } from "~/components/dealers/opening-status";
import { coordinatesOf, routeHref, safeWebUrl, telHref, webAddressText } from "~/dealers/search/search-spec";
import { dealerClickHandlers } from "~/dealers/stats/track-dealer-click";
import type { DealerService } from "~/dealers/dealer/dealer-services";
import type { HoursSummary } from "~/dealers/hours/summarize-hours";
import type { Dealer } from "~/dealers/dealer/dealer";
import { AppLink } from "~/navigation/app-link";
import { StockBadge, type StockRecall } from "./stock-badge";

/** The texts every card shares, translated once by the list instead of fifty times by the cards. */
export interface DealerCardLabels {
  phone: string;
  email: string;
  website: string;
  opensInNewTab: string;
  showOnMap: string;
  route: string;
  /** The note on a dealer whose marker sits on its postal code's centre. */
  approximate: string;
  approximateTown: string;
  /** The name of the list of service badges, and each badge. */
  servicesLabel: string;
  services: Record<DealerService, string>;
  /** The stock badge's word ("vorrätig"). */
  inStock: string;
  /** The page's article is under recall: the note beside its stock. */
  stockRecall?: StockRecall | null;
}

export interface DealerCardProps {
  dealer: Dealer;
  dealerKey: string;
  /** Open or closed at the page's moment, from the loader, so the server's HTML and hydration agree. */
  hours: HoursSummary;
  /** For the opening status, the one text that differs per dealer and moment. */
  t: TFunction;
  /** "4,9 km entfernt", or null outside a proximity search. */
  distance: string | null;
  /** "Stand heute 14:05" when the dealer has the page's article in stock now, else null. */
  stockTime?: string | null;
  labels: DealerCardLabels;
  onShowOnMap: (key: string) => void;
  onHighlight: (key: string | null) => void;
  highlighted: boolean;
}

/**
 * One dealer. Memoised, with stable callbacks and shared labels from the list: hydration and a
 * highlight change re-render only the cards that changed, not all fifty. The map button is always in
 * the HTML but hidden by CSS until the list says the map can be used (`.dealer-grid[data-map]`), so
 * the cards do not depend on hydration and nothing shows a dead button without JavaScript.
 */
export const DealerCard = memo(function DealerCard({
  dealer,
  dealerKey,
  hours,
  t,
  distance,
  stockTime = null,
  labels,
  onShowOnMap,
  onHighlight,
  highlighted,
}: DealerCardProps) {
  const website = safeWebUrl(dealer.website);
  const point = coordinatesOf(dealer);
  const { services } = dealer;
  const on = () => onHighlight(dealerKey);
  const off = () => onHighlight(null);
  // Mixed texts are joined into one string each: React would otherwise emit (and hydrate) a text
  // node and a <!-- --> marker per piece, ten per card.
  return (
    <li
      className={`dealer-card${highlighted ? " is-highlighted" : ""}`}
      onMouseEnter={on}
      onMouseLeave={off}
      onFocus={on}
      onBlur={off}
    >
      <h3 className="dealer-card__name">
        {dealer.slug ? <AppLink to={`/handlersuche/${encodeURIComponent(dealer.slug)}`}>{dealer.name}</AppLink> : dealer.name}
      </h3>
      {distance !== null ? <p className="dealer-card__distance">{distance}</p> : null}
      {stockTime !== null ? <StockBadge label={labels.inStock} time={stockTime} recall={labels.stockRecall} /> : null}
      <p className="dealer-card__address">{dealer.address}</p>
      {dealer.approximate && point ? <p className="dealer-card__approximate muted">{dealer.approximate === "town" ? labels.approximateTown : labels.approximate}</p> : null}
      <div className="dealer-card__hours">
        <OpenStatusLine t={t} hours={hours} />
        <TodayHours t={t} hours={hours} />
      </div>
      {services.length > 0 ? (
        <ul className="dealer-card__services" aria-label={labels.servicesLabel}>
          {services.map((service) => (
            <li key={service} className={`service-badge service-badge--${service}`}>
              {labels.services[service]}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Imported lists may leave phone or e-mail empty: no link that leads nowhere. */}
      {dealer.phone ? (
        <p>
          <span className="visually-hidden">{`${labels.phone}: `}</span>
          <a href={telHref(dealer.phone)} {...dealerClickHandlers("phone", dealer.slug)}>{dealer.phone}</a>
        </p>
      ) : null}
      {dealer.email ? (
        <p>
          <span className="visually-hidden">{`${labels.email}: `}</span>
          <a href={`mailto:${dealer.email}`} {...dealerClickHandlers("email", dealer.slug)}>{dealer.email}</a>
        </p>
      ) : null}
      {website ? (
        <p>
          <span className="visually-hidden">{`${labels.website}: `}</span>
          <a href={website} target="_blank" rel="noopener noreferrer" {...dealerClickHandlers("web", dealer.slug)}>
            {webAddressText(dealer.website ?? website)}
            <span className="visually-hidden">{` (${labels.opensInNewTab})`}</span>
          </a>
        </p>
      ) : null}
      {point ? (
        <div className="dealer-card__actions">
          <button type="button" className="dealer-card__map-button" onClick={() => onShowOnMap(dealerKey)}>
            {labels.showOnMap}
            <span className="visually-hidden">{`: ${dealer.name}`}</span>
          </button>
          <a
            className="dealer-card__route"
            href={routeHref(point)}
            target="_blank"
            rel="noopener noreferrer"
            {...dealerClickHandlers("directions", dealer.slug)}
          >
            {labels.route}
            <span className="visually-hidden">{` – ${dealer.name} (${labels.opensInNewTab})`}</span>
          </a>
        </div>
      ) : null}
    </li>
  );
});
