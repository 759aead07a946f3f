import type { RootBrand } from "~/hooks/use-root-data";
import type { Lang } from "~/i18n/language";
import type { BrandContent } from "./brand-content";

/**
 * What the root loader gives every page of the brand (`RootData.brand`), in the page's language.
 * Types only besides: the root route imports it, and brand-content.ts's schema stays off the client.
 */
export function rootBrand(brand: BrandContent, lang: Lang): RootBrand {
  return {
    name: brand.name,
    legalName: brand.company.legalName,
    tagline: brand.tagline,
    description: brand.description[lang],
    social: brand.social,
    colors: brand.colors,
  };
}
