import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, redirect, useNavigate, useNavigation } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { DealerCard, type DealerCardLabels } from "~/components/dealers/dealer-card";
import { DealerMapPreview } from "~/components/dealers/dealer-map-preview";
import type { FocusRequest } from "~/components/dealers/dealer-map";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer-filter";
import {
  PAGE_SIZE,
  RADII_KM,
  type DealerSearchSpec,
  dealerKey,
  formatDistance,
  parseDealerSearchParams,
  repairDealerSearchParams,
  searchDealers,
} from "~/dealers/dealer-search";
import { recordDealerSearch } from "~/dealers/dealer-search-stats.server";
import type { LatLng } from "~/dealers/geo";
import { formatPostalCode, parsePostalQuery } from "~/dealers/postal-query";
import { installDealerClickTracking } from "~/dealers/track-dealer-click";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { type ResolvedPlace, findPlace, findPostalCode } from "~/models/postal-code.server";
import { pageMeta } from "~/utils/page-meta";
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
  const params = parseDealerSearchParams(url.searchParams);
  if (!params) {
    const repaired = repairDealerSearchParams(url.searchParams).toString();
    throw redirect(`${url.pathname}${repaired ? `?${repaired}` : ""}`, 302);
  }
  const { q: query, r: radiusKm, limit } = params;

  const dealers = (await context.catalog.resellers()).filter((d) => hasBrandTag(d.tag, brand.dealerTag));

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

  const spec: DealerSearchSpec = { query, origin: origin ? { lat: origin.lat, lng: origin.lng } : null, radiusKm };
  const result = searchDealers(dealers, spec);
  recordDealerSearch(context, request, { query, origin, unknownPostalCode, nearestFallback: result.nearestFallback, total: result.hits.length, limit });
  return {
    query,
    radiusKm,
    limit,
    spec,
    origin: origin ? { kind: origin.kind, label: originLabel(origin) } : null,
    position: origin?.kind === "position" ? { lat: origin.lat, lng: origin.lng } : null,
    unknownPostalCode,
    alternatives,
    mode: result.mode,
    nearestFallback: result.nearestFallback,
    total: result.hits.length,
    // Only one page of cards: the map gets every marker from the dealer API, not from this HTML.
    hits: result.hits.slice(0, limit).map((hit) => ({
      dealer: hit.dealer,
      distanceKm: hit.distanceKm === null ? null : Math.round(hit.distanceKm * 10) / 10,
    })),
    dealersUrl: `${context.env.RESELLER_API_URL}/api/reseller`,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("dealers.title"),
    description: t("dealers.intro", { brand: brand.name }),
    keepParams: [],
    // Result pages are endless variations of one page.
    noindex: args.location.search.includes("q=") || args.location.search.includes("lat="),
  }));

function moreHref(search: string, limit: number): string {
  const params = new URLSearchParams(search);
  params.set("limit", String(limit + PAGE_SIZE));
  return `?${params.toString()}`;
}

export default function DealerSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [highlightKey, setHighlightKey] = useState<string | null>(null);
  const [geoState, setGeoState] = useState<"idle" | "locating" | "failed">("idle");
  const [emptyHint, setEmptyHint] = useState(false);
  const [preview, setPreview] = useState(true);
  const leavePreview = useCallback(() => setPreview(false), []);
  useEffect(() => installDealerClickTracking(), []);
  const { query, radiusKm, limit, origin, position, hits, total, mode, nearestFallback, unknownPostalCode, alternatives } = loaderData;
  const searching = mode !== "all" || unknownPostalCode !== null;
  // A new object only when the search changes, so the map refits only then.
  const specJson = JSON.stringify(loaderData.spec);
  const spec = useMemo(() => JSON.parse(specJson) as DealerSearchSpec, [specJson]);
  const search = useMemo(() => {
    const params = new URLSearchParams({ r: String(radiusKm) });
    if (query) params.set("q", query);
    if (position) {
      params.set("lat", String(position.lat));
      params.set("lng", String(position.lng));
    }
    params.set("limit", String(limit));
    return params.toString();
  }, [query, radiusKm, position, limit]);

  const place = origin ? (origin.label ?? t("dealers.yourLocation")) : "";
  let summary: string;
  if (unknownPostalCode) summary = t("dealers.unknownPostalCode", { code: unknownPostalCode });
  else if (total === 0) summary = t("dealers.noResults", { query });
  else if (nearestFallback) summary = t("dealers.nearestFallback", { radius: radiusKm, place });
  else if (mode === "proximity") summary = t("dealers.resultsNear", { count: total, radius: radiusKm, place });
  else if (mode === "text") summary = t("dealers.resultsText", { count: total, query });
  else summary = t("dealers.resultsAll", { count: total });

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
          lat: pos.coords.latitude.toFixed(3),
          lng: pos.coords.longitude.toFixed(3),
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
      web: t("dealers.web"),
      opensInNewTab: t("a11y.opensInNewTab"),
      showOnMap: t("dealers.showOnMap"),
      route: t("dealers.route"),
      approximate: t("dealers.approximate"),
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
            <input type="hidden" name="lat" value={position.lat} />
            <input type="hidden" name="lng" value={position.lng} />
          </>
        ) : null}
        <div className="dealer-search__buttons">
          <button type="submit" className="button">
            {t("dealers.searchButton")}
          </button>
          {/* In the HTML from the start, invisible and inert until hydration: its place is kept, so
              the row (two lines on a phone) does not grow and push the map down when it appears. */}
          <button
            type="button"
            className="button button--outline dealer-search__near-me"
            onClick={nearMe}
            disabled={!hydrated || geoState === "locating"}
            data-pending={hydrated ? undefined : ""}
          >
            {geoState === "locating" ? t("dealers.locating") : t("dealers.nearMe")}
          </button>
        </div>
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
        {preview ? <DealerMapPreview /> : null}
        {hydrated ? (
          <Suspense fallback={<p className="dealer-map__message">{t("dealers.mapLoading")}</p>}>
            <DealerMap
              key={lang}
              dealersUrl={loaderData.dealersUrl}
              spec={spec}
              focus={focus}
              highlightKey={highlightKey}
              onPreview={preview}
              onLeavePreview={leavePreview}
            />
          </Suspense>
        ) : (
          <noscript>
            <p className="dealer-map__message">{t("dealers.mapNoScript")}</p>
          </noscript>
        )}
      </div>

      <section className="dealer-results" aria-labelledby="dealer-list-heading" aria-busy={navigation.state === "loading"}>
        <h2 id="dealer-list-heading" className="visually-hidden">
          {t("dealers.listHeading")}
        </h2>
        <div className="dealer-results__header">
          <p className="dealer-results__status" role="status" aria-live="polite">
            {summary}
          </p>
          {searching ? (
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
            <p>{t("dealers.noResultsHint")}</p>
            <AppLink to="/handlersuche" className="button">
              {t("dealers.reset")}
            </AppLink>
          </div>
        ) : (
          // data-map shows the cards' map buttons (CSS): only once there is a map to show them on.
          <ul className="dealer-grid" data-map={hydrated ? "" : undefined}>
            {hits.map(({ dealer }, index) => {
              const key = dealerKey(dealer);
              return (
                <DealerCard
                  key={key}
                  dealer={dealer}
                  dealerKey={key}
                  distance={distances[index] ?? null}
                  labels={labels}
                  highlighted={highlightKey === key}
                  onShowOnMap={showOnMap}
                  onHighlight={setHighlightKey}
                />
              );
            })}
          </ul>
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
