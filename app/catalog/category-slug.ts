/**
 * The one rule that turns category names into URL segments (decision 040). The import, the provider
 * sync, our database's read path and a remote provider's category list all go through
 * `assignSlugs`, so a category has the same address wherever its data came from.
 *
 * - The specification's rule first: spaces become hyphens (`Reifen und Schläuche` →
 *   `Reifen-und-Schläuche`). Letters of any script, digits, `.` and `_` stay as they are.
 * - Anything a path segment cannot carry plainly (`/ ? # % & " '` …) becomes a hyphen too; runs of
 *   hyphens collapse, and none lead or trail. Long names are cut at a hyphen near 80 characters.
 * - Addresses compare without regard to case (`slugKey`), so two names that differ only in case
 *   are a duplicate as well.
 * - A name that is ambiguous (used by several categories) gets its parent's name in front in every
 *   branch (`Bremsen-Zubehör`); where that is ambiguous too, its id behind (`Zubehör-1234`). A name
 *   with nothing left (all punctuation) becomes `kategorie-{id}`.
 * - Stable: a slug once given is kept while the category keeps its id and its name, even when a later
 *   catalogue makes its name ambiguous; only new or renamed categories are named afresh.
 */

export const SLUG_MAX_LENGTH = 80;

/** A slug compared the way addresses are looked up: case does not matter, Unicode forms neither. */
export function slugKey(slug: string): string {
  return slug.normalize("NFC").toLocaleLowerCase("de");
}

function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max);
  const hyphen = head.lastIndexOf("-");
  return (hyphen >= max / 2 ? head.slice(0, hyphen) : head).replace(/-+$/, "");
}

/** The readable part of a slug: the specification's rule, made safe for any name. "" when nothing is left. */
export function baseSlug(name: string, max = SLUG_MAX_LENGTH): string {
  const plain = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}._]+/gu, "-")
    .replace(/-{2,}/g, "-")
    // Dots at either end would make `.` and `..` segments, which browsers resolve away.
    .replace(/^[-.]+|[-.]+$/g, "");
  return cut(plain, max).replace(/[-.]+$/, "");
}

export interface SlugInput {
  id: number;
  parentId: number | null;
  name: string;
  /** What this category had before, with the name it had then; null for a new category. */
  stored: { slug: string; name: string } | null;
}

/** Slugs for a whole category list (one shop): every id gets one, no two alike by `slugKey`. */
export function assignSlugs(items: readonly SlugInput[]): Map<number, string> {
  const result = new Map<number, string>();
  const taken = new Set<string>();
  const take = (id: number, slug: string) => {
    result.set(id, slug);
    taken.add(slugKey(slug));
  };
  // Kept slugs first: an address that worked keeps working while its category stays as it was.
  const fresh: SlugInput[] = [];
  for (const item of items) {
    const stored = item.stored;
    if (stored && stored.slug !== "" && stored.name === item.name && !taken.has(slugKey(stored.slug))) take(item.id, stored.slug);
    else fresh.push(item);
  }
  if (fresh.length === 0) return result;

  const byId = new Map(items.map((item) => [item.id, item]));
  const base = new Map(items.map((item) => [item.id, baseSlug(item.name)]));
  const uses = new Map<string, number>();
  const count = (slug: string) => uses.set(slugKey(slug), (uses.get(slugKey(slug)) ?? 0) + 1);
  for (const slug of base.values()) if (slug !== "") count(slug);

  // The specification's form wherever the name is used once.
  let left: SlugInput[] = [];
  for (const item of fresh) {
    const slug = base.get(item.id) ?? "";
    if (slug !== "" && uses.get(slugKey(slug)) === 1 && !taken.has(slugKey(slug))) take(item.id, slug);
    else left.push(item);
  }

  // The parent's name in front, where that tells the duplicates apart.
  const prefixed = new Map<number, string>();
  uses.clear();
  for (const item of left) {
    const own = base.get(item.id) ?? "";
    const parent = item.parentId === null ? undefined : byId.get(item.parentId);
    const parentSlug = parent ? baseSlug(parent.name, SLUG_MAX_LENGTH / 2) : "";
    if (own === "" || parentSlug === "") continue;
    const slug = cut(`${parentSlug}-${own}`, SLUG_MAX_LENGTH);
    prefixed.set(item.id, slug);
    count(slug);
  }
  const rest: SlugInput[] = [];
  for (const item of left) {
    const slug = prefixed.get(item.id);
    if (slug !== undefined && uses.get(slugKey(slug)) === 1 && !taken.has(slugKey(slug))) take(item.id, slug);
    else rest.push(item);
  }
  left = rest;

  // The id behind: unique by construction, unless a name happens to read the same.
  for (const item of left) {
    const own = base.get(item.id) ?? "";
    const stem = own === "" ? "kategorie" : own;
    for (let n = 0; ; n++) {
      const suffix = n === 0 ? `-${item.id}` : `-${item.id}-${n}`;
      const slug = `${cut(stem, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
      if (!taken.has(slugKey(slug))) {
        take(item.id, slug);
        break;
      }
    }
  }
  return result;
}

/**
 * Categories with every slug filled in: those that carry one keep it (our database, our own API),
 * the others are named by the rule (a provider's list, rows written before migration 0010).
 */
export function withSlugs<T extends { id: number; parentId: number | null; name: string; slug: string }>(categories: readonly T[]): T[] {
  if (categories.every((c) => c.slug !== "")) return [...categories];
  const slugs = assignSlugs(
    categories.map((c) => ({ id: c.id, parentId: c.parentId, name: c.name, stored: c.slug === "" ? null : { slug: c.slug, name: c.name } })),
  );
  return categories.map((c) => (c.slug === "" ? { ...c, slug: slugs.get(c.id) ?? String(c.id) } : c));
}
