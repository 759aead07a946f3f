import { PANEL_PARAM_VALUES } from "~/catalog/article-panel-view";
import { isDealerSearch as isDealerSearchParams } from "~/dealers/search/search-params";
import { IN_STOCK_ENDPOINT } from "~/dealers/where-to-buy/in-stock-query";

/**
 * Which GET requests the page cache may store and answer (server/response-cache.ts). One function
 * for both request paths: the cache object that holds it serves the Node handler, the page path
 * and the Express middleware alike.
 */

/**
 * Query parameters that change what a page or API answer shows, where they do, with the values a
 * link of ours can carry (`_routes` is React Router's own). Any other parameter or value (tracking,
 * cache busting, a `page` on a page without pages) still gets a fresh answer, but is not stored: it
 * would only fill the cache with copies of the same page, one per value a client makes up.
 */
/** An article's panel, also as React Router's data request. */
const ARTICLE_PANEL = /^\/products\/articles\/[^/]+\/[^/]+?(\.data)?$/;
/** The dealers with an article in stock near a place (decision 056): shown stock, kept per stock version. */
const IN_STOCK = new RegExp(`^${IN_STOCK_ENDPOINT}$`);

const PARAMS: Record<string, { value: RegExp; on?: RegExp }> = {
  lang: { value: /^(de|en)$/ },
  _routes: { value: /^[\w/.,-]{1,300}$/ },
  page: { value: /^\d{1,4}$/, on: /^\/products\/articles\// },
  limit: { value: /^\d{1,4}$/, on: /^\/handlersuche(\.data|\/_\.data|\/)?$/ },
  // The article panel's views and pictures (app/catalog/article-panel-view.ts); the loader redirects other values.
  view: { value: PANEL_PARAM_VALUES.view, on: ARTICLE_PANEL },
  image: { value: PANEL_PARAM_VALUES.image, on: ARTICLE_PANEL },
  // A part number, a postal code or town as typed, a position to 100 m, a radius: the answers
  // other sites ask for again and again. Longer or odder values still get an answer, unstored.
  article: { value: /^[\w./ -]{1,64}$/, on: IN_STOCK },
  q: { value: /^[\p{L}\d .'-]{1,40}$/u, on: IN_STOCK },
  lat: { value: /^-?\d{1,2}(\.\d{1,3})?$/, on: IN_STOCK },
  lng: { value: /^-?\d{1,3}(\.\d{1,3})?$/, on: IN_STOCK },
  r: { value: /^\d{1,3}$/, on: /^\/handlersuche(\.data|\/_\.data|\/)?$|^\/api\/in-stock$/ },
};

/** Pages whose answer depends on the visitor's input: always rendered, never stored. */
const UNCACHED_PAGES = /^\/(search|contact)(\.data)?$/;

/** The dealer page, also as React Router's data request (`.data`, `/_.data` after a trailing slash). */
const DEALER_PAGE = /^\/handlersuche(\/|\.data|\/_\.data)?$/;

/**
 * A dealer search (app/dealers/search/search-params.ts names its parameters) must run the loader,
 * which counts it (issue 14); the results are noindex variations of one page and cheap to render.
 * The bare page and its radius or language variants stay cached.
 */
export function isDealerSearch(url: URL): boolean {
  return DEALER_PAGE.test(url.pathname) && isDealerSearchParams(url.searchParams);
}

/**
 * Answers that show dealer stock: stored only while the stock version they were made under holds
 * (server/response-cache.ts). Dealer searches with an article (`/handlersuche?article=…`, the
 * where-to-buy route) show stock too, but are never stored: they are counted when they run.
 */
export function showsStock(url: URL): boolean {
  return IN_STOCK.test(url.pathname);
}

export function isCacheable(url: URL): boolean {
  if (UNCACHED_PAGES.test(url.pathname) || isDealerSearch(url)) return false;
  const seen = new Set<string>();
  for (const [key, value] of url.searchParams) {
    const param = Object.hasOwn(PARAMS, key) ? PARAMS[key] : undefined;
    if (!param || seen.has(key) || !param.value.test(value) || (param.on && !param.on.test(url.pathname))) return false;
    seen.add(key);
  }
  return true;
}
