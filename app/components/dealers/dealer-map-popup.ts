import type { TFunction } from "i18next";
import { MARKER_ZOOM } from "~/components/dealers/map-view";
import { openStatusText } from "~/components/dealers/opening-status";
import { type Box, POPUP_MARGIN, popupShift } from "~/components/dealers/popup-fit";
import type { Dealer } from "~/dealers/dealer/dealer";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import { formatDistance, routeHref, safeWebUrl, telHref, webAddressText } from "~/dealers/search/search-spec";
import { markDealerClick } from "~/dealers/stats/track-dealer-click";
import L from "leaflet";

/* The dealer map's popups: their content, their width, and flying the map so they fit (dealer-map.tsx). */

/** Specification section 9: flights to a marker take 500 ms. */
export const FLY_SECONDS = 0.5;

export type Hit = { dealer: Dealer; distanceKm: number | null; point: L.LatLngLiteral };

export function activate(event: KeyboardEvent, action: () => void) {
  // Leaflet answers Enter only; buttons answer Space too.
  if (event.key !== " " && event.key !== "Enter") return;
  event.preventDefault();
  event.stopPropagation();
  action();
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
export function statusOf(dealer: Dealer, t: TFunction, now: number): { state: string; text: string } {
  const summary = summarizeHours(dealer.openingHours, dealer, now);
  return { state: summary.state, text: openStatusText(t, summary) };
}

function dealerPageHref(dealer: Dealer): string {
  return `/handlersuche/${encodeURIComponent(dealer.slug)}`;
}

/** Built from DOM nodes, never an HTML string: dealer data cannot inject markup. */
export function popupContent(hit: Hit, t: TFunction, lang: string, now: number): HTMLElement {
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
  // size smaller (dealer-locator.css) so that a long one still fits a phone's popup.
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

/** Left and right margins of the popup's text (dealer-locator.css, `.dealer-map .leaflet-popup-content`). */
const POPUP_PADDING = 16 + 24;

/** The popup's border and the rounding of its width, beyond the text's margins. */
const POPUP_FRAME = 4;

/**
 * Sizes an opening popup to the map as it is now. Measured at opening, not when the markers are made:
 * reading the layout then forced the browser to lay out the freshly built map in the middle of
 * that work. Leaflet fires this after its first layout, so a changed width is laid out once more.
 */
export function fitPopupWidth(popup: L.Popup, map: L.Map) {
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
export function popupFit(map: L.Map, marker: L.Marker, markerAt: L.Point): L.Point | null {
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
export function flyToPopup(map: L.Map, marker: L.Marker) {
  const latlng = marker.getLatLng();
  const shift = popupFit(map, marker, map.getSize().divideBy(2)) ?? L.point(0, 0);
  const target = map.unproject(map.project(latlng, MARKER_ZOOM).subtract(shift), MARKER_ZOOM);
  map.flyTo(target, MARKER_ZOOM, { duration: FLY_SECONDS });
}

/**
 * Whether Escape on the page is meant for the open popup: the focus is on the map (its marker, a
 * link in the popup) or nowhere in particular, as after a click on a marker. Escape in the search
 * field belongs to the field.
 */
function escapeIsForMap(marker: L.Marker): boolean {
  const active = document.activeElement;
  const map = marker.getElement()?.closest(".leaflet-container");
  return !active || active === document.body || Boolean(map?.contains(active));
}

/**
 * A marker for the keyboard: Enter or Space opens its popup as a click does and moves the focus to
 * the popup's first link; Escape (also after a click, issue 37), or closing the popup from inside,
 * hands the focus back to the marker. Its accessible name (the dealer, and whether open) is worked
 * out when it first shows.
 */
export function keyboardPopup(marker: L.Marker, label: () => string) {
  let byKeyboard = false;
  const onMarkerKey = (event: KeyboardEvent) =>
    activate(event, () => {
      byKeyboard = !marker.isPopupOpen();
      marker.fire("click");
    });
  // On the document, not the popup: a popup opened by the mouse never has the focus.
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented || !marker.isPopupOpen() || !escapeIsForMap(marker)) return;
    event.preventDefault();
    marker.closePopup();
    marker.getElement()?.focus({ preventScroll: true });
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
    document.addEventListener("keydown", onEscape);
    if (byKeyboard) popup?.querySelector<HTMLElement>(".leaflet-popup-content a")?.focus({ preventScroll: true });
    byKeyboard = false;
  });
  marker.on("popupclose", () => {
    document.removeEventListener("keydown", onEscape);
    const popup = marker.getPopup()?.getElement();
    if (popup?.contains(document.activeElement)) marker.getElement()?.focus({ preventScroll: true });
  });
}

