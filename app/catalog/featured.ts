import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";
import type { Both, LocalizedText } from "~/i18n/localized-text";
import { markedPrice } from "~/utils/price";
import { articleTitles } from "./article-view";
import { articleHref, rangeRoot } from "./catalog-view";
import type { Category } from "./category";
import type { CatalogBlock } from "./catalog-article";

/** A product block for the home page, with the article's deep link (the card's link without JS). */
export interface FeaturedProduct {
  partno: string;
  href: string;
  /** The name of the block's first picture: `shop/images/{imageName}.jpg`. */
  imageName: string | null;
  titles: Both<LocalizedText>;
  /** The recommended retail price in euros; null when the catalogue gives none. */
  price: number | null;
}

/** A product block as the home page's card shows it. */
export function featuredProduct(block: CatalogBlock, href: string): FeaturedProduct {
  return {
    partno: block.partno,
    href,
    imageName: block.media[0]?.name ?? null,
    titles: articleTitles(block.titles),
    price: block.price,
  };
}

export const FEATURED_COUNT = 8;

/** What the product card shows for a block (specification section 2, home page; section 3, product block). */
export interface ProductCardView {
  /** The name of the first media entry: `shop/images/{imageName}.jpg`. */
  imageName: string | null;
  title: LocalizedText;
  /** The price, a euro sign and the footnote asterisk, formatted for the language; null without a price. */
  price: string | null;
}

export function productCardView(product: FeaturedProduct, lang: Lang): ProductCardView {
  return {
    imageName: product.imageName,
    title: product.titles[lang],
    price: product.price === null ? null : markedPrice(product.price, lang),
  };
}

/**
 * Picks `count` blocks spread evenly over the catalogue's leaf categories in menu order (groups, then
 * positions), one per category, only blocks with a picture. Same data, same choice: no flicker
 * between server and browser and stable screenshots.
 */
export function pickFeatured(
  entries: readonly { category: Category; blocks: readonly CatalogBlock[] }[],
  count = FEATURED_COUNT,
): FeaturedProduct[] {
  const candidates = entries.flatMap(({ category, blocks }) => {
    const block = blocks.find((b) => b.media[0]?.type === "Bild" && b.media[0].name !== "");
    return block ? [featuredProduct(block, articleHref(category, block.partno))] : [];
  });
  if (candidates.length <= count) return candidates;
  const picked: FeaturedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const candidate = candidates[Math.floor((i * candidates.length) / count)];
    if (candidate) picked.push(candidate);
  }
  return picked;
}

/** Leaf categories below the brand's range, bicycle parts before accessories, each in position order. */
export function leafCategoriesInOrder(categories: readonly Category[]): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const root = rangeRoot(categories);
  const parents = new Set(categories.map((c) => c.parentId));
  // Sort key: the positions from the top-level category down, so children follow their parent.
  const positions = (c: Category): number[] => {
    const chain: number[] = [];
    let current: Category | undefined = c;
    const seen = new Set<number>();
    while (current && current !== root && !seen.has(current.id)) {
      seen.add(current.id);
      chain.unshift(current.position);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return chain;
  };
  const groupOrder = (c: Category) => (c.mainId === brand.groups.parts ? 0 : c.mainId === brand.groups.accessories ? 1 : 2);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const diff = (a[i] ?? -1) - (b[i] ?? -1);
      if (diff !== 0) return diff;
    }
    return 0;
  };
  return categories
    .filter((c) => c !== root && c.parentId !== null && !parents.has(c.id))
    .sort((a, b) => groupOrder(a) - groupOrder(b) || compare(positions(a), positions(b)) || a.id - b.id);
}
