import { looksLikeTown } from "./looks-like-town";
import type { PostalPlace } from "./postal-code-files.server";
import { placeKey } from "./postal-query";

/*
 * Which rows of the postal-code files name a town. looksLikeTown reads one name and catches
 * "Linde GmbH" or "Amtsgericht Kassel", but not a person or a firm without a company word:
 * "Steuerberater Gerhard Baade" is a place of D-12345 in the files, "Elisabeth Eisele" one of
 * D-22842. Those are large customers' own postal codes, and the file shows it: most names of such a
 * code are institutions. On a code like that, a name that occurs under no other code of its
 * country and shares no word with its community ("Berlin, Stadt", "Kreis Segeberg") is one more
 * customer, not a town; the towns of such codes ("Wettingen" in Wettingen, "Berlin" in a dozen
 * codes) stay. On the shipped files this drops about 300 more names, none of them a place.
 */

function words(text: string): Set<string> {
  return new Set(placeKey(text).split(" ").filter((word) => word.length >= 3));
}

/** For each row, in order, whether its place is a town a visitor could mean. */
export function townFlags(rows: readonly PostalPlace[]): boolean[] {
  const named = rows.map((row) => looksLikeTown(row.place));
  const codesOfName = new Map<string, Set<string>>();
  const institutions = new Map<string, { rows: number; institutions: number }>();
  rows.forEach((row, i) => {
    const nameKey = `${row.country}|${row.place}`;
    const codes = codesOfName.get(nameKey) ?? new Set<string>();
    codes.add(row.postalCode);
    codesOfName.set(nameKey, codes);
    const codeKey = `${row.country}|${row.postalCode}`;
    const count = institutions.get(codeKey) ?? { rows: 0, institutions: 0 };
    count.rows += 1;
    if (!named[i]) count.institutions += 1;
    institutions.set(codeKey, count);
  });
  return rows.map((row, i) => {
    if (!named[i]) return false;
    const count = institutions.get(`${row.country}|${row.postalCode}`);
    if (!count || count.institutions * 2 <= count.rows) return true;
    if ((codesOfName.get(`${row.country}|${row.place}`)?.size ?? 0) > 1) return true;
    const community = words(row.community);
    return [...words(row.place)].some((word) => community.has(word));
  });
}
