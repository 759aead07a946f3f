/**
 * Google Analytics 4 (gtag.js), loaded only after consent. The script is added as a `<script src>`
 * element (no inline code), so the Content-Security-Policy (no 'unsafe-inline') can allow it by host.
 * Hosts gtag needs: script-src https://www.googletagmanager.com; connect-src and img-src
 * https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com.
 */

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Marks the elements we add, so Reject can remove exactly those. */
const SCRIPT_MARKER = "data-consent-analytics";

/** Cookies Google Analytics sets (specification section 4: names starting _ga, _gid, _gat). */
export const ANALYTICS_COOKIE_PATTERN = /^(_ga|_gid|_gat)/;

function disableFlag(id: string): string {
  return `ga-disable-${id}`;
}

function setDisabled(id: string, disabled: boolean): void {
  // gtag.js reads this window property before every hit: the documented way to stop it in-page.
  (window as unknown as Record<string, unknown>)[disableFlag(id)] = disabled;
}

function gtagFunction(): Gtag {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  if (!window.gtag) {
    // gtag.js only understands Arguments objects in the data layer, not arrays.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- see above
      dataLayer.push(arguments);
    };
  }
  return window.gtag;
}

/** Starts analytics: consent mode first (everything denied but statistics), then the script. */
export function enableAnalytics(id: string, scriptUrl: string): void {
  setDisabled(id, false);
  const gtag = gtagFunction();
  if (!document.querySelector(`script[${SCRIPT_MARKER}]`)) {
    gtag("consent", "default", {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
  }
  gtag("consent", "update", { analytics_storage: "granted" });
  if (!document.querySelector(`script[${SCRIPT_MARKER}]`)) {
    gtag("js", new Date());
    // Page views are sent by trackPageView, also for the first page, so client navigation counts alike.
    gtag("config", id, { anonymize_ip: true, send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false });
    const script = document.createElement("script");
    script.async = true;
    script.src = `${scriptUrl}?id=${encodeURIComponent(id)}`;
    script.setAttribute(SCRIPT_MARKER, "");
    document.head.appendChild(script);
  }
}

export function trackPageView(id: string): void {
  if (!window.gtag) return;
  window.gtag("event", "page_view", {
    send_to: id,
    page_location: window.location.href,
    page_title: document.title,
  });
}

/** Stops analytics in this page and removes what it left: scripts and cookies. */
export function disableAnalytics(id: string | null, scriptUrl: string): void {
  if (id) setDisabled(id, true);
  window.gtag?.("consent", "update", { analytics_storage: "denied" });
  const gtagScript = scriptUrl ? absoluteUrl(scriptUrl) : null;
  for (const script of document.querySelectorAll<HTMLScriptElement>("script[src]")) {
    // Ours, or what gtag.js added itself (from Google's hosts). Never by host alone: the configured
    // address may be on this very site (tests), whose own scripts must stay.
    const src = absoluteUrl(script.src);
    if (
      script.hasAttribute(SCRIPT_MARKER) ||
      (gtagScript !== null && src !== null && src.split("?")[0] === gtagScript.split("?")[0]) ||
      (src !== null && /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//.test(src))
    ) {
      script.remove();
    }
  }
  clearAnalyticsCookies();
}

function absoluteUrl(url: string): string | null {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return null;
  }
}

/** The host and every parent domain, e.g. www.shop.example.de, shop.example.de, example.de. */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":") || !hostname.includes(".")) return [hostname];
  const parts = hostname.split(".");
  const domains: string[] = [];
  for (let i = 0; i < parts.length - 1; i++) domains.push(parts.slice(i).join("."));
  return domains;
}

/** "/", "/a", "/a/b" for the path /a/b/c: every path a cookie visible here may have been set for. */
export function cookiePaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join("/")}`);
  return paths;
}

/**
 * Expires every cookie whose name starts with _ga, _gid or _gat. A cookie is only removed by the same
 * name, domain and path it was set with, so every combination visible from this page is tried.
 */
export function clearAnalyticsCookies(): string[] {
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => ANALYTICS_COOKIE_PATTERN.test(name));
  const expired = "expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0";
  for (const name of new Set(names)) {
    for (const path of cookiePaths(window.location.pathname)) {
      document.cookie = `${name}=; ${expired}; path=${path}`;
      for (const domain of cookieDomains(window.location.hostname)) {
        document.cookie = `${name}=; ${expired}; path=${path}; domain=${domain}`;
        document.cookie = `${name}=; ${expired}; path=${path}; domain=.${domain}`;
      }
    }
  }
  return [...new Set(names)];
}
