import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import { insertChunked } from "~/db/insert-chunked.server";
import { priceRows, type RetailPrice } from "~/exchange/retail-price";
import { replacePriceRows } from "~/models/article-price.server";
import type { BlockTable } from "~/db/schema";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { BULK_INDEX_THRESHOLD, withSearchIndexSuspended } from "~/models/search.server";
import { chooseBlocks, writeArticles } from "./catalogue-apply.server";
import { chunks, CHUNK, rebuiltFinals, type NewPrices, type Place } from "./delta-stored-articles.server";
import type { BmecatTransaction, Texts } from "~/exchange/catalogue-model";
import { finalArticle, type FinalArticle } from "./catalogue-plan.server";
import type { CatalogueStaging } from "./catalogue-staging.server";
import { copyArticleImages, pruneMedia, type SourceImage } from "./import-media.server";
import { anyDocuments, copyUsedDocuments, documentResolver, pruneDocuments, type SourceDocument } from "./document-sources.server";
import { emptyCounts, Problems, timed, type ChangeCounts, type ImportRunOptions, type ImportSummary } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";

/**
 * T_UPDATE_PRODUCTS and T_UPDATE_PRICES (decision 038): a delta applied to the current catalogue.
 * It writes exactly the rows a full import of the resulting catalogue would write (same positions,
 * same dropped references, same blocks, same content hashes), so the next full export that matches
 * reports no changes. New and updated products go through `finalArticle` like a full import; every
 * other product the delta touches (a new price, a closed gap in its category, a reference to a
 * deleted product) is rebuilt from its stored rows and hashed by the same `articleContent` rule.
 */
export type DeltaTransaction = Exclude<BmecatTransaction, "T_NEW_CATALOG">;

export interface DeltaOptions extends ImportRunOptions {
  transaction: DeltaTransaction;
  staging: CatalogueStaging;
  /** Pictures by the source the file names (checked like a full import's). */
  images: Map<string, SourceImage>;
  /** Documents by the source the file names, likewise (decision 050). */
  documents: Map<string, SourceDocument>;
  /** How many groups the file defines: a delta does not change the tree, so they are ignored. */
  groupCount: number;
  problems: Problems;
  summary: ImportSummary;
}

/** Newly marked blocks go after the ones a category already has (their own order is not stored). */
const MARKED_AFTER = 1_000_000;

/** Reads the delta, compares, and (unless a dry run or nothing changed) writes it in one transaction. */
export async function applyDelta(db: DB, options: DeltaOptions): Promise<void> {
  const { staging, problems, summary, images, transaction, dryRun, quiet } = options;
  const liveCategories = await db.selectFrom("categories").select(["id", "source_id", "name_de", "name_en", "symbol"]).execute();
  const liveRows = await db.selectFrom("articles").select(["partno", "category_id", "position", "content_hash"]).execute();
  const live = new Map(liveRows.map((a) => [a.partno, a]));
  if (live.size === 0 || liveCategories.length === 0) {
    problems.error(null, transaction, `a ${transaction} file changes the current catalogue, and the site has none yet: import a whole catalogue (T_NEW_CATALOG) first`);
    return;
  }
  if (options.groupCount > 0) {
    problems.warn(null, "CATALOG_GROUP_SYSTEM", `a ${transaction} file does not change the category tree: its ${options.groupCount} groups are ignored`);
  }

  // Where each product of the file goes: its first mapping to a group the catalogue has.
  const byGroup = new Map(liveCategories.map((c) => [c.source_id ?? String(c.id), c.id]));
  const mapped = new Map<string, number>();
  if (transaction === "T_UPDATE_PRODUCTS") {
    for (const m of staging.mappings()) {
      const categoryId = byGroup.get(m.group_id);
      if (!m.known) problems.warnEach("mapping of unknown product", m.line, "PROD_ID", m.partno, "a group mapping names this product, which the file does not contain");
      else if (categoryId === undefined) problems.warnEach("mapping to unknown group", m.line, "CATALOG_GROUP_ID", `${m.partno} → ${m.group_id}`, "mapped to a group the catalogue does not have: the mapping is left out");
      else if (!mapped.has(m.partno)) mapped.set(m.partno, categoryId);
      else if (mapped.get(m.partno) !== categoryId) problems.warnEach("several groups", m.line, "CATALOG_GROUP_ID", m.partno, "in several groups; the site shows it in the first one only");
    }
  }

  // First pass: what happens to each product of the file.
  const prices = new Map<string, NewPrices>();
  const deleted = new Map<string, number>();
  const upserts = new Set<string>();
  // Category lists in position order; a product moving elsewhere is struck from its old list at the end.
  const members = new Map<number, string[]>();
  for (const a of [...liveRows].sort((x, y) => x.position - y.position || (x.partno < y.partno ? -1 : 1))) {
    const list = members.get(a.category_id) ?? [];
    list.push(a.partno);
    members.set(a.category_id, list);
  }
  const movedFrom = new Map<string, number>();
  const moveTo = (partno: string, from: number | undefined, to: number) => {
    if (from === to) return;
    if (from !== undefined) movedFrom.set(partno, from);
    const list = members.get(to) ?? [];
    list.push(partno);
    members.set(to, list);
  };
  let fileProducts = 0;
  for (const batch of staging.articles()) {
    for (const article of batch) {
      fileProducts++;
      const { partno, line } = article;
      const current = live.get(partno);
      if (transaction === "T_UPDATE_PRICES") {
        if (!current) problems.warnEach("price of unknown product", line, "SUPPLIER_PID", partno, "a price for a product the catalogue does not have: left out");
        else if (article.prices.length === 0) problems.warn(line, "PRODUCT_PRICE_DETAILS", `${partno}: no price the site shows (nrp, else gros_list, in EUR): its price stays as it is`);
        else prices.set(partno, { cents: article.priceCents, list: article.prices });
        continue;
      }
      if (article.mode === "delete") {
        if (!current) problems.warnEach("delete unknown", line, "PRODUCT/@mode", partno, "to be deleted, but the catalogue does not have it");
        else deleted.set(partno, line);
        continue;
      }
      // Without a mapping an update keeps the product's category (and its place in it).
      const categoryId = mapped.get(partno) ?? current?.category_id;
      if (categoryId === undefined) {
        problems.warnEach("new without group", line, "PRODUCT_TO_CATALOGGROUP_MAP", partno, "not in the catalogue and in no catalogue group: it is left out");
        continue;
      }
      if (!current && article.mode === "update") problems.warnEach("update unknown", line, "PRODUCT/@mode", partno, "an update, but the catalogue does not have it: added as a new product");
      moveTo(partno, current?.category_id, categoryId);
      upserts.add(partno);
    }
  }
  if (fileProducts === 0) problems.warn(null, transaction, "the file holds no products: nothing to change");

  // Positions as a full import numbers them: 1, 2, 3 … in each category, gaps closed.
  const placeOf = new Map<string, Place>();
  for (const [categoryId, list] of members) {
    list.filter((p) => !deleted.has(p) && movedFrom.get(p) !== categoryId).forEach((partno, i) => placeOf.set(partno, { categoryId, position: i + 1 }));
  }

  // Stored products the delta changes without naming them: moved up, or referring to a deleted one.
  const referrers = new Map<string, Set<string>>();
  for (const part of chunks([...deleted.keys()])) {
    for (const r of await db.selectFrom("article_relations").select(["partno", "target_partno"]).where("target_partno", "in", part).execute()) {
      if (deleted.has(r.partno) || upserts.has(r.partno)) continue;
      const from = referrers.get(r.target_partno) ?? new Set<string>();
      from.add(r.partno);
      referrers.set(r.target_partno, from);
    }
  }
  for (const [target, set] of referrers) {
    const from = [...set];
    const shown = from.slice(0, 5).join(", ") + (from.length > 5 ? ` and ${from.length - 5} more` : "");
    problems.warn(deleted.get(target) ?? null, "PRODUCT/@mode", `${target} is deleted, and with it the references of ${shown} to it`);
  }
  const touched = new Set([...prices.keys(), ...[...referrers.values()].flatMap((set) => [...set])]);
  for (const [partno, place] of placeOf) {
    const current = live.get(partno);
    if (current && !upserts.has(partno) && (current.position !== place.position || current.category_id !== place.categoryId)) touched.add(partno);
  }
  const stored = [...touched].filter((p) => !upserts.has(p) && !deleted.has(p));

  // Second pass: the new rows, compared with the live ones.
  const articles = emptyCounts();
  articles.removed = deleted.size;
  const write = new Set<string>();
  const names = new Map<number, Texts>(liveCategories.map((c) => [c.id, { de: c.name_de, en: c.name_en }]));
  const context = (report: Problems) => ({
    imagename: (source: string) => images.get(source)?.imagename,
    document: documentResolver(options.documents),
    categoryName: (id: number) => names.get(id) ?? { de: "", en: "" },
    exists: (partno: string) => placeOf.has(partno),
    problems: report,
  });
  const rewrites = new Map<string, StoredRewrite>();
  const relinked = new Set([...referrers.values()].flatMap((set) => [...set]));
  const newMedia = new Set<string>();
  const newDocuments = new Set<string>();
  const pictured = new Map<string, boolean>();
  const marks = new Map<string, number>();
  const count = (final: FinalArticle) => {
    const before = live.get(final.row.partno)?.content_hash;
    if (before === undefined) articles.added++;
    else if (before !== final.row.content_hash) articles.changed++;
    else articles.unchanged++;
    if (before !== final.row.content_hash) write.add(final.row.partno);
  };
  const comparing = createProgress({ label: "Comparing", total: upserts.size + stored.length, unit: "products", quiet });
  await timed(summary, "comparing", async () => {
    let done = 0;
    for (const batch of staging.articles()) {
      for (const article of batch) {
        const place = placeOf.get(article.partno);
        if (!upserts.has(article.partno) || !place) continue;
        const { final, untranslated } = finalArticle(article, { ...place, also: [] }, context(problems));
        summary.untranslated += untranslated;
        count(final);
        for (const m of final.media) newMedia.add(m.imagename);
        for (const d of final.documents) newDocuments.add(d.file_name);
        pictured.set(article.partno, final.media.length > 0);
        if (article.blockOrder !== null) marks.set(article.partno, article.blockOrder);
        comparing.update(++done);
      }
    }
    for (const part of chunks(stored)) {
      for (const final of await rebuiltFinals(db, part, { prices, placeOf })) {
        count(final);
        if (!write.has(final.row.partno)) continue;
        const { category_id, position, price_cents, content_hash } = final.row;
        // Only the article row and (for a reference to a deleted product) its relations change.
        rewrites.set(final.row.partno, {
          values: { category_id, position, price_cents, content_hash },
          relations: relinked.has(final.row.partno) ? final.relations : null,
          prices: prices.has(final.row.partno) ? final.prices : null,
        });
      }
      done += part.length;
      comparing.update(done);
    }
  });
  comparing.stop();
  if (problems.hasErrors) return;

  // Featured blocks as a full import would choose them from the resulting catalogue.
  const liveBlocks = await db.selectFrom("blocks").select(["category_id", "partno", "position"]).orderBy("id").execute();
  const livePictured = new Set((await db.selectFrom("article_media").select("partno").where("position", "=", 1).execute()).map((r) => r.partno));
  const candidates = (place: (partno: string) => Place | undefined, hasPicture: (partno: string) => boolean, partnos: Iterable<string>) =>
    [...partnos].flatMap((partno) => {
      const p = place(partno);
      return p && hasPicture(partno) ? [{ category_id: p.categoryId, partno, position: p.position }] : [];
    });
  const liveDefault = chooseBlocks([], candidates((p) => { const a = live.get(p); return a && { categoryId: a.category_id, position: a.position }; }, (p) => livePictured.has(p), live.keys()));
  const after = candidates((p) => placeOf.get(p), (p) => pictured.get(p) ?? livePictured.has(p), placeOf.keys());
  let blocks: Omit<BlockTable, "id">[];
  if (JSON.stringify(liveDefault) === JSON.stringify(liveBlocks)) blocks = chooseBlocks([], after);
  else {
    // The catalogue marks its blocks (our BMEcat extension): keep the marks, add the delta's.
    const kept = liveBlocks.filter((b) => placeOf.get(b.partno)?.categoryId === b.category_id && (!upserts.has(b.partno) || marks.has(b.partno)));
    const keptAt = new Map(kept.map((b) => [b.partno, b.position]));
    const added = [...marks].filter(([partno]) => !keptAt.has(partno) && placeOf.has(partno));
    blocks = chooseBlocks(
      [
        ...kept.map((b) => ({ category_id: b.category_id, partno: b.partno, order: b.position })),
        ...added.map(([partno, order]) => ({ category_id: placeOf.get(partno)?.categoryId ?? 0, partno, order: MARKED_AFTER + order })),
      ],
      after,
    );
  }
  const blocksChanged = JSON.stringify(blocks) !== JSON.stringify(liveBlocks);

  // Pictures: the delta's own are copied like a full import's; those no product uses any more go.
  const keep = new Set(newMedia);
  for (const m of await db.selectFrom("article_media").select(["partno", "imagename"]).execute()) {
    if (placeOf.has(m.partno) && !upserts.has(m.partno)) keep.add(m.imagename);
  }
  const used = [...images.values()].filter((image) => newMedia.has(image.imagename));
  const imageCounts: ChangeCounts = await timed(summary, "copying pictures", () => copyArticleImages(used, options.siteMediaDir, dryRun));
  const keepSymbols = new Set(liveCategories.map((c) => c.symbol));
  imageCounts.removed = await pruneMedia(options.siteMediaDir, keep, keepSymbols, true);

  // Documents likewise.
  const keepDocuments = new Set(newDocuments);
  for (const d of await db.selectFrom("article_documents").select(["partno", "file_name"]).execute()) {
    if (placeOf.has(d.partno) && !upserts.has(d.partno)) keepDocuments.add(d.file_name);
  }
  const documentCounts = await timed(summary, "copying documents", () => copyUsedDocuments(options.documents, newDocuments, keepDocuments, options.siteMediaDir, dryRun));
  summary.counts = { ...summary.counts, categories: { ...emptyCounts(), unchanged: liveCategories.length }, articles, images: imageCounts, ...(anyDocuments(documentCounts) ? { documents: documentCounts } : {}) };
  const changed = write.size + deleted.size > 0 || blocksChanged || [imageCounts, documentCounts].some((c) => c.added + c.changed + c.removed > 0);
  if (dryRun || !changed) return;

  const writing = createProgress({ label: "Writing", total: write.size, unit: "products", quiet });
  summary.dataVersion = await timed(summary, "writing", () =>
    writeDelta(db, { staging, write, deleted, live, upserts, rewrites, placeOf, blocks, context: context(new Problems()), onProgress: (done) => writing.update(done) }),
  );
  writing.stop();
  summary.applied = true;
  // Only now: until the commit the running site still shows the old pictures.
  await pruneMedia(options.siteMediaDir, keep, keepSymbols, false);
  await pruneDocuments(options.siteMediaDir, keepDocuments, false);
}

interface StoredRewrite {
  values: Pick<FinalArticle["row"], "category_id" | "position" | "price_cents" | "content_hash">;
  relations: FinalArticle["relations"] | null;
  /** The kept prices a T_UPDATE_PRICES file replaces; null: they stay. */
  prices: RetailPrice[] | null;
}

interface DeltaWrite {
  staging: CatalogueStaging;
  write: Set<string>;
  deleted: Map<string, number>;
  live: Map<string, unknown>;
  upserts: Set<string>;
  rewrites: Map<string, StoredRewrite>;
  placeOf: Map<string, Place>;
  blocks: Omit<BlockTable, "id">[];
  context: Parameters<typeof finalArticle>[2];
  onProgress: (done: number) => void;
}

/** The switch, as a full import's: one transaction, then a new data version; readers see old or new, never a mixture. */
async function writeDelta(db: DB, w: DeltaWrite): Promise<string> {
  const version = newDataVersion();
  await db.transaction().execute(async (trx) => {
    await (isPostgres(trx) ? sql`set constraints all deferred` : sql`pragma defer_foreign_keys = on`).execute(trx);
    await trx.deleteFrom("blocks").execute();
    const writeAll = async () => {
      let done = 0;
      const written = (n: number) => w.onProgress((done += n));
      // Stored products: an update of the article row; child rows stay but for dropped references.
      for (const [partno, { values, relations, prices }] of w.rewrites) {
        await trx.updateTable("articles").set(values).where("partno", "=", partno).execute();
        if (prices) await replacePriceRows(trx, partno, priceRows(partno, prices));
        if (relations) {
          await trx.deleteFrom("article_relations").where("partno", "=", partno).execute();
          const counters = { accessory: 0, sparepart: 0 };
          await insertChunked(trx, "article_relations", relations.map((r) => ({ partno, kind: r.kind, position: ++counters[r.kind], target_partno: r.target_partno })));
        }
        if (++done % CHUNK === 0) w.onProgress(done);
      }
      const gone = [...w.deleted.keys(), ...[...w.write].filter((p) => w.upserts.has(p) && w.live.has(p))];
      for (const part of chunks(gone)) await trx.deleteFrom("articles").where("partno", "in", part).execute();
      let pending: FinalArticle[] = [];
      for (const batch of w.staging.articles()) {
        for (const article of batch) {
          const place = w.placeOf.get(article.partno);
          if (!place || !w.upserts.has(article.partno) || !w.write.has(article.partno)) continue;
          pending.push(finalArticle(article, { ...place, also: [] }, w.context).final);
          if (pending.length >= CHUNK) {
            await writeArticles(trx, pending);
            written(pending.length);
            pending = [];
          }
        }
      }
      await writeArticles(trx, pending);
      written(pending.length);
    };
    if (w.write.size + w.deleted.size > BULK_INDEX_THRESHOLD) await withSearchIndexSuspended(trx, writeAll);
    else await writeAll();
    await insertChunked(trx, "blocks", w.blocks.map((b, i) => ({ id: i + 1, ...b })));
    await recordImport(trx, version);
  });
  return version;
}
