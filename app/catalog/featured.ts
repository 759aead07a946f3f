import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";
import type { LocalizedText } from "~/i18n/localized-text";
import { markedPrice } from "~/utils/price";
import { articleTitles } from "./article-view";
import { articleListHref, rangeRoot } from "./catalog-view";
import type { ProviderBlock, ProviderCategory } from "./provider-schema";

/** A product block for the home page, with the article's deep link (the card's link without JS). */
export interface FeaturedProduct {
  block: ProviderBlock;
  href: string;
}

export const FEATURED_COUNT = 8;

/** What the product card shows for a block (specification section 2, home page; section 3, product block). */
export interface ProductCardView {
  /** IMAGENAME of the first media entry: `shop/images/{IMAGENAME}.jpg`. */
  imageName: string | null;
  title: LocalizedText;
  /** The price, a euro sign and the footnote asterisk, formatted for the language; null without a price. */
  price: string | null;
}

export function productCardView(block: ProviderBlock, lang: Lang): ProductCardView {
  return {
    imageName: block.media[0]?.IMAGENAME ?? null,
    title: articleTitles(block.descriptions)[lang],
    price: block.RESELLERPRICE === null ? null : markedPrice(block.RESELLERPRICE, lang),
  };
}

/**
 * Picks `count` blocks spread evenly over the catalogue's leaf categories in menu order (groups, then
 * positions), one per category, only blocks with a picture. Same data, same choice: no flicker
 * between server and browser and stable screenshots.
 */
export function pickFeatured(
  entries: readonly { category: ProviderCategory; blocks: readonly ProviderBlock[] }[],
  count = FEATURED_COUNT,
): FeaturedProduct[] {
  const candidates = entries.flatMap(({ category, blocks }) => {
    const block = blocks.find((b) => b.media[0]?.TYPE === "Bild" && b.media[0].IMAGENAME !== "");
    return block ? [{ block, href: `${articleListHref(category)}/${encodeURIComponent(block.PARTNO)}` }] : [];
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
export function leafCategoriesInOrder(categories: readonly ProviderCategory[]): ProviderCategory[] {
  const byId = new Map(categories.map((c) => [c.bbf_cat_ID_PUBLICGRPORDER, c]));
  const root = rangeRoot(categories);
  const parents = new Set(categories.map((c) => c.bbf_cat_parent_category));
  // Sort key: the positions from the top-level category down, so children follow their parent.
  const positions = (c: ProviderCategory): number[] => {
    const chain: number[] = [];
    let current: ProviderCategory | undefined = c;
    const seen = new Set<number>();
    while (current && current !== root && !seen.has(current.bbf_cat_ID_PUBLICGRPORDER)) {
      seen.add(current.bbf_cat_ID_PUBLICGRPORDER);
      chain.unshift(current.bbf_cat_position);
      current = current.bbf_cat_parent_category === null ? undefined : byId.get(current.bbf_cat_parent_category);
    }
    return chain;
  };
  const groupOrder = (c: ProviderCategory) => (c.bbf_cat_ID_PUBLICGRPORDERMAIN === brand.groups.parts ? 0 : c.bbf_cat_ID_PUBLICGRPORDERMAIN === brand.groups.accessories ? 1 : 2);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const diff = (a[i] ?? -1) - (b[i] ?? -1);
      if (diff !== 0) return diff;
    }
    return 0;
  };
  return categories
    .filter((c) => c !== root && c.bbf_cat_parent_category !== null && !parents.has(c.bbf_cat_ID_PUBLICGRPORDER))
    .sort((a, b) => groupOrder(a) - groupOrder(b) || compare(positions(a), positions(b)) || a.bbf_cat_ID_PUBLICGRPORDER - b.bbf_cat_ID_PUBLICGRPORDER);
}
