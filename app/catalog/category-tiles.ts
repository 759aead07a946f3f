import type { Both, LocalizedText } from "~/i18n/localized-text";
import { categoryHref, categoryNames } from "./catalog-view";
import type { Category } from "./category";

/**
 * How many categories a page shows as picture tiles: the products page and a category page. The
 * rest follow as a list of plain links, so a category with hundreds of subcategories stays a page
 * of readable size (decision 041: a tile is 1.5 KB of HTML, a link a tenth of that). The demo's
 * largest is the products page's 18.
 */
export const TILE_LIMIT = 24;

export interface CategoryLink {
  id: number;
  name: Both<LocalizedText>;
  href: string;
}

export interface CategoryTile extends CategoryLink {
  /** The brand's short key, which names the tile's picture. */
  symbol: string;
}

export interface CategoryTiles {
  tiles: CategoryTile[];
  /** Past TILE_LIMIT: links without pictures. Absent when there are none (every byte is in the page twice). */
  more?: CategoryLink[];
}

/** A page's categories, in the order given: the first as tiles, the rest as links. */
export function categoryTiles(categories: Category[], shown: Category[]): CategoryTiles {
  const link = (category: Category): CategoryLink => ({
    id: category.id,
    name: categoryNames(category),
    href: categoryHref(categories, category),
  });
  const tiles = shown.slice(0, TILE_LIMIT).map((category) => ({ ...link(category), symbol: category.symbol }));
  return shown.length > TILE_LIMIT ? { tiles, more: shown.slice(TILE_LIMIT).map(link) } : { tiles };
}
