/*
 * Which dealers carry an article (issue 14): a dealer's stocked product lines, as a CRM or the
 * provider spells them ("Gepäckträger", "gepaecktraeger", "Reifen-und-Schläuche", a category id),
 * against the names and keys of the article's category and its ancestors. Shared by the server
 * (cards), the browser (markers) and the dealer page (which links each line to its category), so
 * all three read a line alike.
 */

/** Spellings of one name that count as equal: case, umlauts written out or left off, separators. */
function folds(text: string): [string, string] {
  const base = text
    .toLocaleLowerCase("de")
    .replace(/ß/g, "ss")
    .replace(/[\s_\-–/]+/g, " ")
    .trim();
  const written = base.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue");
  // "Gepacktrager" (dots lost in an export) and accents of French or Italian Swiss spellings.
  const bare = base.normalize("NFD").replace(/\p{M}/gu, "");
  return [written, bare];
}

/** The lines an article belongs to, folded once per search: both spellings of every name. */
export type LineKeys = ReadonlySet<string>;

export function lineKeys(lines: readonly string[]): LineKeys {
  const keys = new Set<string>();
  for (const line of lines) {
    for (const key of folds(line)) if (key !== "") keys.add(key);
  }
  return keys;
}

/** Many dealers list the same few lines: each distinct text is folded once. */
const folded = new Map<string, [string, string]>();
const MAX_REMEMBERED = 2000;

function foldsOf(line: string): [string, string] {
  let keys = folded.get(line);
  if (!keys) {
    keys = folds(line);
    if (folded.size >= MAX_REMEMBERED) folded.clear();
    folded.set(line, keys);
  }
  return keys;
}

/**
 * True when the dealer stocks one of the lines: a listed line equals (see `folds`) a name or key of
 * the article's category or an ancestor. A dealer without a list carries the whole range.
 */
export function dealerCarries(dealer: { productLines?: readonly string[] }, lines: readonly string[] | LineKeys): boolean {
  const stocked = dealer.productLines;
  if (!stocked || stocked.length === 0) return true;
  const keys: LineKeys = lines instanceof Set ? lines : lineKeys(lines as readonly string[]);
  return stocked.some((line) => lineMatches(line, keys));
}

/** True when one listed line names one of `keys` (see `folds`). */
export function lineMatches(line: string, keys: LineKeys): boolean {
  const [written, bare] = foldsOf(line);
  return keys.has(written) || keys.has(bare);
}
