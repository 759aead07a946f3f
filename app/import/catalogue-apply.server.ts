import { sql, type Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import { brand } from "~/config/brand";
import { recordFormerSlugs } from "~/models/category.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { BULK_INDEX_THRESHOLD, withSearchIndexSuspended } from "~/models/search.server";
import { isPostgres } from "~/db/dialect";
import { insertChunked } from "~/db/insert-chunked.server";
import { priceRows } from "~/exchange/retail-price";
import type { BlockTable, CategoryRow, Database } from "~/db/schema";
import type { Texts } from "~/exchange/catalogue-model";
import { finalArticle, type CataloguePlan, type FinalArticle, type FinalCategory } from "./catalogue-plan.server";
import type { DocumentResolver } from "./final-article.server";
import type { CatalogueStaging } from "./catalogue-staging.server";
import { emptyCounts, Problems, type ChangeCounts } from "~/exchange/import-report";

/** app_meta key: the menu group of each top category, kept for the next import (the --group option). */
export const MENU_GROUPS_KEY = "import_menu_groups";

/** Featured product blocks per category when the file marks none: the first ones with a picture. */
const DEFAULT_BLOCKS_PER_CATEGORY = 3;

export interface CatalogueDiff {
  categories: ChangeCounts;
  articles: ChangeCounts;
  /** Part numbers to delete (removed or changed) and to write (added or changed). */
  remove: string[];
  write: Set<string>;
  blocks: Omit<BlockTable, "id">[];
  blocksChanged: boolean;
  /** The first picture of each category, for its tile when the file gives the category none. */
  firstImage: Map<number, string>;
  imagenames: Set<string>;
  /** The document files (relative to the media folder) the new catalogue's rows name. */
  documentFiles: Set<string>;
  untranslated: number;
}

/** How a write is stamped: the demo seed has a version of its own data and is no brand import. */
export interface WriterStamp {
  version?: string;
  imported?: boolean;
}

export interface ArticleContext {
  /** Source of a picture → name the site serves it under; undefined when it could not be used. */
  imagename: (source: string) => string | undefined;
  /** A document → where the site serves it and its size; undefined when it could not be used. */
  document?: DocumentResolver;
}

function categoryKey(c: FinalCategory | CategoryRow): string {
  return JSON.stringify([c.shop_id, c.main_id, c.parent_id, c.position, c.symbol, c.name_de, c.description_de, c.name_en, c.description_en, c.source_id, c.slug]);
}

/** Walks every staged article once: fingerprints against the live ones, blocks, untranslated texts. */
export async function diffCatalogue(
  db: DB,
  plan: CataloguePlan,
  staging: CatalogueStaging,
  context: ArticleContext,
  problems: Problems,
  onProgress?: (done: number) => void,
): Promise<CatalogueDiff> {
  const liveCategories = await db.selectFrom("categories").selectAll().execute();
  const liveHashes = new Map(
    (await db.selectFrom("articles").select(["partno", "content_hash"]).execute()).map((r) => [r.partno, r.content_hash]),
  );
  const categories = emptyCounts();
  const liveById = new Map(liveCategories.map((c) => [c.id, c]));
  for (const category of plan.categories) {
    const live = liveById.get(category.id);
    if (!live) categories.added++;
    else if (categoryKey(live) !== categoryKey(category)) categories.changed++;
    else categories.unchanged++;
  }
  const planned = new Set(plan.categories.map((c) => c.id));
  categories.removed = liveCategories.filter((c) => !planned.has(c.id)).length;

  const names = new Map<number, Texts>(plan.categories.map((c) => [c.id, { de: c.name_de, en: c.name_en }]));
  const articles = emptyCounts();
  const write = new Set<string>();
  const remove: string[] = [];
  const firstImage = new Map<number, { position: number; imagename: string }>();
  const marked: { category_id: number; partno: string; order: number }[] = [];
  const candidates: { category_id: number; partno: string; position: number }[] = [];
  const imagenames = new Set<string>();
  const documentFiles = new Set<string>();
  let untranslated = plan.untranslated;
  let done = 0;
  for (const batch of staging.articles()) {
    for (const article of batch) {
      const place = plan.placement.get(article.partno);
      if (!place) continue;
      const { final, untranslated: missing } = finalArticle(article, place, {
        imagename: context.imagename,
        document: context.document,
        categoryName: (id) => names.get(id) ?? { de: "", en: "" },
        exists: (partno) => plan.placement.has(partno),
        problems,
      });
      untranslated += missing;
      const live = liveHashes.get(article.partno);
      if (live === undefined) {
        articles.added++;
        write.add(article.partno);
      } else if (live !== final.row.content_hash) {
        articles.changed++;
        write.add(article.partno);
        remove.push(article.partno);
      } else articles.unchanged++;
      const image = final.media[0]?.imagename;
      for (const m of final.media) imagenames.add(m.imagename);
      for (const d of final.documents) documentFiles.add(d.file_name);
      if (image) {
        const first = firstImage.get(place.categoryId);
        if (!first || first.position > place.position) firstImage.set(place.categoryId, { position: place.position, imagename: image });
        candidates.push({ category_id: place.categoryId, partno: article.partno, position: place.position });
      }
      if (article.blockOrder !== null) marked.push({ category_id: place.categoryId, partno: article.partno, order: article.blockOrder });
    }
    done += batch.length;
    onProgress?.(done);
  }
  for (const partno of liveHashes.keys()) {
    if (!plan.placement.has(partno)) {
      articles.removed++;
      remove.push(partno);
    }
  }

  const blocks = chooseBlocks(marked, candidates);
  const liveBlocks = await db.selectFrom("blocks").select(["category_id", "partno", "position"]).orderBy("id").execute();
  const blocksChanged = JSON.stringify(liveBlocks) !== JSON.stringify(blocks);
  return {
    categories,
    articles,
    remove,
    write,
    blocks,
    blocksChanged,
    documentFiles,
    firstImage: new Map([...firstImage].map(([id, f]) => [id, f.imagename])),
    imagenames,
    untranslated,
  };
}

/** Blocks the file marks (our BMEcat extension) in their order; without any, the first pictured articles of each category. */
export function chooseBlocks(
  marked: { category_id: number; partno: string; order: number }[],
  candidates: { category_id: number; partno: string; position: number }[],
): Omit<BlockTable, "id">[] {
  const byCategory = new Map<number, { partno: string; key: number }[]>();
  const source = marked.length > 0 ? marked.map((m) => ({ ...m, key: m.order })) : candidates.map((c) => ({ ...c, key: c.position }));
  for (const entry of source) {
    const list = byCategory.get(entry.category_id) ?? [];
    list.push({ partno: entry.partno, key: entry.key });
    byCategory.set(entry.category_id, list);
  }
  const blocks: Omit<BlockTable, "id">[] = [];
  for (const categoryId of [...byCategory.keys()].sort((a, b) => a - b)) {
    const list = (byCategory.get(categoryId) ?? []).sort((a, b) => a.key - b.key);
    const chosen = marked.length > 0 ? list : list.slice(0, DEFAULT_BLOCKS_PER_CATEGORY);
    chosen.forEach((b, i) => blocks.push({ category_id: categoryId, partno: b.partno, position: i + 1 }));
  }
  return blocks;
}

export function hasChanges(diff: CatalogueDiff): boolean {
  const changed = (c: ChangeCounts) => c.added + c.changed + c.removed > 0;
  return changed(diff.categories) || changed(diff.articles) || diff.blocksChanged;
}

export async function writeArticles(trx: Transaction<Database>, finals: FinalArticle[]): Promise<void> {
  await insertChunked(
    trx,
    "articles",
    finals.map((f) => f.row),
  );
  await insertChunked(trx, "article_eans", finals.flatMap((f) => f.eans.map((ean, i) => ({ partno: f.row.partno, position: i + 1, ean }))));
  await insertChunked(trx, "article_media", finals.flatMap((f) => f.media.map((m, i) => ({ partno: f.row.partno, position: i + 1, ...m }))));
  await insertChunked(
    trx,
    "article_properties",
    finals.flatMap((f) => {
      const counters = { primary: 0, secondary: 0 };
      return f.properties.map((p) => ({ partno: f.row.partno, position: ++counters[p.kind], ...p }));
    }),
  );
  await insertChunked(
    trx,
    "article_relations",
    finals.flatMap((f) => {
      const counters = { accessory: 0, sparepart: 0 };
      return f.relations.map((r) => ({ partno: f.row.partno, kind: r.kind, position: ++counters[r.kind], target_partno: r.target_partno }));
    }),
  );
  await insertChunked(trx, "article_categories", finals.flatMap((f) => f.also.map((g) => ({ partno: f.row.partno, ...g }))));
  await insertChunked(trx, "article_documents", finals.flatMap((f) => f.documents.map((d, i) => ({ partno: f.row.partno, position: i + 1, ...d }))));
  await insertChunked(trx, "article_prices", finals.flatMap((f) => priceRows(f.row.partno, f.prices)));
}

/**
 * The switch: every change in one transaction, then the new data version. Readers (the running
 * server) see the old catalogue until the commit and the new one after it, never a mixture.
 */
export async function applyCatalogue(
  db: DB,
  plan: CataloguePlan,
  diff: CatalogueDiff,
  staging: CatalogueStaging,
  context: ArticleContext,
  onProgress?: (done: number) => void,
  stamp: WriterStamp = {},
): Promise<string> {
  const version = stamp.version ?? newDataVersion();
  const names = new Map<number, Texts>(plan.categories.map((c) => [c.id, { de: c.name_de, en: c.name_en }]));
  await db.transaction().execute(async (trx) => {
    // Rows point at each other (articles at categories, categories at parents): checked at commit.
    // PostgreSQL's foreign keys were made deferrable for this (migration 0005).
    await (isPostgres(trx) ? sql`set constraints all deferred` : sql`pragma defer_foreign_keys = on`).execute(trx);
    await trx.deleteFrom("blocks").execute();
    const live = await trx.selectFrom("categories").selectAll().execute();
    const liveById = new Map(live.map((c) => [c.id, c]));
    const planned = new Set(plan.categories.map((c) => c.id));
    const gone = live.filter((c) => !planned.has(c.id)).map((c) => c.id);
    for (let i = 0; i < gone.length; i += 500) await trx.deleteFrom("categories").where("id", "in", gone.slice(i, i + 500)).execute();
    // Slugs are unique: the ones that move are cleared first, so two categories may swap theirs.
    const moving = plan.categories.filter((c) => {
      const current = liveById.get(c.id);
      return current && current.slug !== c.slug;
    });
    for (let i = 0; i < moving.length; i += 500) {
      await trx.updateTable("categories").set({ slug: null, slug_key: null }).where("id", "in", moving.slice(i, i + 500).map((c) => c.id)).execute();
    }
    for (const category of plan.categories) {
      const current = liveById.get(category.id);
      if (!current) await trx.insertInto("categories").values(category).execute();
      else if (categoryKey(current) !== categoryKey(category)) {
        const { id, ...values } = category;
        await trx.updateTable("categories").set(values).where("id", "=", id).execute();
      }
    }
    await recordFormerSlugs(trx, brand.shopId, plan.formerSlugs, plan.categories.map((c) => c.slug_key));
    const writeAll = async () => {
    for (let i = 0; i < diff.remove.length; i += 500) {
      await trx.deleteFrom("articles").where("partno", "in", diff.remove.slice(i, i + 500)).execute();
    }
    let done = 0;
    let pending: FinalArticle[] = [];
    for (const batch of staging.articles()) {
      for (const article of batch) {
        const place = plan.placement.get(article.partno);
        if (!place || !diff.write.has(article.partno)) continue;
        pending.push(
          finalArticle(article, place, {
            imagename: context.imagename,
            document: context.document,
            categoryName: (id) => names.get(id) ?? { de: "", en: "" },
            exists: (partno) => plan.placement.has(partno),
            // Reported by the diff already.
            problems: new Problems(),
          }).final,
        );
        if (pending.length >= 500) {
          await writeArticles(trx, pending);
          done += pending.length;
          onProgress?.(done);
          pending = [];
        }
      }
    }
    await writeArticles(trx, pending);
    onProgress?.(done + pending.length);
    };
    if (diff.write.size + diff.remove.length > BULK_INDEX_THRESHOLD) await withSearchIndexSuspended(trx, writeAll);
    else await writeAll();
    await insertChunked(trx, "blocks", diff.blocks.map((b, i) => ({ id: i + 1, ...b })));
    await recordImport(trx, version, { imported: stamp.imported ?? true });
    const menu = JSON.stringify(plan.menuGroups);
    await trx
      .insertInto("app_meta")
      .values({ key: MENU_GROUPS_KEY, value: menu })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: menu }))
      .execute();
  });
  return version;
}
