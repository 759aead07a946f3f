import { useTranslation } from "react-i18next";
import type { ProviderReseller } from "~/catalog/provider-schema";
import { coordinatesOf, formatDistance, routeHref, safeWebUrl, telHref } from "~/dealers/dealer-search";
import { useLang } from "~/i18n/use-lang";

export interface DealerCardProps {
  dealer: ProviderReseller;
  distanceKm: number | null;
  /** Without JavaScript there is no map to show the dealer on, so no button. */
  onShowOnMap?: () => void;
  onHighlight?: (on: boolean) => void;
  highlighted?: boolean;
}

export function DealerCard({ dealer, distanceKm, onShowOnMap, onHighlight, highlighted = false }: DealerCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const web = safeWebUrl(dealer.web);
  const point = coordinatesOf(dealer);
  return (
    <li
      className={`dealer-card${highlighted ? " is-highlighted" : ""}`}
      onMouseEnter={onHighlight ? () => onHighlight(true) : undefined}
      onMouseLeave={onHighlight ? () => onHighlight(false) : undefined}
      onFocus={onHighlight ? () => onHighlight(true) : undefined}
      onBlur={onHighlight ? () => onHighlight(false) : undefined}
    >
      <h3 className="dealer-card__name">{dealer.name}</h3>
      {distanceKm !== null ? (
        <p className="dealer-card__distance">{t("dealers.distance", { distance: formatDistance(distanceKm, lang) })}</p>
      ) : null}
      <p className="dealer-card__address">{dealer.adresse}</p>
      <p>
        <span className="visually-hidden">{t("dealers.phone")}: </span>
        <a href={telHref(dealer.tel)}>{dealer.tel}</a>
      </p>
      <p>
        <span className="visually-hidden">{t("dealers.email")}: </span>
        <a href={`mailto:${dealer.email}`}>{dealer.email}</a>
      </p>
      {web ? (
        <p>
          <span className="visually-hidden">{t("dealers.web")}: </span>
          <a href={web} target="_blank" rel="noopener noreferrer">
            {(dealer.web ?? web).replace(/^https?:\/\//i, "")}
            <span className="visually-hidden"> ({t("a11y.opensInNewTab")})</span>
          </a>
        </p>
      ) : null}
      {point ? (
        <div className="dealer-card__actions">
          {onShowOnMap ? (
            <button type="button" className="dealer-card__map-button" onClick={onShowOnMap}>
              {t("dealers.showOnMap")}
              <span className="visually-hidden">: {dealer.name}</span>
            </button>
          ) : null}
          <a className="dealer-card__route" href={routeHref(point)} target="_blank" rel="noopener noreferrer">
            {t("dealers.route")}
            <span className="visually-hidden">
              {" "}
              – {dealer.name} ({t("a11y.opensInNewTab")})
            </span>
          </a>
        </div>
      ) : null}
    </li>
  );
}
