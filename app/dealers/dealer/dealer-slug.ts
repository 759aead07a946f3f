/*
 * Dealer page addresses (issue 14): `/handlersuche/{slug}` with the slug made of the shop's name and
 * town, so the address says what it is ("radhaus-berger-muenchen") and search engines can show it.
 * Umlauts are written out as Germans do (ü → ue), other accents dropped. A slug is unique: a second
 * shop of the same name in the same town gets "-2", "-3", … in a fixed order.
 */

const SPELLED_OUT: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", æ: "ae", ø: "oe", œ: "oe" };
export const MAX_SLUG_LENGTH = 80;

/** "Zweirad Köhler GmbH", "Frankfurt am Main" → "zweirad-koehler-gmbh-frankfurt-am-main". */
export function dealerSlugBase(name: string, city: string): string {
  const words = `${name} ${name.toLocaleLowerCase("de").includes(city.toLocaleLowerCase("de")) ? "" : city}`
    .toLocaleLowerCase("de")
    .replace(/[äöüßæøœ]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " und ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = words.length > MAX_SLUG_LENGTH ? words.slice(0, MAX_SLUG_LENGTH).replace(/-[^-]*$/, "") : words;
  return cut === "" ? "haendler" : cut;
}

/** What a slug may look like in a URL: anything else is a 404 without a database lookup. */
export function isWellFormedSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH + 8 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/**
 * Slugs for new or renamed dealers, unique against `taken` (the slugs other dealers keep) and
 * against each other; the input order decides who gets the plain one, so the caller passes a
 * stable order (by id).
 */
export function assignSlugs(dealers: readonly { name: string; city: string }[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return dealers.map(({ name, city }) => {
    const base = dealerSlugBase(name, city);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}
