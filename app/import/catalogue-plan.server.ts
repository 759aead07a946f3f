import { createHash } from "node:crypto";
import { brand } from "~/config/brand";
import { assignSlugs, slugKey, withSlugs } from "~/catalog/category-slug";
import type { CategoryRow } from "~/db/schema";
import { CATALOGUE_ROOT_ID, UNSORTED_GROUP_ID, type ImportedGroup, type MenuGroup, type Texts } from "~/exchange/catalogue-model";
import type { CatalogueStaging } from "./catalogue-staging.server";
import type { Problems } from "~/exchange/import-report";
import type { Placement } from "./final-article.server";

export { articleContent, finalArticle, type ArticleContent, type FinalArticle, type Placement } from "./final-article.server";

/**
 * From what a file says to the rows the site shows (decision 023): the category tree with stable
 * ids, each article's category and position, featured blocks, and one fingerprint per article that
 * tells an unchanged article from a changed one.
 */
/** A category row as the import will write it; every imported category has its group id. */
export type FinalCategory = Omit<CategoryRow, "source_id" | "slug" | "slug_key"> & { source_id: string; slug: string; slug_key: string };

export interface CataloguePlan {
  categories: FinalCategory[];
  /** Group id of the file → category id. */
  categoryIds: Map<string, number>;
  /** Part number → where the article goes; articles left out are not in it. */
  placement: Map<string, Placement>;
  /** Addresses categories leave in this import (renamed, or named again): they answer 301. */
  formerSlugs: { slug: string; slug_key: string; category_id: number }[];
  /** The menu group of each top category, as stored for the next import. */
  menuGroups: Record<string, MenuGroup>;
  /** Texts without an English translation (the report says how many). */
  untranslated: number;
}

export interface PlanOptions {
  groups: ImportedGroup[];
  catalogName: Texts;
  staging: CatalogueStaging;
  problems: Problems;
  liveCategories: CategoryRow[];
  /** Menu groups by group id: the --group option, then the file, then what the last import kept. */
  menuOption: Record<string, MenuGroup> | undefined;
  menuStored: Record<string, MenuGroup>;
}

/** A group id as a file-name stem for the category tiles. */
function symbolFor(sourceId: string): string {
  const slug = sourceId.normalize("NFKD").replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 60);
  return `grp_${slug || createHash("sha256").update(sourceId).digest("hex").slice(0, 12)}`;
}

const SYNTHETIC_ROOT = CATALOGUE_ROOT_ID;

/** The category of products in no group, when the catalogue's name is taken. */
const UNSORTED_NAME: Texts = { de: "Weitere Artikel", en: "More articles" };

/** The catalogue's own name, for the categories the import makes up. */
function catalogueName(options: PlanOptions): Texts {
  return options.catalogName.de || options.catalogName.en ? options.catalogName : { de: brand.rangeCategoryName, en: brand.rangeCategoryName };
}

/**
 * Checks the group tree and gives every group a category id, parent and position. A broken tree
 * is repaired with a warning (decision 037): a second definition of a group is left out, a group
 * whose parent is missing or that is its own ancestor hangs below the root. `unsorted`: products
 * in no group get a category of their own, the root's last child, named after the catalogue.
 */
function planCategories(
  options: PlanOptions,
  unsorted: boolean,
): {
  categories: FinalCategory[];
  categoryIds: Map<string, number>;
  menuGroups: Record<string, MenuGroup>;
  untranslated: number;
  formerSlugs: CataloguePlan["formerSlugs"];
} {
  const { problems, liveCategories } = options;
  const groups: ImportedGroup[] = [];
  const byId = new Map<string, ImportedGroup>();
  for (const group of options.groups) {
    if (group.sourceId === "") continue;
    const first = byId.get(group.sourceId);
    if (first) {
      problems.warn(group.line, "CATALOG_STRUCTURE/GROUP_ID", `group ${group.sourceId} is defined twice (first on line ${first.line}): the second is left out`);
      continue;
    }
    byId.set(group.sourceId, group);
    groups.push(group);
  }
  let roots = groups.filter((g) => g.parentSourceId === null);
  if (roots.length !== 1) {
    // Several top groups and no root: the catalogue itself becomes the root, as the site needs one.
    // Without any group the catalogue's one category carries its name; the root is then the brand's range.
    const rangeName = { de: brand.rangeCategoryName, en: brand.rangeCategoryName };
    const root: ImportedGroup = { sourceId: SYNTHETIC_ROOT, parentSourceId: null, name: groups.length === 0 && unsorted ? rangeName : catalogueName(options), description: { de: "", en: "" }, order: 0, image: null, menuGroup: null, symbol: null, line: 0 };
    for (const group of roots) group.parentSourceId = SYNTHETIC_ROOT;
    groups.unshift(root);
    byId.set(root.sourceId, root);
    roots = [root];
  }
  const root = roots[0];
  if (root && unsorted) {
    // Two categories of one name would share a URL: the catalogue's name only while no group has it.
    const taken = new Set(groups.flatMap((g) => [g.name.de, g.name.en]).map((n) => n.toLowerCase()));
    const own = catalogueName(options);
    const name = taken.has((own.de || own.en).toLowerCase()) ? UNSORTED_NAME : own;
    const group: ImportedGroup = { sourceId: UNSORTED_GROUP_ID, parentSourceId: root.sourceId, name, description: { de: "", en: "" }, order: Number.MAX_SAFE_INTEGER, image: null, menuGroup: null, symbol: null, line: 0 };
    groups.push(group);
    byId.set(group.sourceId, group);
  }
  for (const group of groups) {
    if (group.parentSourceId !== null && !byId.has(group.parentSourceId) && root) {
      problems.warn(group.line, "CATALOG_STRUCTURE/PARENT_ID", `group ${group.sourceId} names parent ${group.parentSourceId}, which the file does not define: it is placed at the top`);
      group.parentSourceId = root.sourceId;
    }
  }
  // A cycle would hang every page that walks up the tree.
  for (const group of groups) {
    const seen = new Set<string>();
    let current: ImportedGroup | undefined = group;
    while (current && current.parentSourceId !== null) {
      if (seen.has(current.sourceId)) {
        // Only a member of the cycle is moved; a group that merely leads into it is fine once the cycle is broken.
        if (current === group) {
          problems.warn(group.line, "CATALOG_STRUCTURE/PARENT_ID", `group ${group.sourceId} is its own ancestor: it is placed at the top`);
          group.parentSourceId = root?.sourceId ?? null;
        }
        break;
      }
      seen.add(current.sourceId);
      current = byId.get(current.parentSourceId);
    }
  }

  // Ids: the one this group had before, else its own number when free, else the next free one.
  const previous = new Map(liveCategories.filter((c) => c.source_id !== null).map((c) => [c.source_id as string, c.id]));
  const taken = new Set<number>();
  const categoryIds = new Map<string, number>();
  for (const group of groups) {
    const id = previous.get(group.sourceId);
    if (id !== undefined) {
      categoryIds.set(group.sourceId, id);
      taken.add(id);
    }
  }
  let next = Math.max(0, ...liveCategories.map((c) => c.id), ...groups.map((g) => (/^\d{1,9}$/.test(g.sourceId) ? Number(g.sourceId) : 0))) + 1;
  for (const group of groups) {
    if (categoryIds.has(group.sourceId)) continue;
    const own = /^\d{1,9}$/.test(group.sourceId) ? Number(group.sourceId) : 0;
    const id = own > 0 && !taken.has(own) ? own : next++;
    categoryIds.set(group.sourceId, id);
    taken.add(id);
  }

  const menuGroups: Record<string, MenuGroup> = {};
  const siblings = new Map<string | null, ImportedGroup[]>();
  for (const group of groups) {
    const list = siblings.get(group.parentSourceId) ?? [];
    list.push(group);
    siblings.set(group.parentSourceId, list);
  }
  const position = new Map<string, number>();
  for (const list of siblings.values()) {
    // Stable sort: equal GROUP_ORDERs keep file order.
    list.sort((a, b) => a.order - b.order).forEach((g, i) => position.set(g.sourceId, i + 1));
  }
  const topOf = (group: ImportedGroup): ImportedGroup | undefined => {
    let current: ImportedGroup | undefined = group;
    const seen = new Set<string>();
    while (current && current.parentSourceId !== null && current.parentSourceId !== root?.sourceId && !seen.has(current.sourceId)) {
      seen.add(current.sourceId);
      current = byId.get(current.parentSourceId);
    }
    return current;
  };
  let untranslated = 0;
  const categories: FinalCategory[] = [];
  for (const group of groups) {
    const id = categoryIds.get(group.sourceId) ?? 0;
    let mainId = id;
    if (group !== root) {
      const top = topOf(group);
      const key = top?.sourceId ?? group.sourceId;
      const menu = options.menuOption?.[key] ?? top?.menuGroup ?? options.menuStored[key] ?? "parts";
      if (top === group) menuGroups[key] = menu;
      mainId = brand.groups[menu];
    }
    const name = group.name;
    const description = group.description;
    if (name.en === "") untranslated++;
    if (description.de !== "" && description.en === "") untranslated++;
    categories.push({
      id,
      shop_id: brand.shopId,
      main_id: mainId,
      parent_id: group.parentSourceId === null ? null : (categoryIds.get(group.parentSourceId) ?? null),
      position: position.get(group.sourceId) ?? 1,
      symbol: group.symbol ?? (group.sourceId === SYNTHETIC_ROOT ? "grp_root" : symbolFor(group.sourceId)),
      name_de: name.de,
      description_de: description.de,
      name_en: name.en,
      description_en: description.en,
      source_id: group.sourceId,
      slug: "",
      slug_key: "",
    });
  }
  const formerSlugs = nameCategories(categories, liveCategories);
  for (const [id, menu] of Object.entries(options.menuOption ?? {})) {
    if (!byId.has(id)) problems.warn(null, "--group", `group ${id} (${menu}) is not in the file`);
    else if (!(id in menuGroups)) problems.warn(null, "--group", `group ${id} is not a top category: only top categories sit in the menu`);
  }
  return { categories, categoryIds, menuGroups, untranslated, formerSlugs };
}

/**
 * Slugs by the one rule (app/catalog/category-slug.ts): a category that keeps its id (its source id)
 * and its name keeps its address; the addresses that change are returned for the 301 history.
 */
function nameCategories(categories: FinalCategory[], liveCategories: CategoryRow[]): CataloguePlan["formerSlugs"] {
  // Rows from before migration 0010 (or the demo seed) have no slug yet: theirs by the same rule.
  const named = withSlugs(liveCategories.map((c) => ({ id: c.id, parentId: c.parent_id, name: c.name_de || c.name_en, slug: c.slug ?? "", sourceId: c.source_id })));
  // Only the same group (by source id) under the same id: a demo category whose id a new group takes is not its past.
  const sources = new Map(categories.map((c) => [c.id, c.source_id]));
  const live = new Map(named.filter((c) => c.sourceId !== null && sources.get(c.id) === c.sourceId).map((c) => [c.id, c]));
  const slugs = assignSlugs(
    categories.map((c) => {
      const before = live.get(c.id);
      return { id: c.id, parentId: c.parent_id, name: c.name_de || c.name_en, stored: before ? { slug: before.slug, name: before.name } : null };
    }),
  );
  const former: CataloguePlan["formerSlugs"] = [];
  for (const category of categories) {
    category.slug = slugs.get(category.id) ?? String(category.id);
    category.slug_key = slugKey(category.slug);
    const before = live.get(category.id);
    if (before && before.slug !== category.slug) former.push({ slug: before.slug, slug_key: slugKey(before.slug), category_id: category.id });
  }
  return former;
}

/**
 * Checks every article's group, and places each in its category. A mapping to a group the file
 * does not define is left out with a warning; products in no group land in one category named
 * after the catalogue (decision 037), with one warning that counts them.
 */
export function planCatalogue(options: PlanOptions): CataloguePlan {
  const { problems, staging } = options;
  const defined = new Set(options.groups.map((g) => g.sourceId).filter((id) => id !== ""));
  // Every group an article is mapped to, in file order: the first is its own (its canonical address, decision 040).
  const groupsOf = new Map<string, { groupId: string; ord: number }[]>();
  for (const mapping of staging.mappings()) {
    if (!defined.has(mapping.group_id)) {
      problems.warnEach("mapping to unknown group", mapping.line, "CATALOG_GROUP_ID", `${mapping.partno} → ${mapping.group_id}`, "mapped to a group the file does not define: the mapping is left out");
      continue;
    }
    if (!mapping.known) {
      problems.warnEach("mapping of unknown product", mapping.line, "PROD_ID", mapping.partno, "a group mapping names this product, which the file does not contain");
      continue;
    }
    const ord = mapping.ord ?? Number.MAX_SAFE_INTEGER;
    const list = groupsOf.get(mapping.partno);
    if (!list) groupsOf.set(mapping.partno, [{ groupId: mapping.group_id, ord }]);
    else if (!list.some((g) => g.groupId === mapping.group_id)) list.push({ groupId: mapping.group_id, ord });
  }
  const unmapped: { partno: string; line: number }[] = [];
  let unmappedCount = 0;
  for (const key of staging.articleKeys()) {
    if (groupsOf.has(key.partno)) continue;
    if (unmapped.length < 3) unmapped.push(key);
    unmappedCount++;
  }
  const tree = planCategories(options, unmappedCount > 0);
  const unsortedId = tree.categoryIds.get(UNSORTED_GROUP_ID);
  if (unmappedCount > 0) {
    // A name given in English only is that name (decision 044), never an empty one.
    const unsorted = tree.categories.find((c) => c.id === unsortedId);
    const name = unsorted?.name_de || unsorted?.name_en || UNSORTED_NAME.de;
    const examples = unmapped.map((a) => `${a.partno} on line ${a.line}`).join(", ");
    problems.warn(unmapped[0]?.line ?? null, "PRODUCT_TO_CATALOGGROUP_MAP", `${unmappedCount} ${unmappedCount === 1 ? "product is" : "products are"} in no catalogue group (${examples}${unmappedCount > unmapped.length ? ", …" : ""}): shown in the category "${name}"`);
  }
  const inCategory = new Map<number, { partno: string; ord: number; seq: number }[]>();
  let fileOrder = 0;
  /** Each article's categories, its own first. */
  const placedIn = new Map<string, { categoryId: number; ord: number }[]>();
  for (const key of staging.articleKeys()) {
    fileOrder++;
    const mapped = groupsOf.get(key.partno);
    const groups = mapped
      ? mapped.flatMap((g) => {
          const categoryId = tree.categoryIds.get(g.groupId);
          return categoryId === undefined ? [] : [{ categoryId, ord: g.ord }];
        })
      : unsortedId === undefined
        ? []
        : [{ categoryId: unsortedId, ord: Number.MAX_SAFE_INTEGER }];
    placedIn.set(key.partno, groups);
    for (const group of groups) {
      const list = inCategory.get(group.categoryId) ?? [];
      list.push({ partno: key.partno, ord: group.ord, seq: fileOrder });
      inCategory.set(group.categoryId, list);
    }
  }
  const positions = new Map<string, Map<number, number>>();
  for (const [categoryId, list] of inCategory) {
    list
      .sort((a, b) => a.ord - b.ord || a.seq - b.seq)
      .forEach((a, i) => {
        const own = positions.get(a.partno) ?? new Map<number, number>();
        own.set(categoryId, i + 1);
        positions.set(a.partno, own);
      });
  }
  const placement = new Map<string, Placement>();
  for (const [partno, at] of positions) {
    const [first, ...further] = placedIn.get(partno) ?? [];
    if (!first) continue;
    placement.set(partno, {
      categoryId: first.categoryId,
      position: at.get(first.categoryId) ?? 1,
      also: further.map((g) => ({ categoryId: g.categoryId, position: at.get(g.categoryId) ?? 1 })),
    });
  }
  return {
    categories: tree.categories,
    categoryIds: tree.categoryIds,
    placement,
    menuGroups: tree.menuGroups,
    untranslated: tree.untranslated,
    formerSlugs: tree.formerSlugs,
  };
}
