import { brand } from "~/config/brand";
import type { Both, LocalizedText } from "~/i18n/localized-text";
import { articleListHref, categoryHref, categoryNames, childCategories, topLevelCategories } from "./catalog-view";
import type { Category } from "./category";

export interface MenuLink {
  id: number;
  name: Both<LocalizedText>;
  href: string;
  children: MenuLink[];
}

export interface MenuColumn {
  group: "parts" | "accessories";
  links: MenuLink[];
}

function link(categories: Category[], category: Category): MenuLink {
  const children = childCategories(categories, category.id);
  return {
    id: category.id,
    name: categoryNames(category),
    href: children.length > 0 ? categoryHref(categories, category) : articleListHref(category),
    children: children.map((child) => link(categories, child)),
  };
}

/**
 * The mega menu: bicycle parts (group 1962) and accessories (group 1963), each with its top-level
 * categories in catalogue order and, below a category with subcategories, those subcategories.
 */
export function buildMenu(categories: Category[]): MenuColumn[] {
  const top = topLevelCategories(categories);
  return (["parts", "accessories"] as const).map((group) => ({
    group,
    links: top.filter((c) => c.mainId === brand.groups[group]).map((c) => link(categories, c)),
  }));
}

const menus = new WeakMap<readonly Category[], MenuColumn[]>();

/**
 * `buildMenu`, built once per catalogue: every page's layout asks for it. Only a frozen list (the
 * in-memory catalogue, decision 017) is remembered, and only as long as that list lives; any other
 * list may change under us and is built anew.
 */
export function menuFor(categories: Category[]): MenuColumn[] {
  if (!Object.isFrozen(categories)) return buildMenu(categories);
  let menu = menus.get(categories);
  if (!menu) {
    menu = buildMenu(categories);
    menus.set(categories, menu);
  }
  return menu;
}
