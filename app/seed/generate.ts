import { brand } from "~/config/brand";
import { loadPostalPlaces } from "~/geo/postal-code-files.server";
import { createRandom, type Random } from "./random";
import { type DealerDetails, demoDealerDetails } from "./dealer-details";
import type { CategoryPicture, DemoCategory, DemoData, DemoDealer, GenerateOptions, Leaf, SeedBrand } from "./demo-data";
import { addRelations, buildArticles, buildBlocks } from "./generate-articles";
import { buildDealers } from "./generate-dealers";
import { addProductSafety, demoDeclarations } from "./product-safety";
import { ROOT_CATEGORY_ID, categoryGroups, rootCategory, type CategorySpec } from "./vocabulary-categories";

export type {
  ArticlePicture,
  CategoryPicture,
  DemoArticle,
  DemoCategory,
  DemoData,
  DemoDealer,
  DemoProperty,
  GenerateOptions,
  SeedBrand,
} from "./demo-data";

const RANGED_MIN = 7;
const RANGED_MAX = 40;
const RELATIONS_SALT = 0x5eed_a11;

/** Same seed, same data: everything random comes from one seeded generator, in a fixed order. */
export function generateDemoData(seed: number, options: GenerateOptions): DemoData {
  const rng = createRandom(seed);
  const { categories, leaves, categoryPictures } = buildCategories(rng, options.brand);
  const { articles, articlePictures } = buildArticles(rng, leaves, options.brand.name);
  const blocks = buildBlocks(rng, leaves, articles);
  // Its own generator: drawn from the main one, the references would change every dealer after them.
  addRelations(createRandom(seed ^ RELATIONS_SALT), leaves, articles);
  // Draws nothing: decided by each article's kind and data.
  addProductSafety(leaves, articles);
  const plainDealers = buildDealers(rng, options.places ?? loadPostalPlaces());
  const details = demoDealerDetails(seed, plainDealers);
  const dealers = plainDealers.map((dealer, i): DemoDealer => ({ ...dealer, ...(details[i] as DealerDetails) }));
  return {
    seed,
    categories,
    articles,
    blocks,
    dealers,
    pictures: { articles: articlePictures, categories: categoryPictures },
    declarations: demoDeclarations(leaves, articles),
  };
}

function buildCategories(rng: Random, { name, colors }: SeedBrand): {
  categories: DemoCategory[];
  leaves: Leaf[];
  categoryPictures: CategoryPicture[];
} {
  const root = rootCategory(name);
  const categories: DemoCategory[] = [
    {
      id: ROOT_CATEGORY_ID,
      shop_id: brand.shopId,
      main_id: ROOT_CATEGORY_ID,
      parent_id: null,
      position: 1,
      symbol: root.symbol,
      name_de: root.name.de,
      description_de: root.description.de,
      name_en: root.name.en,
      description_en: root.description.en,
    },
  ];
  const categoryPictures: CategoryPicture[] = [
    { symbol: root.symbol, drawing: "range", colour: colors.primary },
  ];
  const leaves: Leaf[] = [];
  let topId = ROOT_CATEGORY_ID;
  let subId = ROOT_CATEGORY_ID + 100;
  let topPosition = 0;

  const add = (spec: CategorySpec, id: number, parentId: number, mainId: number, position: number): void => {
    categories.push({
      id,
      shop_id: brand.shopId,
      main_id: mainId,
      parent_id: parentId,
      position,
      symbol: spec.symbol,
      name_de: spec.name.de,
      description_de: spec.description.de,
      name_en: spec.name.en,
      description_en: spec.description.en,
    });
    const colour = mainId === brand.groups.parts ? colors.primary : colors.accent;
    categoryPictures.push({ symbol: spec.symbol, drawing: spec.drawing, colour });
    if (!spec.children || spec.children.length === 0) {
      leaves.push({ id, spec, size: spec.size ?? 0 });
    }
  };

  for (const group of categoryGroups) {
    for (const spec of group.categories) {
      topId += 1;
      topPosition += 1;
      const parentId = topId;
      add(spec, parentId, ROOT_CATEGORY_ID, group.mainId, topPosition);
      (spec.children ?? []).forEach((child, index) => {
        subId += 1;
        add(child, subId, parentId, group.mainId, index + 1);
      });
    }
  }

  assignSizes(rng, leaves);
  return { categories, leaves, categoryPictures };
}

/**
 * Fixed sizes stay as written (the small categories and the 5/6 paging boundary); the others get
 * 7–40 articles, nudged until the whole catalogue holds about 400.
 */
function assignSizes(rng: Random, leaves: Leaf[]): void {
  const ranged = leaves.filter((leaf) => leaf.spec.size === undefined);
  for (const leaf of ranged) {
    // Squaring skews towards smaller categories, with a few big ones, as in real catalogues.
    leaf.size = RANGED_MIN + Math.round(rng.next() ** 1.6 * (RANGED_MAX - RANGED_MIN));
  }
  const target = rng.int(396, 404);
  let total = leaves.reduce((sum, leaf) => sum + leaf.size, 0);
  let guard = 0;
  while (total !== target && guard++ < 100_000) {
    const leaf = rng.pick(ranged);
    if (total < target && leaf.size < RANGED_MAX) {
      leaf.size += 1;
      total += 1;
    } else if (total > target && leaf.size > RANGED_MIN) {
      leaf.size -= 1;
      total -= 1;
    }
  }
}
