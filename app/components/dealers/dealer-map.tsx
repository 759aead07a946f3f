/**
 * The dealer map. Leaflet reads `window` when it is imported, so this module is only ever loaded
 * in the browser (React.lazy, rendered after hydration; see routes/handlersuche.tsx), so no other
 * page downloads a byte of Leaflet. Its styles (dealer-map.css) are linked by the dealer page.
 */
import L from "leaflet";
import "leaflet.markercluster";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, ZoomControl, useMap } from "react-leaflet";
import { parseProviderReseller } from "~/catalog/provider-adapter";
import { openStatusText } from "~/components/dealers/opening-status";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { type Dealer, type ListedDealer, completeDealers } from "~/dealers/dealer/dealer";
import { DESKTOP_ZOOM, MAP_CENTRE, MARKER_ZOOM, PHONE_QUERY, PHONE_ZOOM } from "~/components/dealers/map-view";
import { type Box, POPUP_MARGIN, popupShift } from "~/components/dealers/popup-fit";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { markDealerClick } from "~/dealers/stats/track-dealer-click";
import { useLang } from "~/i18n/use-lang";
import type { Lang } from "~/i18n/language";
import { useT } from "~/i18n/use-t";
import {
  type DealerSearchSpec,
  coordinatesOf,
  dealerKey,
  formatDistance,
  routeHref,
  safeWebUrl,
  telHref,
  webAddressText,
} from "~/dealers/search/search-spec";
import { searchDealers } from "~/dealers/search/search-dealers";
import { SLICE_MS, afterNextPaint, yieldToMain } from "~/utils/yield-to-main";

/** Specification section 9: flights to a marker take 500 ms. */
const FLY_SECONDS = 0.5;
/** The tile proxy's limit (server/tile-proxy.ts). */
const MAX_ZOOM = 19;

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

type Hit = { dealer: Dealer; distanceKm: number | null; point: L.LatLngLiteral };

function initialZoom(): number {
  return window.matchMedia(PHONE_QUERY).matches ? PHONE_ZOOM : DESKTOP_ZOOM;
}

const PIN_SVG =
  '<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true" focusable="false">' +
  '<path d="M14 1C6.8 1 1 6.7 1 13.8 1 23.5 14 39 14 39s13-15.5 13-25.2C27 6.7 21.2 1 14 1z"/>' +
  '<circle cx="14" cy="14" r="5.2"/></svg>';

const dealerIcon = L.divIcon({ className: "dealer-marker", html: PIN_SVG, iconSize: [28, 40], iconAnchor: [14, 39], popupAnchor: [0, -34] });

/**
 * OpenStreetMap's tiles exist at 256 px only. On a phone they are drawn at two or three device pixels
 * per tile pixel, a little soft; the alternative, `detectRetina` (four tiles of the next zoom level
 * at half size), is sharp but halves every label to a size nobody can read on a phone. `srcset … 1x`
 * states what the image is, a one-density-only picture, so Lighthouse does not ask for a sharper one
 * that does not exist (decision 014).
 */
class OneDensityTileLayer extends L.TileLayer {
  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = super.createTile(coords, done) as HTMLImageElement;
    tile.srcset = `${tile.src} 1x`;
    return tile;
  }
}

/**
 * The tooltip of Leaflet's own credit, which Leaflet writes in English only. Here rather than in the
 * locale modules, whose texts are in every page's initial JavaScript: only the map shows it.
 */
const LEAFLET_TITLE: Record<Lang, string> = {
  de: "Eine JavaScript-Bibliothek für interaktive Karten",
  en: "A JavaScript library for interactive maps",
};

/** Anything that moves the view away from the preview's: a pan, a zoom, a new frame size. */
const LEAVES_PREVIEW = "movestart zoomstart move resize";

/**
 * The map's tiles. Over the page's preview the first view needs none: the preview shows exactly the
 * tiles Leaflet would load, already there with the HTML. Leaflet's own tile layer starts at the
 * first change of view, so its start-up draws nothing that is already on screen.
 */
function Tiles({
  attribution,
  leafletTitle,
  onPreview,
  onLeavePreview,
}: {
  attribution: string;
  leafletTitle: string;
  onPreview: boolean;
  onLeavePreview: () => void;
}) {
  const map = useMap();
  // Only the state at mount counts: a remount (new language) after the preview is gone draws at once.
  const [startsOnPreview] = useState(onPreview);
  const leave = useRef(onLeavePreview);
  leave.current = onLeavePreview;
  useEffect(() => {
    const credits = map.attributionControl;
    const prefix = credits?.options.prefix;
    // Leaflet's prefix is its link with the flag; only its title changes. The title is our own
    // locale text, which holds no quotes.
    if (credits && typeof prefix === "string") credits.setPrefix(prefix.replace(/title="[^"]*"/, `title="${leafletTitle}"`));
    credits?.addAttribution(attribution);
    let layer: L.TileLayer | null = null;
    const draw = () => {
      map.off(LEAVES_PREVIEW, draw);
      layer = new OneDensityTileLayer("/tiles/{z}/{x}/{y}.png", { maxZoom: MAX_ZOOM }).addTo(map);
      leave.current();
    };
    if (startsOnPreview) map.on(LEAVES_PREVIEW, draw);
    else draw();
    return () => {
      map.off(LEAVES_PREVIEW, draw);
      layer?.remove();
      credits?.removeAttribution(attribution);
    };
  }, [map, attribution, leafletTitle, startsOnPreview]);
  return null;
}

function activate(event: KeyboardEvent, action: () => void) {
  // Leaflet answers Enter only; buttons answer Space too.
  if (event.key !== " " && event.key !== "Enter") return;
  event.preventDefault();
  event.stopPropagation();
  action();
}

/** As markercluster decides on a click: spread out what even the deepest zoom keeps together. */
function spreadsOnPress(cluster: L.MarkerCluster, group: L.MarkerClusterGroup): boolean {
  let bottom = cluster;
  // markercluster's own fields (no public API for them); the same walk as its _zoomOrSpiderfy.
  type Inner = L.MarkerCluster & { _childClusters: Inner[]; _zoom: number; _childCount: number };
  while ((bottom as Inner)._childClusters.length === 1) bottom = (bottom as Inner)._childClusters[0] as Inner;
  const deepest = (group as L.MarkerClusterGroup & { _maxZoom: number })._maxZoom;
  return (bottom as Inner)._zoom === deepest && (bottom as Inner)._childCount === cluster.getChildCount();
}

/**
 * Where the keyboard focus goes once a pressed cluster has opened: the first (in tab order) of the
 * markers and smaller clusters it became, else the map itself, never the page's top.
 */
function focusAfterOpen(map: L.Map, group: L.MarkerClusterGroup, cluster: L.MarkerCluster) {
  const elements = new Set<HTMLElement>();
  for (const marker of cluster.getAllChildMarkers()) {
    const shown = (group.getVisibleParent(marker) as L.Marker | null)?.getElement();
    if (shown?.isConnected) elements.add(shown);
  }
  const [first] = [...elements].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  (first ?? map.getContainer()).focus({ preventScroll: true });
}

/**
 * Cluster bubbles: a count to read, an accessible name ("12 Händler – vergrößern") and Enter or
 * Space to zoom in, or to spread out the dealers that share one spot, with the focus kept.
 */
function clusterIcon(t: TFunction, map: L.Map, group: () => L.MarkerClusterGroup | null) {
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
      const owner = group();
      const spreads = owner !== null && spreadsOnPress(cluster, owner);
      element.setAttribute("aria-label", t(spreads ? "dealers.filters.clusterSpread" : "dealers.filters.clusterZoom", { count }));
      element.dataset.count = String(count);
      element.addEventListener("keydown", (event) =>
        activate(event, () => {
          if (!owner) return;
          if (spreads) {
            owner.once("spiderfied", () => focusAfterOpen(map, owner, cluster));
            cluster.spiderfy();
          } else {
            // The bubble is gone once the clusters are rebuilt for the new zoom.
            owner.once("animationend", () => focusAfterOpen(map, owner, cluster));
            cluster.zoomToBounds({ padding: [24, 24] });
          }
          // Meanwhile the map holds the focus, so it is not lost with the bubble.
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
  // A page of ours: followed by the router (navigation/link-navigation.ts), like an AppLink.
  if (href.startsWith("/")) a.dataset.discover = "true";
  if (newTab) {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
  }
  return a;
}

/** "Geöffnet · schließt um 18:00 Uhr" at the page's moment, as the dealer's card says it. */
function statusOf(dealer: Dealer, t: TFunction, now: number): { state: string; text: string } {
  const summary = summarizeHours(dealer.openingHours, dealer, now);
  return { state: summary.state, text: openStatusText(t, summary) };
}

function dealerPageHref(dealer: Dealer): string {
  return `/handlersuche/${encodeURIComponent(dealer.slug)}`;
}

/** Built from DOM nodes, never an HTML string: dealer data cannot inject markup. */
function popupContent(hit: Hit, t: TFunction, lang: string, now: number): HTMLElement {
  const { dealer } = hit;
  const root = document.createElement("div");
  root.className = "dealer-popup";
  const name = document.createElement("p");
  name.className = "dealer-popup__name";
  if (dealer.slug) name.append(link(dealerPageHref(dealer), dealer.name));
  else name.textContent = dealer.name;
  // Name and distance ("7,3 km", without "entfernt") share a line where they fit.
  const head = document.createElement("div");
  head.className = "dealer-popup__head";
  head.append(name);
  if (hit.distanceKm !== null) {
    const distance = document.createElement("p");
    distance.className = "dealer-popup__distance";
    distance.textContent = formatDistance(hit.distanceKm, lang);
    head.append(distance);
  }
  root.append(head);
  const address = document.createElement("p");
  address.textContent = dealer.address;
  root.append(address);
  if (dealer.approximate) {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = t(dealer.approximate === "town" ? "dealers.approximateTown" : "dealers.approximate");
    root.append(note);
  }
  const status = statusOf(dealer, t, now);
  const state = document.createElement("p");
  state.className = `open-status open-status--${status.state}`;
  state.textContent = status.text;
  root.append(state);
  const line = (label: string, anchor: HTMLAnchorElement) => {
    const p = document.createElement("p");
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = `${label}: `;
    p.append(hidden, anchor);
    root.append(p);
  };
  if (dealer.phone) line(t("dealers.phone"), markDealerClick(link(telHref(dealer.phone), dealer.phone), "phone", dealer.slug));
  // The addresses themselves, not the words "E-Mail" and "Website" (specification section 4), a
  // size smaller (app.css) so that a long one still fits a phone's popup.
  const asAddress = (anchor: HTMLAnchorElement) => {
    anchor.classList.add("dealer-popup__address");
    return anchor;
  };
  if (dealer.email) line(t("dealers.email"), markDealerClick(asAddress(link(`mailto:${dealer.email}`, dealer.email)), "email", dealer.slug));
  const website = safeWebUrl(dealer.website);
  if (website) line(t("dealers.web"), markDealerClick(asAddress(link(website, webAddressText(dealer.website ?? website), true)), "web", dealer.slug));
  // Directions and the dealer's page share a line: every line counts on a phone's map.
  const actions = document.createElement("p");
  actions.className = "dealer-popup__actions";
  const route = markDealerClick(link(routeHref(hit.point), t("dealers.route"), true), "directions", dealer.slug);
  route.className = "dealer-popup__route";
  actions.append(route);
  if (dealer.slug) {
    const details = link(dealerPageHref(dealer), t("dealers.filters.details"));
    details.className = "dealer-popup__details";
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = `: ${dealer.name}`;
    details.append(hidden);
    actions.append(details);
  }
  root.append(actions);
  return root;
}

/** Left and right margins of the popup's text (app.css, `.dealer-map .leaflet-popup-content`). */
const POPUP_PADDING = 16 + 24;

/** The popup's border and the rounding of its width, beyond the text's margins. */
const POPUP_FRAME = 4;

/**
 * Sizes an opening popup to the map as it is now. Measured at opening, not when the markers are made:
 * reading the layout then forced the browser to lay out the freshly built map in the middle of
 * that work. Leaflet fires this after its first layout, so a changed width is laid out once more.
 */
function fitPopupWidth(popup: L.Popup, map: L.Map) {
  const maxWidth = popupMaxWidth(map);
  const minWidth = Math.min(200, maxWidth);
  if (popup.options.maxWidth === maxWidth && popup.options.minWidth === minWidth) return;
  popup.options.maxWidth = maxWidth;
  popup.options.minWidth = minWidth;
  popup.update();
}

/**
 * The popup's widest text column: the room left of the zoom buttons, at most 300 px. On a phone
 * the popup then fits beside the buttons (popup-fit.ts) and may use the map's whole height. Below
 * them, a popup with a two-line status and a web address no longer fitted a phone's map with its
 * marker, and its close button ended up on the zoom buttons.
 */
function popupMaxWidth(map: L.Map): number {
  const container = map.getContainer();
  const zoom = container.querySelector(".leaflet-control-zoom");
  const limit = zoom ? zoom.getBoundingClientRect().left - container.getBoundingClientRect().left : map.getSize().x;
  const room = limit - POPUP_PADDING - POPUP_FRAME - 2 * POPUP_MARGIN;
  return Math.max(160, Math.min(300, room));
}

function frameBox(element: Element, frame: DOMRect): Box {
  const r = element.getBoundingClientRect();
  return { left: r.left - frame.left, top: r.top - frame.top, right: r.right - frame.left, bottom: r.bottom - frame.top };
}

/**
 * How far the marker's open popup (with the marker) must move, in pixels, to show whole: inside the
 * frame and clear of the controls. `markerAt` is where the marker will be; the popup keeps its
 * place relative to the marker at every zoom, so this works for the end of a flight, too.
 */
function popupFit(map: L.Map, marker: L.Marker, markerAt: L.Point): L.Point | null {
  const popup = marker.getPopup()?.getElement();
  const icon = marker.getElement();
  if (!popup || !icon) return null;
  const container = map.getContainer();
  const frame = container.getBoundingClientRect();
  const now = map.latLngToContainerPoint(marker.getLatLng());
  const parts = [frameBox(popup, frame), frameBox(icon, frame)];
  const box: Box = {
    left: Math.min(...parts.map((p) => p.left)) - now.x + markerAt.x,
    top: Math.min(...parts.map((p) => p.top)) - now.y + markerAt.y,
    right: Math.max(...parts.map((p) => p.right)) - now.x + markerAt.x,
    bottom: Math.max(...parts.map((p) => p.bottom)) - now.y + markerAt.y,
  };
  const controls = [...container.querySelectorAll(".leaflet-control")].map((control) => frameBox(control, frame));
  const shift = popupShift(box, { width: frame.width, height: frame.height }, controls);
  // A popup taller than the room would push its marker below the frame, where the clustering (on
  // phones it keeps no margin around the view) removes the marker and closes the popup with it:
  // the marker stays in, even if the popup's top is then cut.
  const lowest = frame.height - POPUP_MARGIN - markerAt.y;
  return L.point(shift.x, Math.min(shift.y, lowest));
}

/**
 * Flies to the marker at marker zoom (specification section 9) and ends where its open popup shows
 * whole: the flight's target is the marker, offset by what the popup needs.
 */
function flyToPopup(map: L.Map, marker: L.Marker) {
  const latlng = marker.getLatLng();
  const shift = popupFit(map, marker, map.getSize().divideBy(2)) ?? L.point(0, 0);
  const target = map.unproject(map.project(latlng, MARKER_ZOOM).subtract(shift), MARKER_ZOOM);
  map.flyTo(target, MARKER_ZOOM, { duration: FLY_SECONDS });
}

/**
 * A marker for the keyboard: Enter or Space opens its popup as a click does and moves the focus to
 * the popup's first link; Escape, or closing the popup from inside, hands the focus back. Its
 * accessible name (the dealer, and whether open) is worked out when it first shows.
 */
function keyboardPopup(marker: L.Marker, label: () => string) {
  let byKeyboard = false;
  const onMarkerKey = (event: KeyboardEvent) =>
    activate(event, () => {
      byKeyboard = !marker.isPopupOpen();
      marker.fire("click");
    });
  const onPopupKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    marker.closePopup();
  };
  // Leaflet reuses a marker's element each time clustering adds it again: named functions, added once.
  marker.on("add", () => {
    const element = marker.getElement();
    if (!element) return;
    element.addEventListener("keydown", onMarkerKey);
    if (!element.hasAttribute("aria-label")) element.setAttribute("aria-label", label());
  });
  marker.on("popupopen", () => {
    const popup = marker.getPopup()?.getElement();
    popup?.addEventListener("keydown", onPopupKey);
    if (byKeyboard) popup?.querySelector<HTMLElement>(".leaflet-popup-content a")?.focus({ preventScroll: true });
    byKeyboard = false;
  });
  marker.on("popupclose", () => {
    const popup = marker.getPopup()?.getElement();
    if (popup?.contains(document.activeElement)) marker.getElement()?.focus({ preventScroll: true });
  });
}

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
      // More room above: a marker stands on its point, so the northernmost one's pin reaches above it.
      map.fitBounds(bounds, { paddingTopLeft: [32, 56], paddingBottomRight: [32, 24], maxZoom: 12, animate: !firstFill.current });
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
