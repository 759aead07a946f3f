import Negotiator from "negotiator";
import { DEFAULT_LANG, LANGUAGES, type Lang, parseLang, storedLanguage } from "./language";

/**
 * The language a visitor's browser asks for (`Accept-Language`, q-values and `en-GB` → `en`), or
 * null when it names none of ours. Only answers that are no page use it (the Digital Link
 * resolver): a page follows `?lang=`, the stored choice and German (decision 004), so its address
 * alone says which language it shows.
 */
export function acceptedLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const best = new Negotiator({ headers: { "accept-language": header } }).language([...LANGUAGES]);
  return parseLang(best);
}

/**
 * For a redirect to one of our pages: `?lang=`, else the stored choice, else `Accept-Language`,
 * else German. `stored` is what the target page would choose by itself (the cookie, else German),
 * so the caller adds `?lang=` only where the two differ.
 */
export function resolveVisitorLanguage(url: URL, headers: Headers): { lang: Lang; pageDefault: Lang } {
  const stored = storedLanguage(headers.get("Cookie"));
  const pageDefault = stored ?? DEFAULT_LANG;
  const query = parseLang(url.searchParams.get("lang"));
  if (query) return { lang: query, pageDefault };
  return { lang: stored ?? acceptedLanguage(headers.get("Accept-Language")) ?? DEFAULT_LANG, pageDefault };
}
