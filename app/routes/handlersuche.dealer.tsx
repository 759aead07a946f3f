import { useEffect } from "react";
import { data } from "react-router";
import { DealerContact } from "~/components/dealers/dealer-contact";
import { DealerHours } from "~/components/dealers/dealer-hours-table";
import { DealerLocationMap } from "~/components/dealers/dealer-location-map";
import { DealerArticleStock } from "~/components/dealers/dealer-article-stock";
import { OpenStatusLine } from "~/components/dealers/opening-status";
import { Localized } from "~/components/localized";
import { brand } from "~/config/brand";
import { shownAddress } from "~/dealers/dealer/shown-address.server";
import { upcomingSpecialDays } from "~/dealers/hours/week-rows";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { cacheControlForHours, hoursOf } from "~/dealers/hours/hours-cache-control";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { resolveProductLines } from "~/dealers/lines/resolve-product-lines";
import { coordinatesOf, formatDistance, routeHref, safeWebUrl, telHref, webAddressText } from "~/dealers/search/search-spec";
import { isWellFormedSlug } from "~/dealers/dealer/dealer-slug";
import { bikeStoreData } from "~/dealers/dealer/bike-store-data";
import { nearestDealers } from "~/dealers/search/nearest-dealers";
import { recordStockShown } from "~/dealers/stats/record-dealer-search.server";
import { articleAtDealer } from "~/dealers/where-to-buy/article-at-dealer.server";
import { installDealerClickTracking } from "~/dealers/stats/track-dealer-click";
import { locationNote } from "~/dealers/dealer/location-note.server";
import { localTime, timeZoneOf } from "~/dealers/hours/open-status";
import { countryName } from "~/geo/countries";
import { resolveLanguage } from "~/i18n/language";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { useRootData } from "~/hooks/use-root-data";
import { AppLink } from "~/navigation/app-link";
import { notFound } from "~/utils/http.server";
import { loaderCacheControl } from "~/utils/loader-cache-control";
import { pageMeta } from "~/utils/page-meta";
import { localizedUrl } from "~/utils/seo";
import { breadcrumbList } from "~/utils/structured-data";
import type { Route } from "./+types/handlersuche.dealer";

/** Enough neighbours to choose from on a phone's screen or two. */
const NEARBY_COUNT = 4;

const dealerPath = (slug: string) => `/handlersuche/${slug}`;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // Anything that cannot be a slug (traversal, upper case, a novel) is a 404 before any lookup.
  if (!isWellFormedSlug(params.slug)) notFound();
  const dealers = (await context.dealers.dealers()).filter((d) => hasBrandTag(d.tags, brand.dealerTag));
  const dealer = dealers.find((d) => d.slug === params.slug);
  if (!dealer) notFound();
  // One moment for the open/closed state, the server's HTML and the browser's hydration alike. Hours
  // change on the minute, so the page shows the minute: renders within it are the same bytes (one
  // ETag, a HEAD like its GET), while the cache lifetime below counts from the exact time.
  const now = Date.now();
  const shownAt = now - (now % 60_000);
  // The language the root renders in, for the distances (the page cache keys by it too).
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const nearest = nearestDealers(dealer, dealers, NEARBY_COUNT);
  const nearby = nearest.map(({ dealer: other, distanceKm }) => ({
    slug: other.slug,
    name: other.name,
    address: other.address,
    hours: summarizeHours(other.openingHours, other, shownAt),
    distance: formatDistance(distanceKm, lang),
  }));
  // Opened for an article (where to buy links so): whether this dealer reports it in stock.
  const article = await articleAtDealer(context, dealer, new URL(request.url).searchParams.get("article"), now);
  const lines = dealer.productLines ?? [];
  const productLines = lines.length > 0 ? resolveProductLines(lines, await context.catalog.categories()) : [];
  const point = coordinatesOf(dealer);
  // What the page shows, and no more: this goes into the HTML a second time for hydration. Links
  // are made here, so the page's script needs none of the search module (nor the zod it brings).
  const profile = {
    slug: dealer.slug,
    name: dealer.name,
    address: shownAddress(dealer),
    city: dealer.city,
    country: dealer.country,
    countryName: countryName(dealer.country, lang),
    ...(dealer.timeZone ? { timeZone: dealer.timeZone } : {}),
    point,
    approximate: dealer.approximate !== undefined,
    locationNote: locationNote(dealer.approximate, lang),
    phone: dealer.phone,
    phoneHref: dealer.phone ? telHref(dealer.phone) : null,
    email: dealer.email,
    website: safeWebUrl(dealer.website),
    websiteText: dealer.website ? webAddressText(dealer.website) : "",
    directions: point ? routeHref(point) : null,
    services: dealer.services,
    openingHours: dealer.openingHours,
  };
  if (article?.inStockAsOf) recordStockShown(context, request, article.partno, [dealer.slug], new Map([[dealer.slug, article.inStockAsOf]]));
  return data(
    { dealer: profile, nearby, productLines, now: shownAt, article },
    // Kept (by shared caches and our page cache) until this dealer or a neighbour opens or closes;
    // with an article it shows stock, which a push changes at any moment, and is counted: not kept.
    { headers: { "Cache-Control": article ? "private, max-age=0" : cacheControlForHours([dealer, ...nearest.map((hit) => hit.dealer)], now) } },
  );
}

export const headers: Route.HeadersFunction = loaderCacheControl;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, lang, siteUrl, brandName) => {
    const loaded = args.loaderData;
    if (!loaded) return { title: "" };
    const { dealer, now } = loaded;
    const path = dealerPath(dealer.slug);
    const hours = hoursOf(dealer.openingHours);
    const today = localTime(now, timeZoneOf(dealer)).date;
    const texts = { name: dealer.name, city: dealer.city, brand: brandName };
    return {
      // "Bike Station Mannheim – Händler", not "Bike Station Mannheim, Mannheim – Händler".
      title: dealer.name.toLocaleLowerCase("de").includes(dealer.city.toLocaleLowerCase("de"))
        ? t("dealerPage.titleNamed", texts)
        : t("dealerPage.title", texts),
      description: t("dealerPage.description", texts).slice(0, 160),
      keepParams: [],
      structuredData: [
        bikeStoreData({
          name: dealer.name,
          ...dealer.address,
          country: dealer.country,
          position: dealer.point,
          telephone: dealer.phone,
          email: dealer.email,
          website: dealer.website,
          pageUrl: localizedUrl(siteUrl, path, "", lang),
          week: hours?.week ?? null,
          specialDays: hours ? upcomingSpecialDays(hours, dealer.country, today) : [],
        }),
        breadcrumbList(siteUrl, [
          { name: t("dealers.title"), path: "/handlersuche" },
          { name: dealer.name, path },
        ]),
      ],
    };
  });

export default function DealerPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brandName = useRootData().brand.name;
  const lang = useLang();
  const { dealer, nearby, productLines, now, article } = loaderData;
  // Counts the contact links marked with data-dealer-click (dealer-contact.tsx).
  useEffect(() => installDealerClickTracking(), []);
  const { point } = dealer;
  const searchAround = dealer.address.postalCode || dealer.city;

  return (
    <div className="container section dealer-profile">
      <nav aria-label={t("a11y.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <AppLink to="/handlersuche">{t("dealers.title")}</AppLink>
          </li>
          <li aria-current="page">{dealer.name}</li>
        </ol>
      </nav>

      <header className="dealer-profile__header">
        <p className="dealer-profile__kicker">{t("dealerPage.kicker", { brand: brandName, city: dealer.city })}</p>
        <h1>{dealer.name}</h1>
        <OpenStatusLine t={t} hours={summarizeHours(dealer.openingHours, dealer, now)} />
        {article ? <DealerArticleStock t={t} lang={lang} article={article} now={now} /> : null}
        {dealer.services.length > 0 ? (
          <ul className="dealer-profile__services" aria-label={t("dealerPage.servicesHeading")}>
            {dealer.services.map((service) => (
              <li key={service} className={service === "premium-partner" ? "is-premium" : undefined}>
                {t(`dealers.service.${service}`)}
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <div className="dealer-profile__grid">
        <section className="dealer-profile__card dealer-profile__contact" aria-labelledby="dealer-contact-heading">
          <h2 id="dealer-contact-heading">{t("dealerPage.contactHeading")}</h2>
          <DealerContact t={t} dealer={dealer} />
        </section>

        <section className="dealer-profile__card dealer-profile__hours" aria-labelledby="dealer-hours-heading">
          <h2 id="dealer-hours-heading">{t("dealerPage.hoursHeading")}</h2>
          <DealerHours t={t} lang={lang} openingHours={dealer.openingHours} place={dealer} now={now} />
        </section>

        <div className="dealer-profile__aside">
          {point ? (
            <figure className="dealer-profile__figure">
              <DealerLocationMap
                lat={point.lat}
                lng={point.lng}
                approximate={dealer.approximate}
                label={t("dealerPage.mapLabel", { name: dealer.name })}
                attribution={t("dealers.osmAttribution")}
              />
              {dealer.locationNote ? <figcaption className="muted">{dealer.locationNote}</figcaption> : null}
            </figure>
          ) : (
            <p className="dealer-profile__no-map muted">{t("dealerPage.noMap")}</p>
          )}
          <section className="dealer-profile__card" aria-labelledby="dealer-range-heading">
            <h2 id="dealer-range-heading">{t("dealerPage.rangeHeading")}</h2>
            {productLines.length === 0 ? (
              <p>{t("dealerPage.wholeRange", { brand: brandName })}</p>
            ) : (
              <>
                <p>{t("dealerPage.someLines", { brand: brandName })}</p>
                <ul className="dealer-profile__lines">
                  {productLines.map((line) => (
                    <li key={line.name.de.text}>
                      {line.href ? (
                        <AppLink to={line.href}>
                          <Localized text={line.name[lang]} />
                        </AppLink>
                      ) : (
                        <Localized text={line.name[lang]} />
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      </div>

      <section className="dealer-profile__nearby" aria-labelledby="dealer-nearby-heading">
        {/* A dealer without coordinates has no neighbours to list: the heading then names the links. */}
        <h2 id="dealer-nearby-heading">{nearby.length > 0 ? t("dealerPage.nearbyHeading") : t("dealerPage.moreDealersHeading")}</h2>
        {nearby.length > 0 ? (
          <ul className="dealer-profile__nearby-list">
            {nearby.map((other) => (
              <li key={other.slug} className="dealer-profile__neighbour">
                <h3>
                  <AppLink to={dealerPath(other.slug)}>{other.name}</AppLink>
                </h3>
                <p className="dealer-profile__distance">{t("dealers.distance", { distance: other.distance })}</p>
                <p>{other.address}</p>
                <OpenStatusLine t={t} hours={other.hours} />
              </li>
            ))}
          </ul>
        ) : null}
        <p className="dealer-profile__more">
          <AppLink to={`/handlersuche?q=${encodeURIComponent(searchAround)}`} className="button button--outline-dark">
            {t("dealerPage.searchNearby")}
          </AppLink>
          <AppLink to="/handlersuche">{t("dealerPage.allDealers")}</AppLink>
        </p>
      </section>
    </div>
  );
}
