import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, type Lang } from "~/i18n/language";

/** What the root route's loader gives every page (app/root.tsx): the language and the site's addresses. */
export interface RootData {
  lang: Lang;
  siteUrl: string;
  mediaBase: string;
  mailerBase: string;
  /** Analytics runs only after consent (app/components/consent); null when none is configured. */
  analyticsId: string | null;
  analyticsScriptUrl: string;
}

/** Outside the root's data (an error before it loaded): German, and no analytics. */
const FALLBACK: RootData = { lang: DEFAULT_LANG, siteUrl: "", mediaBase: "/media", mailerBase: "", analyticsId: null, analyticsScriptUrl: "" };

/** Here rather than in root.tsx, so that components need not import the root route's module. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? FALLBACK;
}
