import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, type Lang } from "~/i18n/language";

/** What every page shows of the brand, from content/brand.yaml (decision 060). */
export interface RootBrand {
  name: string;
  legalName: string;
  /** Both languages: the footer shows them side by side. */
  tagline: { de: string; en: string };
  /** The search-engine description of a page without one of its own, in the page's language. */
  description: string;
  social: { label: string; url: string };
  /** `#rrggbb` values for the stylesheet's custom properties (root.tsx). */
  colors: { primary: string; primaryDark: string; primaryLight: string; accent: string; ink: string; paper: string };
}

/** What the root route's loader gives every page (app/root.tsx): the language and the site's addresses. */
export interface RootData {
  lang: Lang;
  siteUrl: string;
  mediaBase: string;
  mailerBase: string;
  /** Analytics runs only after consent (app/components/consent); null when none is configured. */
  analyticsId: string | null;
  analyticsScriptUrl: string;
  brand: RootBrand;
}

/**
 * Outside the root's data (an error before it loaded): German, no analytics, and a brand without a
 * name; the stylesheet's own colours apply (app/styles/base.css).
 */
const FALLBACK: RootData = {
  lang: DEFAULT_LANG,
  siteUrl: "",
  mediaBase: "/media",
  mailerBase: "",
  analyticsId: null,
  analyticsScriptUrl: "",
  brand: {
    name: "",
    legalName: "",
    tagline: { de: "", en: "" },
    description: "",
    social: { label: "", url: "" },
    colors: { primary: "", primaryDark: "", primaryLight: "", accent: "", ink: "", paper: "" },
  },
};

/** Here rather than in root.tsx, so that components need not import the root route's module. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? FALLBACK;
}
