import { Fragment, Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigation } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { DealerCard, type DealerCardLabels } from "~/components/dealers/dealer-card";
import { DealerFilters } from "~/components/dealers/dealer-filters";
import { DealerMapPreview } from "~/components/dealers/dealer-map-preview";
import { DealerNameMatches } from "~/components/dealers/dealer-name-matches";
import type { FocusRequest } from "~/components/dealers/dealer-map";
import { HydratedButton } from "~/components/hydrated-button";
import { Localized } from "~/components/localized";
import { DEALER_SERVICES } from "~/dealers/dealer/dealer-services";
import { activeFilterLabels, isFiltered } from "~/dealers/search/dealer-filters";
import { isDealerSearch, toSearchParams } from "~/dealers/search/search-params";
import {
  LATITUDE,
  LONGITUDE,
  PAGE_SIZE,
  RADII_KM,
  type DealerSearchSpec,
  dealerKey,
  formatDistance,
} from "~/dealers/search/search-spec";
import { installDealerClickTracking } from "~/dealers/stats/track-dealer-click";
import { stockTime } from "~/dealers/where-to-buy/stock-time";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Both, LocalizedText } from "~/i18n/localized-text";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { useRootData } from "~/hooks/use-root-data";
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

export { loader } from "./handlersuche.server";

export const headers: Route.HeadersFunction = loaderCacheControl;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: mapStylesheet }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, _lang, _siteUrl, brandName) => ({
    title: t("dealers.title"),
    description: t("dealers.intro", { brand: brandName }),
    keepParams: [],
    // Result pages are endless variations of one page.
    noindex: isDealerSearch(new URLSearchParams(args.location.search)),
  }));

function moreHref(search: string, limit: number): string {
  const params = new URLSearchParams(search);
  params.set("limit", String(limit + PAGE_SIZE));
  return `?${params.toString()}`;
}

export default function DealerSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brandName = useRootData().brand.name;
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
  const { now, filters, article } = loaderData;
  const filtered = isFiltered(filters);
  const searching = mode !== "all" || unknownPostalCode !== null || filtered || article !== null;
  // A new object only when the search changes, so the map refits only then.
  const specJson = JSON.stringify(loaderData.spec);
  const spec = useMemo(() => JSON.parse(specJson) as DealerSearchSpec, [specJson]);
  const search = useMemo(
    () =>
      toSearchParams({ r: radiusKm, q: query, lat: position?.lat, lng: position?.lng, ...filters, article: article?.partno, limit }).toString(),
    [query, radiusKm, position, filters, article, limit],
  );

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
    const names = activeFilterLabels(filters).map((key) => t(key));
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
      inStock: t("dealers.stock.badge"),
      stockRecall: article?.recall ? { href: article.recall, label: t("dealers.stock.recalled") } : null,
    }),
    [t, article?.recall],
  );
  const distances = useMemo(
    () => hits.map(({ distanceKm }) => (distanceKm === null ? null : t("dealers.distance", { distance: formatDistance(distanceKm, lang) }))),
    [hits, t, lang],
  );
  const stockTimes = useMemo(
    () =>
      hits.map(({ inStockAsOf }) => {
        if (inStockAsOf === null) return null;
        const words = stockTime(inStockAsOf, now, lang);
        return t(words.key, words.values);
      }),
    [hits, now, t, lang],
  );
  const anyInStock = stockTimes.some((time) => time !== null);

  return (
    <div className="container section dealer-page">
      <h1>{t("dealers.title")}</h1>
      <p className="lead">{t("dealers.intro", { brand: brandName })}</p>
      {article ? <ArticleNotice article={article} inStock={anyInStock || filters.stock} /> : null}

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
        <DealerFilters filters={filters} article={article !== null} />
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
            {alternatives.map((alt, index) => (
              <Fragment key={alt.query}>
                {index > 0 ? " · " : null}
                <AppLink to={`/handlersuche?q=${encodeURIComponent(alt.query)}&r=${radiusKm}`}>{t("dealers.didYouMean", { place: alt.label })}</AppLink>
              </Fragment>
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
                  stockTime={stockTimes[index] ?? null}
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
        <DealerNameMatches query={query} matches={loaderData.nameMatches} />
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
function ArticleNotice({ article, inStock }: { article: { partno: string; title: Both<LocalizedText>; href: string }; inStock: boolean }) {
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
      <p className="dealer-article__note">{t(inStock ? "dealers.filters.articleNoteStock" : "dealers.filters.articleNote")}</p>
      <p className="dealer-article__links">
        <AppLink to={article.href}>{t("dealers.filters.articleBack")}</AppLink>
        <AppLink to={`/handlersuche${rest ? `?${rest}` : ""}`}>{t("dealers.filters.articleRemove")}</AppLink>
      </p>
    </section>
  );
}
