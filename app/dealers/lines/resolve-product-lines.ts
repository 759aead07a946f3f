import { categoryHref, categoryNames } from "~/catalog/catalog-view";
import type { Category } from "~/catalog/category";
import { type Both, type LocalizedText, bilingual } from "~/i18n/localized-text";
import { type LineKeys, lineKeys, lineMatches } from "./product-lines";

export interface ProductLine {
  name: Both<LocalizedText>;
  /** The category's page; null for a line the catalogue does not know (shown as written). */
  href: string | null;
}

/** The names a dealer's line may use for a category, as the article filter reads them. */
function namesOf(category: Category): LineKeys {
  return lineKeys([category.name, category.nameDe, category.nameEn, category.symbol, String(category.id)].filter((name) => name !== ""));
}

/**
 * The lines a dealer stocks as links into the catalogue. A line names a category the way the
 * article filter reads it (product-lines.ts): German or English name in any spelling, symbol or id.
 * An empty list is the whole range.
 */
export function resolveProductLines(lines: readonly string[], categories: Category[]): ProductLine[] {
  const keyed = categories.map((category) => ({ category, keys: namesOf(category) }));
  const seen = new Set<string>();
  const result: ProductLine[] = [];
  for (const line of lines) {
    const wanted = line.trim();
    if (wanted === "") continue;
    const category = keyed.find(({ keys }) => lineMatches(wanted, keys))?.category;
    const key = category ? `#${category.id}` : wanted.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(category ? { name: categoryNames(category), href: categoryHref(categories, category) } : { name: bilingual(wanted, null), href: null });
  }
  return result;
}
