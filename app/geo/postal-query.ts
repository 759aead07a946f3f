import { foldUmlautDigraphs } from "~/utils/german-spelling";
export type PostalCountry = "DE" | "AT" | "CH";

export interface PostalQuery {
  /** Digits as typed: "01067" stays "01067" (Dresden); as a number it would be nothing. */
  code: string;
  /** Countries that use this code format, most likely first; one when a prefix named the country. */
  countries: PostalCountry[];
  /** The town typed beside the code ("80331 München", "München 80331"), when there was one. */
  place?: string;
}

/** Letters in front of a postal code: the old European vehicle codes and ISO codes alike. */
const PREFIXES: Record<string, PostalCountry> = { D: "DE", DE: "DE", A: "AT", AT: "AT", CH: "CH" };

/** Digits of a postal code per country. */
export const POSTAL_CODE_DIGITS: Record<PostalCountry, number> = { DE: 5, AT: 4, CH: 4 };

/** The country a prefix in front of a postal code names ("D", "a", "CH"); undefined for others. */
export function countryOfPostalPrefix(prefix: string): PostalCountry | undefined {
  return PREFIXES[prefix.toUpperCase()];
}

/** A postal code with or without its country's letters: "01067", "D-01067", "A-1010", "CH 8001". */
const CODE = String.raw`(?:([a-z]{1,2})\s*[-–]?\s*)?(\d{4,5})`;
/** A town's name beside the code: letters first, then letters, spaces and the punctuation of names. */
const TOWN = String.raw`(\p{L}[\p{L}\p{M}\s.'’()/-]*)`;
const CODE_ALONE = new RegExp(`^${CODE}$`, "iu");
const CODE_FIRST = new RegExp(`^${CODE}[\\s,]+${TOWN}$`, "iu");
const TOWN_FIRST = new RegExp(`^${TOWN}[\\s,]+${CODE}$`, "iu");

/**
 * Recognises "10115", "01067", "D-01067", "A-1010", "CH 8001", "ch-8001", and a code with its town
 * on either side, as addresses write it ("80331 München", "München, 80331", "A-1010 Wien"). German
 * codes have five digits, Austrian and Swiss four, so a bare four-digit code may be either (Austria
 * is tried first, the page offers the other). A prefix that contradicts the length ("A-10115") is
 * not a postal code.
 */
export function parsePostalQuery(input: string): PostalQuery | null {
  const text = input.trim();
  let prefix: string | undefined;
  let code = "";
  let place: string | undefined;
  let match = CODE_ALONE.exec(text);
  if (match) [, prefix, code = ""] = match;
  else if ((match = CODE_FIRST.exec(text))) [, prefix, code = "", place] = match;
  else if ((match = TOWN_FIRST.exec(text))) [, place, prefix, code = ""] = match;
  else return null;
  const named = prefix === undefined ? undefined : countryOfPostalPrefix(prefix);
  if (prefix !== undefined && !named) return null;
  const possible: PostalCountry[] = code.length === 5 ? ["DE"] : ["AT", "CH"];
  const town = place?.trim() ? { place: place.trim() } : {};
  if (named) return possible.includes(named) ? { code, countries: [named], ...town } : null;
  return { code, countries: possible, ...town };
}

/** A postal code as people write it across borders: "D-01067", "A-1010", "CH-8001". */
export function formatPostalCode(country: PostalCountry, code: string): string {
  return `${country === "DE" ? "D" : country === "AT" ? "A" : "CH"}-${code}`;
}

/**
 * The form of a place name used to look it up: case, accents and punctuation removed, ß as ss, so
 * "München", "münchen" and "Munchen" meet, and "Frankfurt (Oder)" is "frankfurt oder".
 */
export function normalisePlaceName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("de")
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The key a town is stored and looked up by in the postal-code table: normalisePlaceName, and then
 * ae, oe and ue folded to their bare vowel. People without umlauts on their keyboard (Swiss ones,
 * too) write "Muenchen" and "Zuerich", others drop the dots ("Munchen"); the index holds "München".
 * Folding the umlaut and its two-letter spelling to the same bare vowel on both sides lets all three
 * meet. A name with a real "ae", "oe" or "ue" ("Soest", "Uelzen") folds the same way on both sides,
 * so it still finds itself. ß is already ss, which is also how Switzerland spells it. "St." is
 * "Sankt" (Swiss files write "St. Gallen", Austrian ones "Sankt Gallen", visitors either).
 */
export function placeKey(name: string): string {
  return foldUmlautDigraphs(normalisePlaceName(name)).replace(/(^| )st(?= |$)/g, "$1sankt");
}

/** Germany, Austria and Switzerland: the countries whose postal-code centres the project ships. */
export function isPostalCountry(country: string): country is PostalCountry {
  return country === "DE" || country === "AT" || country === "CH";
}
