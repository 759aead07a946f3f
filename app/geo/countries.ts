/*
 * A country's name in the page's language from its ISO 3166-1 code, by the runtime's own CLDR data
 * (Intl.DisplayNames): every country without a table of our own. Called by loaders, so the names
 * reach the page as text and no browser needs the data.
 */

const byLang = new Map<string, Intl.DisplayNames>();

/** "FR" → "Frankreich" (de) / "France" (en); an unknown code comes back as written. */
export function countryName(code: string, lang: string): string {
  let names = byLang.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
    byLang.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed region code (a provider's free text): show it as it came.
    return code;
  }
}
