/**
 * The dealer map. Leaflet reads `window` when it is imported, so this module is only ever loaded
 * with React.lazy after hydration (see routes/handlersuche.tsx); its CSS travels in the same chunk,
 * so no other page downloads a byte of Leaflet.
 */
import L from "leaflet";
import "leaflet.markercluster";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapContainer, TileLayer, ZoomControl, useMap } from "react-leaflet";
import { type ProviderReseller, resellerListSchema } from "~/catalog/provider-schema";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer-filter";
import {
  type DealerSearchSpec,
  coordinatesOf,
  dealerKey,
  formatDistance,
  routeHref,
  safeWebUrl,
  searchDealers,
  telHref,
} from "~/dealers/dealer-search";

/** Specification section 9: centre of Germany, zoom 5 (desktop) or 4.3 (phone), 14 on a marker, 500 ms. */
export const MAP_CENTRE: L.LatLngTuple = [51.1657, 10.4515];
export const DESKTOP_ZOOM = 5;
export const PHONE_ZOOM = 4.3;
export const MARKER_ZOOM = 14;
const FLY_SECONDS = 0.5;
const PHONE_QUERY = "(max-width: 767px)";

export interface FocusRequest {
  key: string;
  /** Grows with every click, so showing the same dealer twice flies twice. */
  seq: number;
}

export interface DealerMapProps {
  dealersUrl: string;
  spec: DealerSearchSpec;
  focus: FocusRequest | null;
  highlightKey: string | null;
}

type Hit = { dealer: ProviderReseller; distanceKm: number | null; point: L.LatLngLiteral };

function initialZoom(): number {
  return window.matchMedia(PHONE_QUERY).matches ? PHONE_ZOOM : DESKTOP_ZOOM;
}

const PIN_SVG =
  '<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true" focusable="false">' +
  '<path d="M14 1C6.8 1 1 6.7 1 13.8 1 23.5 14 39 14 39s13-15.5 13-25.2C27 6.7 21.2 1 14 1z"/>' +
  '<circle cx="14" cy="14" r="5.2"/></svg>';

const dealerIcon = L.divIcon({ className: "dealer-marker", html: PIN_SVG, iconSize: [28, 40], iconAnchor: [14, 39], popupAnchor: [0, -34] });

function activate(event: KeyboardEvent, action: () => void) {
  // Leaflet answers Enter only; buttons answer Space too.
  if (event.key !== " " && event.key !== "Enter") return;
  event.preventDefault();
  event.stopPropagation();
  action();
}

/** Cluster bubbles: a count to read, an accessible name ("12 Händler") and Enter/Space to zoom in. */
function clusterIcon(t: TFunction, map: L.Map) {
  return (cluster: L.MarkerCluster) => {
    const count = cluster.getChildCount();
    const size = count < 10 ? "s" : count < 100 ? "m" : "l";
    const icon = L.divIcon({
      className: `dealer-cluster dealer-cluster--${size}`,
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: size === "s" ? [36, 36] : size === "m" ? [42, 42] : [50, 50],
    });
    const create = icon.createIcon.bind(icon);
    icon.createIcon = (old) => {
      const element = create(old);
      element.setAttribute("aria-label", t("dealers.resultsAll", { count }));
      element.dataset.count = String(count);
      element.addEventListener("keydown", (event) =>
        activate(event, () => {
          if (map.getZoom() >= map.getMaxZoom()) cluster.spiderfy();
          else cluster.zoomToBounds({ padding: [24, 24] });
          // The bubble disappears as the clusters are rebuilt; the map keeps the keyboard focus.
          map.getContainer().focus({ preventScroll: true });
        }),
      );
      return element;
    };
    return icon;
  };
}

function link(href: string, text: string, newTab = false): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (newTab) {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
  }
  return a;
}

/** Built from DOM nodes, never an HTML string: dealer data cannot inject markup. */
function popupContent(hit: Hit, t: TFunction, lang: string): HTMLElement {
  const { dealer } = hit;
  const root = document.createElement("div");
  root.className = "dealer-popup";
  const name = document.createElement("p");
  name.className = "dealer-popup__name";
  name.textContent = dealer.name;
  root.append(name);
  if (hit.distanceKm !== null) {
    const distance = document.createElement("p");
    distance.className = "dealer-popup__distance";
    distance.textContent = t("dealers.distance", { distance: formatDistance(hit.distanceKm, lang) });
    root.append(distance);
  }
  const address = document.createElement("p");
  address.textContent = dealer.adresse;
  root.append(address);
  const line = (label: string, anchor: HTMLAnchorElement) => {
    const p = document.createElement("p");
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = `${label}: `;
    p.append(hidden, anchor);
    root.append(p);
  };
  line(t("dealers.phone"), link(telHref(dealer.tel), dealer.tel));
  line(t("dealers.email"), link(`mailto:${dealer.email}`, dealer.email));
  const web = safeWebUrl(dealer.web);
  if (web) line(t("dealers.web"), link(web, (dealer.web ?? web).replace(/^https?:\/\//i, ""), true));
  const route = link(routeHref(hit.point), t("dealers.route"), true);
  route.className = "dealer-popup__route";
  line(t("dealers.route"), route);
  return root;
}

function DealerLayer({ hits, spec, focus, highlightKey }: { hits: Hit[] | null; spec: DealerSearchSpec; focus: FocusRequest | null; highlightKey: string | null }) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const firstFill = useRef(true);

  useEffect(() => {
    const container = map.getContainer();
    const report = () => {
      container.dataset.zoom = String(Math.round(map.getZoom() * 10) / 10);
    };
    report();
    map.on("zoomend", report);
    return () => {
      map.off("zoomend", report);
    };
  }, [map]);

  useEffect(() => {
    if (!hits) return;
    const container = map.getContainer();
    const started = performance.now();
    container.dataset.markersReady = "false";
    const markers = new Map<string, L.Marker>();
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      maxClusterRadius: 56,
      iconCreateFunction: clusterIcon(t, map),
      chunkProgress: (done, total) => {
        if (done < total) return;
        container.dataset.markerCount = String(total);
        container.dataset.renderMs = String(Math.round(performance.now() - started));
        container.dataset.markersReady = "true";
      },
    });
    const list = hits.map((hit) => {
      const marker = L.marker(hit.point, { icon: dealerIcon, title: hit.dealer.name, keyboard: true, riseOnHover: true });
      marker.bindPopup(() => popupContent(hit, t, i18n.language), { autoPan: false, maxWidth: 280, minWidth: 200 });
      marker.on("click", () => map.flyTo(hit.point, MARKER_ZOOM, { duration: FLY_SECONDS }));
      marker.on("add", () => {
        const element = marker.getElement();
        element?.addEventListener("keydown", (event) => {
          // Enter is Leaflet's own; Space is added here.
          if (event.key === " ") activate(event, () => marker.fire("click"));
        });
      });
      markers.set(dealerKey(hit.dealer), marker);
      return marker;
    });
    group.addLayers(list);
    if (list.length === 0) {
      container.dataset.markerCount = "0";
      container.dataset.renderMs = String(Math.round(performance.now() - started));
      container.dataset.markersReady = "true";
    }
    map.addLayer(group);

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
    if (searching && (list.length > 0 || spec.origin)) {
      const bounds = L.latLngBounds(hits.map((h) => h.point));
      if (spec.origin) bounds.extend(spec.origin);
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12, animate: !firstFill.current });
    } else if (!searching && !firstFill.current) {
      map.setView(MAP_CENTRE, initialZoom());
    }
    firstFill.current = false;
    return () => {
      map.removeLayer(group);
      map.removeLayer(overlay);
      groupRef.current = null;
    };
  }, [hits, map, spec, t, i18n.language]);

  useEffect(() => {
    if (!focus) return;
    const marker = markersRef.current.get(focus.key);
    const group = groupRef.current;
    if (!marker || !group) return;
    map.closePopup();
    map.once("moveend", () => group.zoomToShowLayer(marker, () => marker.openPopup()));
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

export default function DealerMap({ dealersUrl, spec, focus, highlightKey }: DealerMapProps) {
  const { t } = useTranslation();
  const [dealers, setDealers] = useState<ProviderReseller[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom] = useState(initialZoom);

  useEffect(() => {
    const controller = new AbortController();
    fetch(dealersUrl, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`GET ${dealersUrl} answered ${response.status}`);
        return response.json();
      })
      .then((json: unknown) => {
        setDealers(resellerListSchema.parse(json).filter((d) => hasBrandTag(d.tag, brand.dealerTag)));
      })
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

  return (
    <>
      <MapContainer
        center={MAP_CENTRE}
        zoom={zoom}
        zoomSnap={0.1}
        zoomDelta={1}
        wheelPxPerZoomLevel={120}
        zoomControl={false}
        className="dealer-map"
      >
        <ZoomControl position="topright" zoomInTitle={t("dealers.zoomIn")} zoomOutTitle={t("dealers.zoomOut")} />
        <TileLayer
          url="/tiles/{z}/{x}/{y}.png"
          maxZoom={19}
          attribution={`<a href="https://www.openstreetmap.org/copyright">${t("dealers.osmAttribution")}</a>`}
        />
        <DealerLayer hits={hits} spec={spec} focus={focus} highlightKey={highlightKey} />
      </MapContainer>
      {failed ? <p className="dealer-map__message" role="alert">{t("dealers.mapError")}</p> : null}
    </>
  );
}
