import type { MetaDescriptor } from "react-router";
import type { Lang } from "~/i18n/language";

export interface SeoInput {
  siteUrl: string;
  /** The brand's name (content/brand.yaml): after each page's title, and Open Graph's site name. */
  siteName: string;
  lang: Lang;
  pathname: string;
  search: string;
  title: string;
  description: string;
  /** Query parameters that make a different page (e.g. `page`); everything else is left out. */
  keepParams?: readonly string[];
  /** Absolute URL of a picture for link previews. */
  image?: string;
  /** schema.org objects, rendered as JSON-LD. */
  structuredData?: readonly object[];
  /**
   * The page's canonical path where it differs from the address it was asked under (an article
   * listed in several categories, decision 040): canonical and hreflang links point there.
   */
  canonicalPath?: string;
  /**
   * Pages that must not be indexed (errors, search results; `"variant"`: another order or filter of
   * an indexed list, whose canonical link points to that list, with `keepParams` naming what stays).
   */
  noindex?: boolean | "variant";
}

/**
 * The address of a page in one language. German is the default and needs no parameter; tracking
 * and other parameters are dropped, so one page has one canonical address per language.
 */
export function localizedUrl(
  siteUrl: string,
  pathname: string,
  search: string,
  lang: Lang,
  keepParams: readonly string[] = ["page"],
): string {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const key of keepParams) {
    const value = current.get(key);
    if (value !== null && !(key === "page" && value === "1")) params.set(key, value);
  }
  if (lang === "en") params.set("lang", "en");
  const query = params.toString();
  return `${siteUrl}${pathname}${query ? `?${query}` : ""}`;
}

/** Title, description, canonical URL, hreflang alternates, Open Graph and JSON-LD for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.title === input.siteName || !input.siteName ? input.title : `${input.title} | ${input.siteName}`;
  const url = (lang: Lang) => localizedUrl(input.siteUrl, input.canonicalPath ?? input.pathname, input.search, lang, input.keepParams);
  const canonical = url(input.lang);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.structuredData?.some((d) => "@type" in d && d["@type"] === "Product") ? "product" : "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:locale", content: input.lang === "de" ? "de_DE" : "en_GB" },
    { property: "og:url", content: canonical },
  ];
  if (input.image) tags.push({ property: "og:image", content: input.image });
  if (input.noindex) {
    tags.push({ name: "robots", content: "noindex, follow" });
    if (input.noindex === "variant") tags.push({ tagName: "link", rel: "canonical", href: canonical });
    return tags;
  }
  tags.push(
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "de", href: url("de") },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("de") },
  );
  for (const data of input.structuredData ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
