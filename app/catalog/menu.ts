import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";
import type { LocalizedText } from "~/i18n/localized-text";
import { articleListHref, categoryHref, categoryNames, childCategories, topLevelCategories } from "./catalog-view";
import type { Category } from "./category";

/**
 * How many subcategories the menu lists below a top-level category; a category with more ends its
 * list with a link to its own page, which shows them all. Every page carries the menu, in its HTML
 * and again in its hydration data, so the menu carries what it shows and no more (decision 041):
 * with a tree of 1,660 groups the whole tree was 150 KB of every page. The demo's largest is 3.
 */
export const MENU_CHILD_LIMIT = 5;

/** Top-level categories per menu group; past it, the menu's "all products" link leads on. */
export const MENU_TOP_LIMIT = 30;

/**
 * The text of the menu's link to a category's page with all its subcategories. Here, not in the
 * locale modules, which are in every page's JavaScript: only the server writes it.
 */
const SHOW_ALL: Record<Lang, (count: number) => string> = {
  de: (count) => `Alle ${count} anzeigen →`,
  en: (count) => `Show all ${count} →`,
};

/** No id: a link is known by its address (the React key), and every byte here is on every page twice. */
export interface MenuLink {
  /** In the page's language, or German where the catalogue has no translation (marked German). */
  name: LocalizedText;
  href: string;
  /**
   * Absent when there are none: every page's data carries the menu, most of it leaves. Cut at
   * MENU_CHILD_LIMIT, then one more entry, "show all N", to this category's page, which lists them
   * all: in this category's list, so "all 64" says of what; an entry like the others, so the
   * browser's code (on every page) stays as it was.
   */
  children?: MenuLink[];
}

export interface MenuColumn {
  group: "parts" | "accessories";
  links: MenuLink[];
}

/** A subcategory: its name and address only; what lies below it is on its page. */
function childLink(categories: Category[], category: Category, lang: Lang): MenuLink {
  return { name: categoryNames(category)[lang], href: categoryHref(categories, category) };
}

function topLink(categories: Category[], category: Category, lang: Lang): MenuLink {
  const children = childCategories(categories, category.id);
  if (children.length === 0) return { name: categoryNames(category)[lang], href: articleListHref(category) };
  const href = categoryHref(categories, category);
  const shown = children.slice(0, MENU_CHILD_LIMIT).map((child) => childLink(categories, child, lang));
  const all = { name: { text: SHOW_ALL[lang](children.length), lang }, href };
  return {
    name: categoryNames(category)[lang],
    href,
    children: children.length > MENU_CHILD_LIMIT ? [...shown, all] : shown,
  };
}

/**
 * The mega menu: bicycle parts (group 1962) and accessories (group 1963), each with its top-level
 * categories in catalogue order and, below a category with subcategories, the first of those.
 * In one language: every page's data carries the menu, and a page shows one language (switching
 * it is a navigation, which loads the layout's data again).
 */
export function buildMenu(categories: Category[], lang: Lang): MenuColumn[] {
  const top = topLevelCategories(categories);
  return (["parts", "accessories"] as const).map((group) => ({
    group,
    links: top
      .filter((c) => c.mainId === brand.groups[group])
      .slice(0, MENU_TOP_LIMIT)
      .map((c) => topLink(categories, c, lang)),
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
