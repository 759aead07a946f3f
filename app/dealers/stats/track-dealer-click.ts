import { isWellFormedSlug } from "~/dealers/dealer/dealer-slug";
import { type DealerClickKind, isDealerClickKind } from "./dealer-stat-events";

/*
 * Counting which dealer contact links are used (issue 14), without consent because nothing personal
 * is sent or stored: the dealer's slug and the kind of link, to our own server. Two ways in, one
 * sender:
 * - any element with `data-dealer-click="phone|email|web|directions"` and `data-dealer="<slug>"`
 *   (on it or around it), through one listener on the document: the map's popups, a dealer's page;
 * - `dealerClickHandlers` on links React renders in bulk: the 50 cards of a result page would carry
 *   7 KB of attributes in HTML that sits at its 100 KB budget, for a listener that only exists once
 *   JavaScript runs anyway. Event handlers add no bytes to the HTML.
 */

export const DEALER_CLICK_ENDPOINT = "/api/stats/dealer-click";

type ClickLike = { type: string; button: number };

/** The primary button, or the middle one (which opens a link in a new tab); not the context menu's. */
function isLinkClick(event: ClickLike): boolean {
  return event.type === "auxclick" ? event.button === 1 : true;
}

function bodyOf(kind: DealerClickKind, dealer: string): string {
  return JSON.stringify({ dealer, kind });
}

/** `onClick` and `onAuxClick` for a link in JSX; nothing without a slug (a provider's list may lack one). */
export function dealerClickHandlers(
  kind: DealerClickKind,
  slug: string | undefined,
  send: (body: string) => void = sendDealerClick,
): { onClick?: (event: ClickLike) => void; onAuxClick?: (event: ClickLike) => void } {
  if (!slug || !isWellFormedSlug(slug)) return {};
  const report = (event: ClickLike) => {
    if (isLinkClick(event)) send(bodyOf(kind, slug));
  };
  return { onClick: report, onAuxClick: report };
}

/** Marks a link built as DOM nodes (the map's popups) for the document's listener. */
export function markDealerClick<T extends HTMLElement>(element: T, kind: DealerClickKind, slug: string | undefined): T {
  if (slug) {
    element.dataset.dealerClick = kind;
    element.dataset.dealer = slug;
  }
  return element;
}

/**
 * Hands the count to the browser, which sends it even when the click leaves the page (a web link, a
 * route planner), without holding up the navigation. `sendBeacon` sends a string as text/plain, a
 * request without a CORS preflight; keepalive fetch is for browsers whose beacon queue is full.
 */
export function sendDealerClick(body: string): void {
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(DEALER_CLICK_ENDPOINT, body)) return;
    void fetch(DEALER_CLICK_ENDPOINT, {
      method: "POST",
      body,
      keepalive: true,
      credentials: "omit",
      headers: { "Content-Type": "text/plain" },
    }).catch(() => undefined);
  } catch {
    // Statistics never get in the visitor's way.
  }
}

/** The JSON body for a click on `target`, or null when it is not on a counted link. */
export function dealerClickBody(target: EventTarget | null): string | null {
  const link = target && typeof (target as Element).closest === "function" ? (target as Element).closest("[data-dealer-click]") : null;
  if (!link) return null;
  const kind = link.getAttribute("data-dealer-click") ?? "";
  const dealer = link.closest("[data-dealer]")?.getAttribute("data-dealer") ?? "";
  if (!isDealerClickKind(kind) || !isWellFormedSlug(dealer)) return null;
  return bodyOf(kind, dealer);
}

const installedOn = new WeakSet<EventTarget>();

/**
 * Installs the document's listener (again calls do nothing). Capture phase: Leaflet stops clicks
 * inside a popup from bubbling, and no handler on the way may decide whether a click is counted.
 */
export function installDealerClickTracking(root: EventTarget = document, send: (body: string) => void = sendDealerClick): void {
  if (installedOn.has(root)) return;
  installedOn.add(root);
  const onClick = (event: Event) => {
    if (!isLinkClick(event as MouseEvent)) return;
    const body = dealerClickBody(event.target);
    if (body) send(body);
  };
  root.addEventListener("click", onClick, { capture: true });
  root.addEventListener("auxclick", onClick, { capture: true });
}
