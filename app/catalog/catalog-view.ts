import { brand } from "~/config/brand";
import { bilingual, type Both, type LocalizedText } from "~/i18n/localized-text";
import type { Category } from "./category";
import { slugKey } from "./category-slug";

/**
 * Pure helpers that turn the provider's shapes into what pages show. Shared by server and browser.
 */

/**
 * The URL segment of a category: its slug (category-slug.ts), which keeps the specification's rule
 * (spaces become hyphens) wherever the name allows. A slug holds nothing a path must escape, so
 * links carry it as it reads (umlauts too, as before); a Location header encodes it (encodeURI).
 */
export function categoryPathName(category: Pick<Category, "slug">): string {
  return category.slug;
}

/** Hyphens back to spaces; names are compared without regard to case or repeated spaces. */
function comparable(name: string): string {
  return name.replace(/-/g, " ").replace(/\s+/g, " ").trim().toLocaleLowerCase("de");
}

export type CategoryMatch = { category: Category; exact: boolean };

/**
 * The category a URL segment names: by its slug, else by its slug in another case, else (links made
 * before slugs, decision 040) by the specification's rule of hyphens for spaces, the first such
 * category. `exact` is false when the address should be redirected to the category's own.
 */
export function findCategoryByPathName(categories: readonly Category[], pathName: string): CategoryMatch | undefined {
  const exact = categories.find((c) => c.slug === pathName || c.slug === pathName.normalize("NFC"));
  if (exact) return { category: exact, exact: true };
  const key = slugKey(pathName);
  const folded = categories.find((c) => slugKey(c.slug) === key);
  if (folded) return { category: folded, exact: false };
  const wanted = comparable(pathName);
  const named = categories.find((c) => comparable(c.name) === wanted);
  return named ? { category: named, exact: false } : undefined;
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
  return hasChildren(categories, category.id) ? categoryPageHref(category) : articleListHref(category);
}

/** The category page (its subcategories): `/products/{slug}`. */
export function categoryPageHref(category: Pick<Category, "slug">): string {
  return `/products/${categoryPathName(category)}`;
}

export function articleListHref(category: Pick<Category, "slug">): string {
  return `/products/articles/${categoryPathName(category)}`;
}

/** An address as ASCII (Location headers, canonical links): slugs carry umlauts as they read, the rest is encoded already. */
export function asciiHref(href: string): string {
  return href.replace(/[^\p{ASCII}]/gu, (c) => encodeURIComponent(c));
}

/** An article's own address: its list with the detail panel open. */
export function articleHref(category: Pick<Category, "slug">, partno: string): string {
  return `${articleListHref(category)}/${encodeURIComponent(partno)}`;
}

/** Where an article's picture lives under the media folder, without `.jpg` (the import writes it there). */
export function articleImagePath(imagename: string): string {
  return `shop/images/${imagename}`;
}

export function articleImageUrl(mediaBase: string, imagename: string): string {
  return `${mediaBase}/${articleImagePath(encodeURIComponent(imagename))}.jpg`;
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
