import { brand } from "~/config/brand";
import { bilingual, type Both, type LocalizedText } from "~/i18n/localized-text";
import type { Category } from "./category";

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
  categories: Category[],
  pathName: string,
): Category | undefined {
  const wanted = comparable(pathName);
  return categories.find((c) => comparable(c.name) === wanted);
}

/** The category's name in both languages; an untranslated English name is the German one, marked. */
export function categoryNames(category: Category): Both<LocalizedText> {
  return bilingual(category.nameDe, category.nameEn || (category.nameDe === "" ? category.name : ""));
}

export function categoryDescriptions(category: Category): Both<LocalizedText> {
  return bilingual(category.descriptionDe, category.descriptionEn);
}

const byPosition = (a: Category, b: Category) =>
  a.position - b.position || a.id - b.id;

export function childCategories(categories: Category[], parentId: number): Category[] {
  return categories.filter((c) => c.parentId === parentId).sort(byPosition);
}

/**
 * The brand's product-range root (specification section 9): the category of that name in the
 * provider's data; in an imported catalogue, whose root is named by the brand's PIM, the one
 * category without a parent.
 */
export function rangeRoot(categories: readonly Category[]): Category | undefined {
  return (
    categories.find((c) => c.name === brand.rangeCategoryName) ??
    categories.find((c) => c.parentId === null)
  );
}

/** The top-level categories: children of the brand's product-range root. */
export function topLevelCategories(categories: Category[]): Category[] {
  const root = rangeRoot(categories);
  return root ? childCategories(categories, root.id) : [];
}

export function hasChildren(categories: Category[], id: number): boolean {
  return categories.some((c) => c.parentId === id);
}

/** Landing tiles go to the article list when there is nothing below, else to the category page. */
export function categoryHref(categories: Category[], category: Category): string {
  const name = categoryPathName(category.name);
  return hasChildren(categories, category.id) ? `/products/${name}` : `/products/articles/${name}`;
}

export function articleListHref(category: Category): string {
  return `/products/articles/${categoryPathName(category.name)}`;
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
export function categoryTrail(categories: Category[], category: Category): Crumb[] {
  const trail: Crumb[] = [];
  let current: Category | undefined = category;
  const seen = new Set<number>();
  const root = rangeRoot(categories);
  while (current && current !== root && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift({
      name: categoryNames(current),
      href: current === category ? articleListHref(current) : categoryHref(categories, current),
    });
    const parentId: number | null = current.parentId;
    current = categories.find((c) => c.id === parentId);
  }
  return trail;
}
