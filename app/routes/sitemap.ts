import { articleHref, articleListHref, asciiHref, categoryHref, childCategories, topLevelCategories } from "~/catalog/catalog-view";
import { pageCount } from "~/catalog/article-view";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { isWellFormedSlug } from "~/dealers/dealer/dealer-slug";
import type { Category } from "~/catalog/category";
import { localizedUrl } from "~/utils/seo";
import { listRecallIds } from "~/models/recall.server";
import { RECALLS_PATH, recallPath } from "~/catalog/recall-view";
import type { Route } from "./+types/sitemap";

const STATIC_PAGES = ["/", "/products", "/handlersuche", "/service", "/hinweise", "/downloads", "/contact", "/datenschutz", "/impressum", RECALLS_PATH];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every page in both languages, each entry naming its other-language twin (hreflang in sitemaps). */
function entry(siteUrl: string, path: string, search = ""): string {
  const url = (lang: "de" | "en") => escapeXml(localizedUrl(siteUrl, asciiHref(path), search, lang));
  const alternates = (["de", "en"] as const)
    .map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${url(lang)}"/>`)
    .join("");
  const defaults = `<xhtml:link rel="alternate" hreflang="x-default" href="${url("de")}"/>`;
  return (["de", "en"] as const).map((lang) => `<url><loc>${url(lang)}</loc>${alternates}${defaults}</url>`).join("\n");
}

function leaves(categories: Category[]): Category[] {
  const walk = (list: Category[]): Category[] =>
    list.flatMap((c) => {
      const children = childCategories(categories, c.id);
      return children.length > 0 ? walk(children) : [c];
    });
  return walk(topLevelCategories(categories));
}

export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.env.SITE_URL;
  const categories = await context.catalog.categories();
  const entries: string[] = STATIC_PAGES.map((path) => entry(siteUrl, path));

  for (const top of topLevelCategories(categories)) {
    const href = categoryHref(categories, top);
    if (href.startsWith("/products/") && !href.startsWith("/products/articles/")) entries.push(entry(siteUrl, href));
  }
  for (const leaf of leaves(categories)) {
    const listPath = articleListHref(leaf);
    const list = await context.catalog.articleList(leaf.id);
    const articles = list?.articles ?? [];
    for (let page = 1; page <= pageCount(articles.length); page++) {
      entries.push(entry(siteUrl, listPath, page > 1 ? `?page=${page}` : ""));
    }
    // Only canonical addresses: an article listed here as a further group has its own category's (decision 040).
    for (const article of articles) {
      if (article.homeCategoryId === undefined || article.homeCategoryId === leaf.id) entries.push(entry(siteUrl, articleHref(leaf, article.partno)));
    }
  }

  // Every brand dealer's own page (issue 14); other brands' dealers have none, and a provider's
  // slug that is no address of ours would only be a 404.
  for (const dealer of await context.dealers.dealers()) {
    if (isWellFormedSlug(dealer.slug) && hasBrandTag(dealer.tags, brand.dealerTag)) entries.push(entry(siteUrl, `/handlersuche/${dealer.slug}`));
  }

  // Every recall notice (issue 28): a consumer searching for a recall must find it.
  for (const recall of await listRecallIds(context.db)) entries.push(entry(siteUrl, recallPath(recall.id)));

  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
