import { useRootData } from "~/hooks/use-root-data";
import type { Lang } from "./language";

/**
 * The page's language, as the root loader resolved it (the same value that picks the i18next
 * instance in root.tsx). Read from the loader data rather than useTranslation(): every call of that
 * hook copies the i18n instance on the server, and lists call this once per card.
 */
export function useLang(): Lang {
  return useRootData().lang;
}
