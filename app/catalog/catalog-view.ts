import { brand } from "~/config/brand";
import { bilingual, type Both, type LocalizedText } from "~/i18n/localized-text";
import type { ProviderCategory } from "./provider-schema";

/**
 * Pure helpers that turn the provider's shapes into what pages show. Shared by server and browser.
 */

/** URL form of a category name: spaces become hyphens (specification section 2). */
export function categoryPathName(name: string): string {
  return name.trim().replace(/\s+/g, "-");
}

/** Hyphens back to spaces; names are compared without regard to case or repeated spaces. */
function comparable(name: string): string {
  return name.replace(/-/g, " ").replace(/\s+/g, " ").trim().toLocaleLowerCase("de");
}

export function findCategoryByPathName(
  categories: ProviderCategory[],
  pathName: string,
): ProviderCategory | undefined {
  const wanted = comparable(pathName);
  return categories.find((c) => comparable(c.bbf_cat_name) === wanted);
}

/** The category's name in both languages; an untranslated English name is the German one, marked. */
export function categoryNames(category: ProviderCategory): Both<LocalizedText> {
  return bilingual(category.translations.german.NAME || category.bbf_cat_name, category.translations.english.NAME);
}

export function categoryDescriptions(category: ProviderCategory): Both<LocalizedText> {
  return bilingual(category.translations.german.DESCRIPTION, category.translations.english.DESCRIPTION);
}

const byPosition = (a: ProviderCategory, b: ProviderCategory) =>
  a.bbf_cat_position - b.bbf_cat_position || a.bbf_cat_ID_PUBLICGRPORDER - b.bbf_cat_ID_PUBLICGRPORDER;

export function childCategories(categories: ProviderCategory[], parentId: number): ProviderCategory[] {
  return categories.filter((c) => c.bbf_cat_parent_category === parentId).sort(byPosition);
}

/**
 * The brand's product-range root (specification section 9): the category of that name in the
 * provider's data; in an imported catalogue, whose root is named by the brand's PIM, the one
 * category without a parent.
 */
export function rangeRoot(categories: readonly ProviderCategory[]): ProviderCategory | undefined {
  return (
    categories.find((c) => c.bbf_cat_name === brand.rangeCategoryName) ??
    categories.find((c) => c.bbf_cat_parent_category === null)
  );
}

/** The top-level categories: children of the brand's product-range root. */
export function topLevelCategories(categories: ProviderCategory[]): ProviderCategory[] {
  const root = rangeRoot(categories);
  return root ? childCategories(categories, root.bbf_cat_ID_PUBLICGRPORDER) : [];
}

export function hasChildren(categories: ProviderCategory[], id: number): boolean {
  return categories.some((c) => c.bbf_cat_parent_category === id);
}

/** Landing tiles go to the article list when there is nothing below, else to the category page. */
export function categoryHref(categories: ProviderCategory[], category: ProviderCategory): string {
  const name = categoryPathName(category.bbf_cat_name);
  return hasChildren(categories, category.bbf_cat_ID_PUBLICGRPORDER) ? `/products/${name}` : `/products/articles/${name}`;
}

export function articleListHref(category: ProviderCategory): string {
  return `/products/articles/${categoryPathName(category.bbf_cat_name)}`;
}

export function articleImageUrl(mediaBase: string, imagename: string): string {
  return `${mediaBase}/shop/images/${encodeURIComponent(imagename)}.jpg`;
}

export function categoryImageUrl(mediaBase: string, symbol: string, size: "Desktop" | "Mobile"): string {
  const suffix = size === "Desktop" ? "Desktop_220x220" : "Mobile_150x150";
  return `${mediaBase}/categories/${encodeURIComponent(symbol)}_${suffix}.jpg`;
}

export interface Crumb {
  name: Both<LocalizedText>;
  href: string;
}

/** The category's ancestors below the brand's root, then the category itself, for breadcrumbs. */
export function categoryTrail(categories: ProviderCategory[], category: ProviderCategory): Crumb[] {
  const trail: Crumb[] = [];
  let current: ProviderCategory | undefined = category;
  const seen = new Set<number>();
  const root = rangeRoot(categories);
  while (current && current !== root && !seen.has(current.bbf_cat_ID_PUBLICGRPORDER)) {
    seen.add(current.bbf_cat_ID_PUBLICGRPORDER);
    trail.unshift({
      name: categoryNames(current),
      href: current === category ? articleListHref(current) : categoryHref(categories, current),
    });
    const parentId: number | null = current.bbf_cat_parent_category;
    current = categories.find((c) => c.bbf_cat_ID_PUBLICGRPORDER === parentId);
  }
  return trail;
}
