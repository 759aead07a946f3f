import { categoryHref, categoryNames, findCategoryByPathName } from "~/catalog/catalog-view";
import type { ProviderCategory } from "~/catalog/provider-schema";
import { type Both, type LocalizedText, bilingual } from "~/i18n/localized-text";

export interface ProductLine {
  name: Both<LocalizedText>;
  /** The category's page; null for a line the catalogue does not know (shown as written). */
  href: string | null;
}

/**
 * The lines a dealer stocks as links into the catalogue: a line names a category by its name (with
 * spaces or hyphens, any case) or its symbol. An empty list is the whole range.
 */
export function resolveProductLines(lines: readonly string[], categories: ProviderCategory[]): ProductLine[] {
  const seen = new Set<string>();
  const result: ProductLine[] = [];
  for (const line of lines) {
    const wanted = line.trim();
    if (wanted === "") continue;
    const category =
      findCategoryByPathName(categories, wanted) ?? categories.find((c) => c.bbf_cat_symbol.toLowerCase() === wanted.toLowerCase());
    const key = category ? `#${category.bbf_cat_ID_PUBLICGRPORDER}` : wanted.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(category ? { name: categoryNames(category), href: categoryHref(categories, category) } : { name: bilingual(wanted, null), href: null });
  }
  return result;
}
