/**
 * Which GET requests the page cache may store and answer (server/response-cache.ts). One function
 * for both request paths: the cache object that holds it serves the Node handler, the page path
 * and the Express middleware alike.
 */

/**
 * Query parameters that change what a page or API answer shows (`_routes` is React Router's own).
 * Any other parameter (tracking, cache busting) still gets a fresh answer, but is not stored: it
 * would only fill the cache with copies of the same page.
 */
const MEANINGFUL_PARAMS = new Set(["lang", "page", "q", "r", "lat", "lng", "limit", "_routes"]);

/** Pages whose answer depends on the visitor's input: always rendered, never stored. */
const UNCACHED_PAGES = /^\/(search|contact)(\.data)?$/;

/** The dealer page, also as React Router's data request (`.data`, `/_.data` after a trailing slash). */
const DEALER_PAGE = /^\/handlersuche(\/|\.data|\/_\.data)?$/;

/**
 * Parameters that make the dealer page a search. Every search must run the loader, which counts it
 * (issue 14); the results are noindex variations of one page and cheap to render. The bare page and
 * its radius or language variants stay cached.
 */
const DEALER_SEARCH_PARAMS = ["q", "lat", "lng", "service", "open", "article"];

export function isDealerSearch(url: URL): boolean {
  return DEALER_PAGE.test(url.pathname) && DEALER_SEARCH_PARAMS.some((name) => url.searchParams.has(name));
}

export function isCacheable(url: URL): boolean {
  if (UNCACHED_PAGES.test(url.pathname) || isDealerSearch(url)) return false;
  for (const key of url.searchParams.keys()) if (!MEANINGFUL_PARAMS.has(key)) return false;
  return true;
}
