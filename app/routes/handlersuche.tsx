import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { brand } from "~/config/brand";
import { hasBrandTag, matchesDealerQuery } from "~/dealers/dealer-filter";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/handlersuche";

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const dealers = (await context.catalog.resellers()).filter((d) => hasBrandTag(d.tag, brand.dealerTag));
  return { query, dealers: dealers.filter((d) => matchesDealerQuery(d, query)) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("dealers.title"), description: t("dealers.intro", { brand: brand.name }) }));

export default function DealerSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dealers, query } = loaderData;
  return (
    <div className="container section">
      <h1>{t("dealers.title")}</h1>
      <p className="lead">{t("dealers.intro", { brand: brand.name })}</p>
      <Form method="get" className="search-form" role="search">
        <label htmlFor="dealer-query">{t("dealers.searchLabel")}</label>
        <div className="search-form__row">
          <input id="dealer-query" name="q" type="search" defaultValue={query} autoComplete="address-level2" />
          <button type="submit" className="button">
            {t("dealers.searchButton")}
          </button>
        </div>
      </Form>
      <p className="muted" aria-live="polite">
        {t("dealers.count", { count: dealers.length })}
      </p>
      <ul className="dealer-grid">
        {dealers.map((dealer, index) => (
          <li key={`${dealer.name}-${index}`} className="dealer-card">
            <h2 className="dealer-card__name">{dealer.name}</h2>
            <p>{dealer.adresse}</p>
            <p>
              <span className="visually-hidden">{t("dealers.phone")}: </span>
              <a href={`tel:${dealer.tel.replace(/[^\d+]/g, "")}`}>{dealer.tel}</a>
            </p>
            <p>
              <span className="visually-hidden">{t("dealers.email")}: </span>
              <a href={`mailto:${dealer.email}`}>{dealer.email}</a>
            </p>
            {dealer.web && /^https?:\/\//i.test(dealer.web) ? (
              <p>
                <a href={dealer.web} target="_blank" rel="noopener noreferrer">
                  {dealer.web.replace(/^https?:\/\//, "")}
                  <span className="visually-hidden"> ({t("a11y.opensInNewTab")})</span>
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="credit">{t("footer.geonames")}</p>
    </div>
  );
}
