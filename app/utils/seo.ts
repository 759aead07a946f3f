import type { MetaDescriptor } from "react-router";
import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";

export interface SeoInput {
  siteUrl: string;
  lang: Lang;
  pathname: string;
  search: string;
  title: string;
  description: string;
  /** Pages that must not be indexed (errors). */
  noindex?: boolean;
}

/** The address of a page in one language: German is the default and needs no parameter. */
export function localizedUrl(siteUrl: string, pathname: string, search: string, lang: Lang): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  if (lang === "en") params.set("lang", "en");
  const query = params.toString();
  return `${siteUrl}${pathname}${query ? `?${query}` : ""}`;
}

/** Title, description, canonical URL, hreflang alternates and Open Graph for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.title === brand.name ? brand.name : `${input.title} | ${brand.name}`;
  const canonical = localizedUrl(input.siteUrl, input.pathname, input.search, input.lang);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:locale", content: input.lang === "de" ? "de_DE" : "en_GB" },
    { property: "og:url", content: canonical },
  ];
  if (input.noindex) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  tags.push(
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "de", href: localizedUrl(input.siteUrl, input.pathname, input.search, "de") },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: localizedUrl(input.siteUrl, input.pathname, input.search, "en") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(input.siteUrl, input.pathname, input.search, "de") },
  );
  return tags;
}
