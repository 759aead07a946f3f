import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";
import type { LocalizedText } from "~/i18n/localized-text";
import { articleListHref, categoryHref, categoryNames, childCategories, topLevelCategories } from "./catalog-view";
import type { Category } from "./category";

export interface MenuLink {
  id: number;
  /** In the page's language, or German where the catalogue has no translation (marked German). */
  name: LocalizedText;
  href: string;
  /** Absent when there are none: every page's data carries the menu, most of it leaves. */
  children?: MenuLink[];
}

export interface MenuColumn {
  group: "parts" | "accessories";
  links: MenuLink[];
}

function link(categories: Category[], category: Category, lang: Lang): MenuLink {
  const children = childCategories(categories, category.id);
  return {
    id: category.id,
    name: categoryNames(category)[lang],
    href: children.length > 0 ? categoryHref(categories, category) : articleListHref(category),
    ...(children.length > 0 ? { children: children.map((child) => link(categories, child, lang)) } : {}),
  };
}

/**
 * The mega menu: bicycle parts (group 1962) and accessories (group 1963), each with its top-level
 * categories in catalogue order and, below a category with subcategories, those subcategories.
 * In one language: every page's data carries the menu, and a page shows one language (switching
 * it is a navigation, which loads the layout's data again).
 */
export function buildMenu(categories: Category[], lang: Lang): MenuColumn[] {
  const top = topLevelCategories(categories);
  return (["parts", "accessories"] as const).map((group) => ({
    group,
    links: top.filter((c) => c.mainId === brand.groups[group]).map((c) => link(categories, c, lang)),
  }));
}

const menus = new WeakMap<readonly Category[], Partial<Record<Lang, MenuColumn[]>>>();

/**
 * `buildMenu`, built once per catalogue: every page's layout asks for it. Only a frozen list (the
 * in-memory catalogue, decision 017) is remembered, and only as long as that list lives; any other
 * list may change under us and is built anew.
 */
export function menuFor(categories: Category[], lang: Lang): MenuColumn[] {
  if (!Object.isFrozen(categories)) return buildMenu(categories, lang);
  let built = menus.get(categories);
  if (!built) {
    built = {};
    menus.set(categories, built);
  }
  return (built[lang] ??= buildMenu(categories, lang));
}
