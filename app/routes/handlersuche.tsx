import { linkedDealerSearchParams, parseDealerSearchParams, repairDealerSearchParams } from "~/dealers/search/search-params";
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, data, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { DealerCard, type DealerCardLabels } from "~/components/dealers/dealer-card";
import { DealerFilters } from "~/components/dealers/dealer-filters";
import { DealerMapPreview } from "~/components/dealers/dealer-map-preview";
import type { FocusRequest } from "~/components/dealers/dealer-map";
import { HydratedButton } from "~/components/hydrated-button";
import { Localized } from "~/components/localized";
import { brand } from "~/config/brand";
import { resolveArticleLines } from "~/dealers/lines/article-lines.server";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { cacheControlForHours } from "~/dealers/hours/hours-cache-control";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { DEALER_SERVICES } from "~/dealers/dealer/dealer-services";
import { TOGGLE_PARAM, applyToggles } from "~/dealers/search/filter-toggles";
import {
  LATITUDE,
  LONGITUDE,
  PAGE_SIZE,
  RADII_KM,
  type DealerSearchSpec,
  dealerKey,
  formatDistance,
} from "~/dealers/search/search-spec";
import { searchDealers } from "~/dealers/search/search-dealers";
import { recordDealerSearch } from "~/dealers/stats/record-dealer-search.server";
import type { LatLng } from "~/geo/geo";
import { formatPostalCode, parsePostalQuery } from "~/geo/postal-query";
import { installDealerClickTracking } from "~/dealers/stats/track-dealer-click";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Both, LocalizedText } from "~/i18n/localized-text";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { type ResolvedPlace, findPlace, findPostalCode } from "~/models/postal-code.server";
import { notFound } from "~/utils/http.server";
import { spellLinkedNumber } from "~/utils/linked-number";
import { loaderCacheControl } from "~/utils/loader-cache-control";
import { pageMeta } from "~/utils/page-meta";
import mapStylesheet from "~/components/dealers/dealer-map.css?url";
import type { Route } from "./+types/handlersuche";

// Leaflet touches `window` when imported: the map is a browser-only chunk, rendered after hydration.
// Its download starts as soon as this route module runs in the browser, beside hydration rather than
// after it, so the map (the largest thing on a phone's first screen) is not a second round trip late.
const loadDealerMap = () => import("~/components/dealers/dealer-map");
const dealerMapChunk = typeof document === "undefined" ? null : loadDealerMap();
const DealerMap = lazy(() => dealerMapChunk ?? loadDealerMap());

/** The origin of a proximity search as the page names it. */
type Origin = LatLng & { kind: "position" } | (ResolvedPlace & { kind: "place" });

function originLabel(origin: Origin): string | null {
  if (origin.kind === "position") return null;
  return origin.postalCode ? `${formatPostalCode(origin.country, origin.postalCode)} ${origin.place}` : origin.place;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A filter chip pressed without JavaScript sent the form with `toggle`: go to what it means.
  if (url.searchParams.has(TOGGLE_PARAM)) {
    const toggled = applyToggles(url.searchParams).toString();
    throw redirect(`${url.pathname}${toggled ? `?${toggled}` : ""}`, 302);
  }
  const params = parseDealerSearchParams(url.searchParams);
  if (!params) {
    const repaired = repairDealerSearchParams(url.searchParams).toString();
    throw redirect(`${url.pathname}${repaired ? `?${repaired}` : ""}`, 302);
  }
  const { q: query, r: radiusKm, limit, service: services, open: openNow } = params;
  const article = params.article === undefined ? null : await resolveArticleLines(context.db, params.article);
  if (params.article !== undefined && !article) notFound();

  const dealers = (await context.catalog.dealers()).filter((d) => hasBrandTag(d.tags, brand.dealerTag));

  let origin: Origin | null = null;
  let unknownPostalCode: string | null = null;
  let alternatives: { code: string; place: string }[] = [];
  // A typed query beats a position left in the URL by "near me".
  if (query === "" && params.lat !== undefined && params.lng !== undefined) {
    origin = { kind: "position", lat: params.lat, lng: params.lng };
  } else if (query !== "") {
    const postal = parsePostalQuery(query);
    if (postal) {
      const match = await findPostalCode(context.db, postal.code, postal.countries);
      if (match) {
        origin = { kind: "place", ...match.best };
        alternatives = match.alternatives.map((alt) => ({ code: formatPostalCode(alt.country, postal.code), place: alt.place }));
      } else {
        unknownPostalCode = postal.code;
      }
    } else {
      const place = await findPlace(context.db, query);
      if (place) origin = { kind: "place", ...place };
    }
  }

  // One moment for the whole page: the cards' open state, the filter and the browser's markers.
  // The minute, not the millisecond: renders within it are the same bytes (one ETag, a HEAD like
  // its GET); hours change on the minute.
  const exact = Date.now();
  const now = exact - (exact % 60_000);
  const spec: DealerSearchSpec = {
    query,
    origin: origin ? { lat: origin.lat, lng: origin.lng } : null,
    radiusKm,
    services,
    openNow,
    // Only where it changes the result: the map rebuilds its markers when the spec changes.
    ...(openNow ? { now } : {}),
    lines: article?.lines ?? null,
  };
  const result = searchDealers(dealers, spec);
  // Only the values the site links (a radius, a position to 100 m, a limit in pages up to the last
  // one): any other is sent there, before it is counted, rendered or kept.
  const linked = linkedDealerSearchParams(url.searchParams, result.hits.length);
  if (linked) throw redirect(`${url.pathname}?${linked.toString()}`, 302);
  recordDealerSearch(context, request, {
    query,
    origin,
    unknownPostalCode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    limit,
    filters: { services, openNow },
    article: article?.partno ?? null,
  });
  const shown = result.hits.slice(0, limit);
  const page = {
    query,
    radiusKm,
    limit,
    spec,
    now,
    services,
    openNow,
    article: article ? { partno: article.partno, title: article.title, href: article.href } : null,
    origin: origin ? { kind: origin.kind, label: originLabel(origin) } : null,
    position: origin?.kind === "position" ? { lat: origin.lat, lng: origin.lng } : null,
    unknownPostalCode,
    alternatives,
    mode: result.mode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    // Only one page of cards: the map gets every marker from the dealer API, not from this HTML.
    hits: shown.map((hit) => ({
      dealer: hit.dealer,
      distanceKm: hit.distanceKm === null ? null : Math.round(hit.distanceKm * 10) / 10,
      hours: summarizeHours(hit.dealer.openingHours, hit.dealer, now),
    })),
    dealersUrl: `${context.env.RESELLER_API_URL}/api/reseller`,
  };
  // The cards say who is open: a stored copy of the page lasts until one of them opens or closes.
  // A search is counted when it runs (issue 14), so no shared cache may answer it in our place.
  const isSearch = query !== "" || params.lat !== undefined || services.length > 0 || openNow || params.article !== undefined;
  const cacheControl = isSearch ? "private, max-age=0" : cacheControlForHours(shown.map((hit) => hit.dealer), exact);
  return data(page, { headers: { "Cache-Control": cacheControl } });
}

export const headers: Route.HeadersFunction = loaderCacheControl;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: mapStylesheet }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("dealers.title"),
    description: t("dealers.intro", { brand: brand.name }),
    keepParams: [],
    // Result pages are endless variations of one page.
    noindex: /[?&](q|lat|service|open|article)=/.test(args.location.search),
  }));

function moreHref(search: string, limit: number): string {
  const params = new URLSearchParams(search);
  params.set("limit", String(limit + PAGE_SIZE));
  return `?${params.toString()}`;
}

export default function DealerSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [highlightKey, setHighlightKey] = useState<string | null>(null);
  const [geoState, setGeoState] = useState<"idle" | "locating" | "failed">("idle");
  const [emptyHint, setEmptyHint] = useState(false);
  useEffect(() => installDealerClickTracking(), []);
  const { query, radiusKm, limit, origin, position, hits, total, mode, nearestFallback, unknownPostalCode, alternatives } = loaderData;
  const { now, services, openNow, article } = loaderData;
  const filtered = services.length > 0 || openNow;
  const searching = mode !== "all" || unknownPostalCode !== null || filtered || article !== null;
  // A new object only when the search changes, so the map refits only then.
  const specJson = JSON.stringify(loaderData.spec);
  const spec = useMemo(() => JSON.parse(specJson) as DealerSearchSpec, [specJson]);
  const search = useMemo(() => {
    const params = new URLSearchParams({ r: String(radiusKm) });
    if (query) params.set("q", query);
    if (position) {
      params.set("lat", spellLinkedNumber(position.lat, LATITUDE));
      params.set("lng", spellLinkedNumber(position.lng, LONGITUDE));
    }
    for (const service of services) params.append("service", service);
    if (openNow) params.set("open", "1");
    if (article) params.set("article", article.partno);
    params.set("limit", String(limit));
    return params.toString();
  }, [query, radiusKm, position, services, openNow, article, limit]);

  const place = origin ? (origin.label ?? t("dealers.yourLocation")) : "";
  let summary: string;
  if (unknownPostalCode) summary = t("dealers.unknownPostalCode", { code: unknownPostalCode });
  else if (total === 0 && query === "") summary = t("dealers.filters.noResults");
  else if (total === 0) summary = t("dealers.noResults", { query });
  else if (nearestFallback && filtered) summary = t("dealers.filters.nearestFallback", { radius: radiusKm, place });
  else if (nearestFallback) summary = t("dealers.nearestFallback", { radius: radiusKm, place });
  else if (mode === "proximity") summary = t("dealers.resultsNear", { count: total, radius: radiusKm, place });
  else if (mode === "text") summary = t("dealers.resultsText", { count: total, query });
  else summary = t("dealers.resultsAll", { count: total });
  if (filtered && !unknownPostalCode) {
    const names = services.map((service) => t(`dealers.service.${service}`));
    if (openNow) names.push(t("dealers.filters.openNowInList"));
    summary = `${summary} · ${t("dealers.filters.active", { list: names.join(", ") })}`;
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const typed = String(data.get("q") ?? "").trim();
    // Specification section 5: an empty search does nothing (a position search may change its radius).
    if (typed === "" && !data.has("lat")) {
      event.preventDefault();
      setEmptyHint(true);
      return;
    }
    setEmptyHint(false);
  };

  const nearMe = () => {
    if (!("geolocation" in navigator)) {
      setGeoState("failed");
      return;
    }
    setGeoState("locating");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setGeoState("idle");
        // Three decimals (about 100 m) are plenty for "nearest dealer" and keep the URL less personal.
        const params = new URLSearchParams({
          lat: spellLinkedNumber(pos.coords.latitude, LATITUDE),
          lng: spellLinkedNumber(pos.coords.longitude, LONGITUDE),
          r: String(radiusKm),
        });
        void navigate(`?${params.toString()}`);
      },
      () => setGeoState("failed"),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  // Stable callbacks and one set of labels keep the memoised cards from re-rendering with the page.
  const showOnMap = useCallback((key: string) => {
    mapRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    setFocus((previous) => ({ key, seq: (previous?.seq ?? 0) + 1 }));
  }, []);
  const labels = useMemo<DealerCardLabels>(
    () => ({
      phone: t("dealers.phone"),
      email: t("dealers.email"),
      website: t("dealers.web"),
      opensInNewTab: t("a11y.opensInNewTab"),
      showOnMap: t("dealers.showOnMap"),
      route: t("dealers.route"),
      approximate: t("dealers.approximate"),
      approximateTown: t("dealers.approximateTown"),
      servicesLabel: t("dealers.filters.services"),
      services: Object.fromEntries(DEALER_SERVICES.map((service) => [service, t(`dealers.service.${service}`)])) as DealerCardLabels["services"],
    }),
    [t],
  );
  const distances = useMemo(
    () => hits.map(({ distanceKm }) => (distanceKm === null ? null : t("dealers.distance", { distance: formatDistance(distanceKm, lang) }))),
    [hits, t, lang],
  );

  return (
    <div className="container section dealer-page">
      <h1>{t("dealers.title")}</h1>
      <p className="lead">{t("dealers.intro", { brand: brand.name })}</p>
      {article ? <ArticleNotice article={article} /> : null}

      <Form method="get" className="dealer-search" role="search" ref={formRef} onSubmit={onSubmit} preventScrollReset>
        <div className="dealer-search__field">
          <label htmlFor="dealer-query">{t("dealers.searchLabel")}</label>
          <input
            id="dealer-query"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            maxLength={100}
            autoComplete="postal-code"
            aria-describedby={emptyHint ? "dealer-query-hint" : undefined}
          />
        </div>
        <div className="dealer-search__radius">
          <label htmlFor="dealer-radius">{t("dealers.radiusLabel")}</label>
          <select
            id="dealer-radius"
            name="r"
            defaultValue={String(radiusKm)}
            key={radiusKm}
            onChange={() => {
              // With JavaScript a new radius applies at once, when there is a place to measure from.
              if (origin) formRef.current?.requestSubmit();
            }}
          >
            {RADII_KM.map((km) => (
              <option key={km} value={km}>
                {t("dealers.radiusOption", { km })}
              </option>
            ))}
          </select>
        </div>
        {position && query === "" ? (
          <>
            <input type="hidden" name="lat" value={spellLinkedNumber(position.lat, LATITUDE)} />
            <input type="hidden" name="lng" value={spellLinkedNumber(position.lng, LONGITUDE)} />
          </>
        ) : null}
        {article ? <input type="hidden" name="article" value={article.partno} /> : null}
        <div className="dealer-search__buttons">
          <button type="submit" className="button">
            {t("dealers.searchButton")}
          </button>
          {/* Two lines on a phone: kept from the start (HydratedButton), so the map is not pushed down. */}
          <HydratedButton className="button button--outline dealer-search__near-me" onClick={nearMe} busy={geoState === "locating"}>
            {geoState === "locating" ? t("dealers.locating") : t("dealers.nearMe")}
          </HydratedButton>
        </div>
        <DealerFilters services={services} openNow={openNow} />
      </Form>
      {emptyHint ? (
        <p id="dealer-query-hint" className="dealer-search__hint" role="alert">
          {t("dealers.emptyQuery")}
        </p>
      ) : null}
      {geoState === "failed" ? (
        <p className="dealer-search__hint" role="alert">
          {t("dealers.locationError")}
        </p>
      ) : null}

      <div className="dealer-map-frame" id="dealer-map" ref={mapRef} role="region" aria-label={t("dealers.mapLabel")}>
        <DealerMapSlot
          dealersUrl={loaderData.dealersUrl}
          spec={spec}
          now={now}
          focus={focus}
          highlightKey={highlightKey}
        />
      </div>

      <section className="dealer-results" aria-labelledby="dealer-list-heading" aria-busy={navigation.state === "loading"}>
        <h2 id="dealer-list-heading" className="visually-hidden">
          {t("dealers.listHeading")}
        </h2>
        <div className="dealer-results__header">
          <p className="dealer-results__status" role="status" aria-live="polite">
            {summary}
          </p>
          {/* Without results the empty state below offers the same link as its button: once is enough. */}
          {searching && total > 0 ? (
            <AppLink to="/handlersuche" className="dealer-results__reset">
              {t("dealers.reset")}
            </AppLink>
          ) : null}
        </div>
        {alternatives.length > 0 ? (
          <p className="dealer-results__note">
            {alternatives.map((alt) => (
              <AppLink key={alt.code} to={`/handlersuche?q=${encodeURIComponent(alt.code)}&r=${radiusKm}`}>
                {t("dealers.otherCountry", { code: alt.code, place: alt.place })}
              </AppLink>
            ))}
          </p>
        ) : null}
        {total === 0 ? (
          <div className="dealer-empty">
            <p>{filtered ? t("dealers.filters.noResultsHint") : t("dealers.noResultsHint")}</p>
            <AppLink to="/handlersuche" className="button">
              {t("dealers.reset")}
            </AppLink>
          </div>
        ) : (
          <DealerGrid>
            {hits.map(({ dealer, hours }, index) => {
              const key = dealerKey(dealer);
              return (
                <DealerCard
                  key={key}
                  dealer={dealer}
                  dealerKey={key}
                  hours={hours}
                  t={t}
                  distance={distances[index] ?? null}
                  labels={labels}
                  highlighted={highlightKey === key}
                  onShowOnMap={showOnMap}
                  onHighlight={setHighlightKey}
                />
              );
            })}
          </DealerGrid>
        )}
        {total > hits.length ? (
          <p className="dealer-more">
            <span className="muted">{t("dealers.shown", { shown: hits.length, total })}</span>
            <AppLink to={moreHref(search, limit)} className="button button--outline" preventScrollReset>
              {t("dealers.showMore")}
            </AppLink>
          </p>
        ) : null}
      </section>
      <p className="credit">
        {t("footer.geonames")} · {t("dealers.osmAttribution")}
      </p>
    </div>
  );
}

/*
 * The parts that change when the page hydrates are components of their own: that switch then
 * re-renders them alone, not the whole page with its cards, in the task that ends hydration.
 */

type DealerMapSlotProps = Omit<React.ComponentProps<typeof DealerMap>, "onPreview" | "onLeavePreview">;

/** The map's preview picture, then the map once there is JavaScript to draw it; a note for those without. */
function DealerMapSlot(props: DealerMapSlotProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [preview, setPreview] = useState(true);
  const leavePreview = useCallback(() => setPreview(false), []);
  return (
    <>
      {preview ? <DealerMapPreview /> : null}
      {hydrated ? (
        <Suspense fallback={<p className="dealer-map__message">{t("dealers.mapLoading")}</p>}>
          <DealerMap key={lang} {...props} onPreview={preview} onLeavePreview={leavePreview} />
        </Suspense>
      ) : (
        <noscript>
          <p className="dealer-map__message">{t("dealers.mapNoScript")}</p>
        </noscript>
      )}
    </>
  );
}

/** data-map shows the cards' map buttons (CSS): only once there is a map to show them on. */
function DealerGrid({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  return (
    <ul className="dealer-grid" data-map={hydrated ? "" : undefined}>
      {children}
    </ul>
  );
}

/** "Händler für Klingel Ding-Dong (BL-1)", with the way back to the article and out of this filter. */
function ArticleNotice({ article }: { article: { partno: string; title: Both<LocalizedText>; href: string } }) {
  const t = useT();
  const lang = useLang();
  // The title may be German on an English page: it goes in as an element marked with its language.
  const [before = "", after = ""] = t("dealers.filters.articleHeading", { title: "\u0000", partno: article.partno }).split("\u0000");
  const location = useLocation();
  const others = new URLSearchParams(location.search);
  others.delete("article");
  others.delete("limit");
  const rest = others.toString();
  return (
    <section className="dealer-article" aria-labelledby="dealer-article-heading">
      <h2 id="dealer-article-heading" className="dealer-article__heading">
        {before}
        <Localized text={article.title[lang]} />
        {after}
      </h2>
      <p className="dealer-article__note">{t("dealers.filters.articleNote")}</p>
      <p className="dealer-article__links">
        <AppLink to={article.href}>{t("dealers.filters.articleBack")}</AppLink>
        <AppLink to={`/handlersuche${rest ? `?${rest}` : ""}`}>{t("dealers.filters.articleRemove")}</AppLink>
      </p>
    </section>
  );
}
