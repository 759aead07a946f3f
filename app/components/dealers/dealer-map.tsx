/**
 * The dealer map. Leaflet reads `window` when it is imported, so this module is only ever loaded
 * in the browser (React.lazy, rendered after hydration; see routes/handlersuche.tsx), so no other
 * page downloads a byte of Leaflet. Its styles (dealer-map.css) are linked by the dealer page.
 */
import L from "leaflet";
import "leaflet.markercluster";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, ZoomControl, useMap } from "react-leaflet";
import { parseProviderReseller } from "~/dealers/source/provider-reseller";
import { type Dealer, type ListedDealer, completeDealers } from "~/dealers/dealer/dealer";
import { DESKTOP_ZOOM, FIT_PADDING, MAP_CENTRE, MARKER_ZOOM, MAX_ZOOM, PHONE_QUERY, PHONE_ZOOM } from "~/components/dealers/map-view";
import { clusterIcon } from "~/components/dealers/dealer-map-clusters";
import { FLY_SECONDS, type Hit, fitPopupWidth, flyToPopup, keyboardPopup, popupContent, popupFit, statusOf } from "~/components/dealers/dealer-map-popup";
import { LEAFLET_TITLE, Tiles } from "~/components/dealers/dealer-map-tiles";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { type DealerSearchSpec, coordinatesOf, dealerKey } from "~/dealers/search/search-spec";
import { searchDealers } from "~/dealers/search/search-dealers";
import { SLICE_MS, afterNextPaint, yieldToMain } from "~/utils/yield-to-main";


export interface FocusRequest {
  key: string;
  /** Grows with every click, so showing the same dealer twice flies twice. */
  seq: number;
}

export interface DealerMapProps {
  dealersUrl: string;
  spec: DealerSearchSpec;
  /** The page's moment (epoch ms, from its loader): what the popups say about opening hours. */
  now: number;
  focus: FocusRequest | null;
  highlightKey: string | null;
  /**
   * True when the page's static preview (dealer-map-preview.tsx) lies beneath the map: it is the
   * first view's background, so the map adds its own tiles only once the view changes, and then
   * calls `onLeavePreview` so the page can drop the preview.
   */
  onPreview: boolean;
  onLeavePreview: () => void;
}


function initialZoom(): number {
  return window.matchMedia(PHONE_QUERY).matches ? PHONE_ZOOM : DESKTOP_ZOOM;
}

const PIN_SVG =
  '<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true" focusable="false">' +
  '<path d="M14 1C6.8 1 1 6.7 1 13.8 1 23.5 14 39 14 39s13-15.5 13-25.2C27 6.7 21.2 1 14 1z"/>' +
  '<circle cx="14" cy="14" r="5.2"/></svg>';

const dealerIcon = L.divIcon({ className: "dealer-marker", html: PIN_SVG, iconSize: [28, 40], iconAnchor: [14, 39], popupAnchor: [0, -34] });

interface LayerProps {
  hits: Hit[] | null;
  spec: DealerSearchSpec;
  now: number;
  focus: FocusRequest | null;
  highlightKey: string | null;
}

function DealerLayer({ hits, spec, now, focus, highlightKey }: LayerProps) {
  const map = useMap();
  const t = useT();
  const lang = useLang();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const firstFill = useRef(true);
  const wasSearching = useRef(false);
  const reportView = useRef(() => {});
  // Read when a popup opens: a new moment alone (another page of cards) must not rebuild the markers.
  const moment = useRef(now);
  moment.current = now;

  useEffect(() => {
    const container = map.getContainer();
    const pane = map.getPane("mapPane");
    let moving = false;
    // What the browser tests wait for instead of guessing how long an animation takes: the zoom,
    // and whether the view still changes (a flight, a pan, or the clusters splitting or merging
    // after a zoom, which markercluster marks with its class on the map pane).
    const report = () => {
      container.dataset.zoom = String(Math.round(map.getZoom() * 10) / 10);
      container.dataset.moving = String(moving || Boolean(pane?.classList.contains("leaflet-cluster-anim")));
    };
    const start = () => {
      moving = true;
      report();
    };
    const end = () => {
      moving = false;
      report();
    };
    report();
    reportView.current = report;
    map.on("zoomend", report);
    map.on("movestart", start);
    map.on("moveend", end);
    return () => {
      reportView.current = () => {};
      map.off("zoomend", report);
      map.off("movestart", start);
      map.off("moveend", end);
    };
  }, [map]);

  useEffect(() => {
    if (!hits) return;
    const container = map.getContainer();
    const started = performance.now();
    container.dataset.markersReady = "false";
    const ready = (count: number) => {
      container.dataset.markerCount = String(count);
      container.dataset.renderMs = String(Math.round(performance.now() - started));
      container.dataset.markersReady = "true";
    };
    const markers = new Map<string, L.Marker>();
    const owner: { group: L.MarkerClusterGroup | null } = { group: null };
    const group = L.markerClusterGroup({
      // We hand the markers over in batches ourselves (below): the plugin's own chunking looks at
      // the clock only every 200 markers, so a few hundred would be one long task.
      chunkedLoading: false,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      maxClusterRadius: 56,
      iconCreateFunction: clusterIcon(t, map, () => owner.group),
    });
    owner.group = group;
    group.on("animationend", () => reportView.current());
    map.addLayer(group);
    let cancelled = false;
    const pause = async () => {
      await yieldToMain();
      return !cancelled;
    };
    void (async () => {
      const list: L.Marker[] = [];
      const zonesLoaded = new Set<string>();
      let slice = performance.now();
      for (const hit of hits) {
        // A marker's label says whether the dealer is open, and the first dealer of a country makes
        // Intl load that time zone (several milliseconds): in a task of its own, not in the one that
        // adds the visible markers to the map.
        if (!zonesLoaded.has(hit.dealer.country)) {
          zonesLoaded.add(hit.dealer.country);
          if (!(await pause())) return;
          statusOf(hit.dealer, t, moment.current);
          if (!(await pause())) return;
          slice = performance.now();
        }
        const marker = L.marker(hit.point, { icon: dealerIcon, title: hit.dealer.name, keyboard: true, riseOnHover: true });
        // Leaflet's autoPan would pan at opening, which the fly-to that follows undoes; flyToPopup
        // takes the popup into account instead. The popup opens first (bound first), so it can be measured.
        marker.bindPopup(() => popupContent(hit, t, lang, moment.current), { autoPan: false });
        marker.on("popupopen", (event) => fitPopupWidth(event.popup, map));
        marker.on("click", () => flyToPopup(map, marker));
        keyboardPopup(marker, () => `${hit.dealer.name}, ${statusOf(hit.dealer, t, moment.current).text}`);
        markers.set(dealerKey(hit.dealer), marker);
        list.push(marker);
        if (performance.now() - slice > SLICE_MS) {
          if (!(await pause())) return;
          slice = performance.now();
        }
      }
      // Clustering in batches sized to the machine: each batch about one slice long.
      let batch = 16;
      for (let done = 0; done < list.length; ) {
        const start = performance.now();
        group.addLayers(list.slice(done, done + batch));
        done += batch;
        const took = performance.now() - start;
        if (took > SLICE_MS) batch = Math.max(8, batch >> 1);
        else if (took < SLICE_MS / 2) batch *= 2;
        if (done < list.length && !(await pause())) return;
      }
      ready(list.length);
    })();

    // The search centre and radius, so the visitor sees what "within 50 km" covers.
    const overlay = L.layerGroup();
    if (spec.origin) {
      L.circle(spec.origin, { radius: spec.radiusKm * 1000, className: "dealer-radius", interactive: false }).addTo(overlay);
      L.circleMarker(spec.origin, { radius: 6, className: "dealer-origin", interactive: false }).addTo(overlay);
    }
    overlay.addTo(map);

    groupRef.current = group;
    markersRef.current = markers;
    const searching = spec.origin !== null || spec.query !== "";
    if (searching && (hits.length > 0 || spec.origin)) {
      const bounds = L.latLngBounds(hits.map((h) => h.point));
      if (spec.origin) bounds.extend(spec.origin);
      // Room for the pins above their points and for the zoom buttons on the right (FIT_PADDING).
      map.fitBounds(bounds, { paddingTopLeft: FIT_PADDING.topLeft, paddingBottomRight: FIT_PADDING.bottomRight, maxZoom: 12, animate: !firstFill.current });
    } else if (!searching && wasSearching.current) {
      // Back from a search to everyone; a filter chip alone keeps the visitor's view.
      map.setView(MAP_CENTRE, initialZoom());
    }
    firstFill.current = false;
    wasSearching.current = searching;
    return () => {
      cancelled = true;
      map.removeLayer(group);
      map.removeLayer(overlay);
      groupRef.current = null;
    };
  }, [hits, map, spec, t, lang]);

  useEffect(() => {
    if (!focus) return;
    const marker = markersRef.current.get(focus.key);
    const group = groupRef.current;
    if (!marker || !group) return;
    map.closePopup();
    map.once("moveend", () =>
      group.zoomToShowLayer(marker, () => {
        marker.openPopup();
        // The marker is in place now: move only as far as the popup needs.
        const shift = popupFit(map, marker, map.latLngToContainerPoint(marker.getLatLng()));
        if (shift && (shift.x !== 0 || shift.y !== 0)) map.panBy(shift.multiplyBy(-1), { duration: 0.25 });
      }),
    );
    map.flyTo(marker.getLatLng(), MARKER_ZOOM, { duration: FLY_SECONDS });
  }, [focus, map]);

  useEffect(() => {
    if (!highlightKey) return;
    const marker = markersRef.current.get(highlightKey);
    const group = groupRef.current;
    if (!marker || !group) return;
    // Inside a cluster the marker has no element of its own: light up the bubble that holds it.
    const visible = group.getVisibleParent(marker) as L.Marker | null;
    const element = visible?.getElement();
    element?.classList.add("is-highlighted");
    return () => element?.classList.remove("is-highlighted");
  }, [highlightKey, hits, map]);

  return null;
}

/** The brand's dealers from the dealer API, checked in slices (the list may hold 10,000 dealers). */
async function brandDealers(json: unknown, signal: AbortSignal): Promise<Dealer[]> {
  if (!Array.isArray(json)) throw new Error("the dealer list is not an array");
  const dealers: ListedDealer[] = [];
  let slice = performance.now();
  for (const item of json) {
    dealers.push(parseProviderReseller(item));
    if (performance.now() - slice > SLICE_MS) {
      await yieldToMain();
      signal.throwIfAborted();
      slice = performance.now();
    }
  }
  // Completed as a whole list, as the server does, so both give a provider's dealers the same slugs.
  return completeDealers(dealers).filter((dealer) => hasBrandTag(dealer.tags, brand.dealerTag));
}

export default function DealerMap({ dealersUrl, spec, now, focus, highlightKey, onPreview, onLeavePreview }: DealerMapProps) {
  const t = useT();
  const lang = useLang();
  const [dealers, setDealers] = useState<Dealer[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom] = useState(initialZoom);
  // Leaflet starts in a task of its own after the first paint with this component, not in the one
  // that rendered the page around it; the dealer list is already on its way meanwhile.
  const [started, setStarted] = useState(false);
  useEffect(() => afterNextPaint(() => setStarted(true)), []);

  useEffect(() => {
    const controller = new AbortController();
    fetch(dealersUrl, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`GET ${dealersUrl} answered ${response.status}`);
        return response.json();
      })
      .then((json: unknown) => brandDealers(json, controller.signal))
      .then(setDealers)
      .catch((error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        console.error("Dealer map: cannot load dealers", error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [dealersUrl]);

  const hits = useMemo<Hit[] | null>(() => {
    if (!dealers) return null;
    const out: Hit[] = [];
    for (const hit of searchDealers(dealers, spec).hits) {
      const point = coordinatesOf(hit.dealer);
      if (point) out.push({ dealer: hit.dealer, distanceKm: hit.distanceKm, point });
    }
    return out;
  }, [dealers, spec]);

  // The map's layers come a task after the map itself: creating the map lays out its frame, and both
  // in one task made the longest task of the page's load.
  const [layersReady, setLayersReady] = useState(false);
  const whenReady = useCallback(() => void yieldToMain().then(() => setLayersReady(true)), []);

  if (!started) return null;
  return (
    <>
      <MapContainer
        center={MAP_CENTRE}
        zoom={zoom}
        // Set on the map, not only the tile layer: clusters need it before the tiles start.
        maxZoom={MAX_ZOOM}
        zoomSnap={0.1}
        zoomDelta={1}
        wheelPxPerZoomLevel={120}
        zoomControl={false}
        className="dealer-map"
        whenReady={whenReady}
      >
        {layersReady ? (
          <>
            <ZoomControl position="topright" zoomInTitle={t("dealers.zoomIn")} zoomOutTitle={t("dealers.zoomOut")} />
            <Tiles
              attribution={`<a href="https://www.openstreetmap.org/copyright">${t("dealers.osmAttribution")}</a>`}
              leafletTitle={LEAFLET_TITLE[lang]}
              onPreview={onPreview}
              onLeavePreview={onLeavePreview}
            />
            <DealerLayer hits={hits} spec={spec} now={now} focus={focus} highlightKey={highlightKey} />
          </>
        ) : null}
      </MapContainer>
      {failed ? <p className="dealer-map__message" role="alert">{t("dealers.mapError")}</p> : null}
    </>
  );
}
