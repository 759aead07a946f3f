import { parseCookie } from "cookie";

export const LANGUAGES = ["de", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "de";

/** The query parameter that chooses a language on every page (`?lang=en`). */
export const LANGUAGE_PARAM = "lang";

/** Name of both the localStorage key and the cookie that keep the visitor's choice. */
export const LANGUAGE_STORAGE_KEY = "language";

export function isLang(value: unknown): value is Lang {
  return value === "de" || value === "en";
}

/**
 * The one reading of a language a visitor's request or browser names (`?lang=`, the cookie,
 * localStorage, one `Accept-Language` range): case does not matter and a region is dropped (`EN`,
 * `en-GB`, `de_AT`), anything else (`fr`, `english`) is no answer, so resolution falls through to
 * the next source. Server and browser both use it (decision 004).
 */
export function parseLang(value: string | null | undefined): Lang | null {
  if (typeof value !== "string") return null;
  const primary = /^\s*([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*\s*$/i.exec(value)?.[1]?.toLowerCase();
  return isLang(primary) ? primary : null;
}

/** The `cookie` package's parser: a malformed escape (`language=%`) leaves the value as it came instead of throwing. */
function readCookie(header: string | null, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}

/**
 * `?lang=` beats the stored choice (cookie), which beats the default. Returns whether the query
 * asked for a language, so the caller can store that choice.
 */
export function resolveLanguage(url: URL, cookieHeader: string | null): { lang: Lang; fromQuery: boolean } {
  const query = parseLang(url.searchParams.get(LANGUAGE_PARAM));
  if (query) return { lang: query, fromQuery: true };
  return { lang: storedLanguage(cookieHeader) ?? DEFAULT_LANG, fromQuery: false };
}

/** The visitor's stored choice (the cookie), or null when there is none. */
export function storedLanguage(cookieHeader: string | null): Lang | null {
  return parseLang(readCookie(cookieHeader, LANGUAGE_STORAGE_KEY));
}

/**
 * The cookie that stores the choice. `secure`: the site is served over https (the server knows it
 * from SITE_URL, the browser from its address), so the cookie never travels in clear text.
 */
export function languageCookie(lang: Lang, secure: boolean): string {
  return `${LANGUAGE_STORAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The address of the same page in another language, keeping the other query parameters. */
export function withLang(pathname: string, search: string, lang: Lang): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, lang);
  // `//host/…` in an href is another site (the server redirects such requests; this is the second lock).
  return `${pathname.replace(/^\/{2,}/, "/")}?${params.toString()}`;
}
