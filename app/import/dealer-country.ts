import { iso1A2Code } from "@rapideditor/country-coder";
import countries from "i18n-iso-countries";
import de from "i18n-iso-countries/langs/de.json" with { type: "json" };
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import es from "i18n-iso-countries/langs/es.json" with { type: "json" };
import fr from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import it from "i18n-iso-countries/langs/it.json" with { type: "json" };
import nl from "i18n-iso-countries/langs/nl.json" with { type: "json" };
import ru from "i18n-iso-countries/langs/ru.json" with { type: "json" };
import { normalisePlaceName } from "~/geo/postal-query";

/*
 * A dealer list's country cell → ISO 3166-1 alpha-2. Only the import loads this (the names of every
 * country in seven languages); the site names a country with Intl.DisplayNames (app/geo/countries.ts).
 */

/** Russian too: Cyrillic ERP lists write "Россия", "Беларусь", "Казахстан". */
const LOCALES = [en, de, fr, it, es, nl, ru];
for (const locale of LOCALES) countries.registerLocale(locale);

/** What people write that no ISO list holds: the old vehicle letters of our home market, "UK", Swiss languages. */
const EXTRA: Record<string, string> = { d: "DE", a: "AT", oesterreich: "AT", holland: "NL", uk: "GB", schweiz: "CH", suisse: "CH", svizzera: "CH", svizra: "CH", england: "GB", scotland: "GB", wales: "GB" };

let names: Map<string, Set<string>> | null = null;

/** Every name of every country in these languages, folded like place names; built on first use. */
function nameIndex(): Map<string, Set<string>> {
  if (names) return names;
  names = new Map();
  const add = (name: string, code: string) => {
    const key = normalisePlaceName(name);
    if (key === "") return;
    const codes = names?.get(key) ?? new Set<string>();
    codes.add(code);
    names?.set(key, codes);
  };
  for (const { locale } of LOCALES) {
    for (const [code, all] of Object.entries(countries.getNames(locale, { select: "all" }))) {
      for (const name of all) add(name, code);
    }
  }
  for (const [name, code] of Object.entries(EXTRA)) add(name, code);
  return names;
}

export type CountryMatch = { code: string } | { problem: string };

/** "DE", "deu", "Germany", "Deutschland", "Allemagne" → DE; an unknown or ambiguous name says so. */
export function countryCode(value: string): CountryMatch {
  const written = value.trim();
  if (written === "") return { problem: "country is empty" };
  if (/^[a-z]{2}$/i.test(written) && countries.isValid(written.toUpperCase())) return { code: written.toUpperCase() };
  if (/^[a-z]{3}$/i.test(written)) {
    const code = countries.alpha3ToAlpha2(written.toUpperCase());
    if (code) return { code };
  }
  const found = nameIndex().get(normalisePlaceName(written));
  if (!found) return { problem: `unknown country "${written}" (write the ISO code, e.g. DE, FR, GB)` };
  const codes = [...found];
  if (codes.length > 1) return { problem: `country "${written}" is ambiguous (${codes.join(", ")}): write the ISO code` };
  return { code: codes[0] ?? "" };
}

/**
 * The country a point lies in (ISO alpha-2), from country-coder's offline borders: a row without a
 * country takes it from its coordinates. Null at sea or in Antarctica.
 */
export function countryAt(lat: number, lng: number): string | null {
  return iso1A2Code([lng, lat]) ?? null;
}
