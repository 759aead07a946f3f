import { PANEL_PARAMS } from "~/catalog/panel-revalidation";
import { SORT_PARAM } from "~/catalog/list-sort";
import { DIGITAL_LINK_PARAMS } from "~/catalog/digital-link/link-types";
import { DEALER_PAGE_PARAMS } from "~/dealers/search/filter-toggles";
import { DEALER_SEARCH_PARAMS } from "~/dealers/search/search-params";
import { IN_STOCK_ENDPOINT, IN_STOCK_PARAMS } from "~/dealers/where-to-buy/in-stock-query";
import { LANGUAGE_PARAM } from "~/i18n/language";
import { SEARCH_PAGE_PARAMS } from "~/models/search-text";
import { PAGE_PARAM } from "~/utils/page-param";

/*
 * Which query parameters each address reads, from the lists the routes read them by (one list per
 * route, in the route's own feature module). The request log keeps only these (issue 37): whatever
 * else a client appends (`Q=`, `plz=`, `near=`, `q[]=`) is read by no page, and may be anything a
 * visitor typed, so it is left out of the log rather than redacted by guesswork.
 */

/** Read on every address: the language, and React Router's own (`_routes` of a data request, `index` of an index route's form). */
const EVERY_ADDRESS = [LANGUAGE_PARAM, "_routes", "index"];

const ARTICLE_LIST = /^\/products\/articles\/[^/]+\/?$/;
const ARTICLE_PANEL = /^\/products\/articles\/[^/]+\/[^/]+$/;

const BY_PATH: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/handlersuche\/?$/, params: DEALER_PAGE_PARAMS },
  { path: /^\/api\/where-to-buy$/, params: Object.keys(DEALER_SEARCH_PARAMS) },
  { path: new RegExp(`^${IN_STOCK_ENDPOINT}$`), params: IN_STOCK_PARAMS },
  { path: /^\/search$/, params: Object.values(SEARCH_PAGE_PARAMS) },
  { path: ARTICLE_LIST, params: [PAGE_PARAM, SORT_PARAM] },
  // The panel's page renders inside its category's list, which reads the page number.
  { path: ARTICLE_PANEL, params: [PAGE_PARAM, SORT_PARAM, ...PANEL_PARAMS] },
  { path: /^\/01\//, params: DIGITAL_LINK_PARAMS },
];

/** The path as the router matches it: decoded, without a data request's `.data` (`/x.data`, `/_.data` after a slash). */
function routedPath(pathname: string): string {
  let path = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: the router answers 400, and the raw path matches no list.
  }
  return path;
}

/** The query parameters the route at `pathname` reads. */
export function paramsReadAt(pathname: string): ReadonlySet<string> {
  const path = routedPath(pathname);
  return new Set([...EVERY_ADDRESS, ...BY_PATH.filter((entry) => entry.path.test(path)).flatMap((entry) => entry.params)]);
}
