/**
 * The site's pages as React Router path patterns: app/routes.ts declares its pages with them, and the
 * content check (app/content/content-check.server.ts) tells an editor's link to a page that does not
 * exist (`/haendlersuche`) from one that does, without a server.
 */
export const PAGE_PATHS = {
  products: "products",
  category: "products/:productname",
  articles: "products/articles/:productname",
  article: ":partid",
  dealers: "handlersuche",
  dealer: "handlersuche/:slug",
  service: "service",
  notices: "hinweise",
  downloads: "downloads",
  contact: "contact",
  privacy: "datenschutz",
  imprint: "impressum",
  search: "search",
  recalls: "rueckrufe",
  recall: "rueckrufe/:id",
} as const;

/** Every page's full pattern (the article nests under its category's list), the home page as "". */
const FULL_PATTERNS = ["", ...Object.values(PAGE_PATHS).filter((p) => p !== PAGE_PATHS.article), `${PAGE_PATHS.articles}/${PAGE_PATHS.article}`];

/** Addresses outside the pages that a content file may link to: the media folder's files and the sitemap. */
const OTHER_PATHS = [/^\/media\/[^?#]+$/, /^\/sitemap\.xml$/];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern === "" ? [] : pattern.split("/");
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i]);
}

/**
 * Whether a site-relative link (`/products?lang=en#top`) reaches a page of the site or one of its
 * other addresses, by its path alone: whether `/products/pedale` names a category is the data's answer.
 */
export function isSitePath(link: string): boolean {
  const pathname = link.replace(/[?#].*$/s, "");
  if (OTHER_PATHS.some((pattern) => pattern.test(pathname))) return true;
  let segments: string[];
  try {
    segments = pathname.split("/").filter((segment) => segment !== "").map((segment) => decodeURIComponent(segment));
  } catch {
    return false;
  }
  return FULL_PATTERNS.some((pattern) => matches(pattern, segments));
}
