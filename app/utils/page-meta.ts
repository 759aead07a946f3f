import type { TFunction } from "i18next";
import type { Location, MetaDescriptor } from "react-router";
import { getI18n } from "~/i18n/i18n";
import { fixedT } from "~/i18n/use-t";
import { DEFAULT_LANG, type Lang, isLang } from "~/i18n/language";
import { type SeoInput, seoMeta } from "./seo";

type PageTexts = Pick<SeoInput, "title" | "keepParams" | "image" | "structuredData" | "noindex"> & {
  description?: string;
  /**
   * The page's canonical path where it differs from the address it was asked under (an article
   * listed in several categories, decision 040): canonical and hreflang links point there.
   */
  pathname?: string;
};

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
}

interface RootMeta {
  lang: Lang;
  siteUrl: string;
  /** The brand's name and default description (content/brand.yaml, hooks/use-root-data.ts). */
  brand: { name: string; description: string };
}

function rootMeta(matches: readonly (MetaMatchLike | undefined)[]): RootMeta {
  const data = matches.find((m) => m?.id === "root")?.loaderData as Partial<RootMeta> | undefined;
  return {
    lang: isLang(data?.lang) ? data.lang : DEFAULT_LANG,
    siteUrl: data?.siteUrl ?? "",
    brand: { name: data?.brand?.name ?? "", description: data?.brand?.description ?? "" },
  };
}

/**
 * A route's `meta` in one line: the texts come from the translation of the rendered language, and
 * the canonical and hreflang links from the root's site URL.
 */
export function pageMeta(
  args: { matches: readonly (MetaMatchLike | undefined)[]; location: Location; error?: unknown },
  texts: (t: TFunction, lang: Lang, siteUrl: string, brandName: string) => PageTexts,
): MetaDescriptor[] {
  const { lang, siteUrl, brand } = rootMeta(args.matches);
  const t = fixedT(getI18n(lang));
  const { description, noindex, ...rest } = texts(t, lang, siteUrl, brand.name);
  return seoMeta({
    pathname: args.location.pathname,
    ...rest,
    siteUrl,
    siteName: brand.name,
    lang,
    search: args.location.search,
    description: description ?? brand.description,
    noindex: noindex ?? Boolean(args.error),
  });
}
