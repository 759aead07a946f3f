import { normalisePlaceName } from "~/geo/postal-query";
import type { ListedDealer } from "./dealer";

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiled once per brand tag: pages test it on every dealer of the list (10,000 in the bench). */
const brandPatterns = new Map<string, RegExp>();

/** True when the tags contain the brand's word on its own: "viva", "VIVA Premium", not "vivax". */
export function hasBrandTag(tags: string, brandTag: string): boolean {
  let pattern = brandPatterns.get(brandTag);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(brandTag)}($|[^\\p{L}\\p{N}])`, "iu");
    brandPatterns.set(brandTag, pattern);
  }
  return pattern.test(tags);
}

/** Case, accents and punctuation folded, words separated by one space, with one in front. */
function words(text: string): string {
  return ` ${normalisePlaceName(text)}`;
}

/**
 * Whether the typed words start a word of the name or the town: "Hof" finds "Hofmann Bikes" and
 * "Radhaus Hof", "rad hof" finds "Rad-Hof", but "genf" is not "Klagenfurt" and "au" not "Radhaus".
 * Case, accents and punctuation do not count ("Radstation Muller" finds "Müller").
 */
export function matchesDealerQuery(dealer: Pick<ListedDealer, "name" | "city">, query: string): boolean {
  const wanted = normalisePlaceName(query);
  if (wanted === "") return true;
  return matchesWords(dealer.name, wanted) || matchesWords(dealer.city, wanted);
}

/** Only the dealer's name, for "dealers with 'Hof' in their name" beside a place search. */
export function nameMatchesQuery(dealer: Pick<ListedDealer, "name">, query: string): boolean {
  const wanted = normalisePlaceName(query);
  return wanted !== "" && matchesWords(dealer.name, wanted);
}

function matchesWords(text: string, wanted: string): boolean {
  return words(text).includes(` ${wanted}`);
}
