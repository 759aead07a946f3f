import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { buildCatalogue, buildDeclarations, buildManuals } from "~/documents/build-documents.server";
import { CATALOGUE_VERSION_KEY, DOCUMENTS_BRAND_KEY } from "~/documents/catalogue-freshness.server";
import { documentBrandVersion, type DocumentBrand } from "~/documents/document-brand.server";
import { syncGeneratedKey } from "~/db/dialect";
import { insertChunked } from "~/db/insert-chunked.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { ensurePostalCodes } from "~/models/postal-code.server";
import { writeDemoCatalogue } from "./demo-catalogue.server";
import { replaceRecalls } from "~/models/recall.server";
import { demoRecalls } from "./demo-recalls";
import { demoDocuments, placeArticleDocuments, type DemoDocument } from "./demo-documents.server";
import { generateDemoData, type DemoData } from "./generate";
import { demoStock } from "./demo-stock";
import { brand as settings } from "~/config/brand";
import { insertStockRows, markStockChanged } from "~/models/dealer-stock.server";
import { imageJobs, renderImages } from "./images.server";

export interface SeedOptions {
  seed: number;
  /**
   * The brand's content (content/brand.yaml, read with readContent: the seed runs before a store):
   * its name and colours go into the demo's names and pictures, all of it into the documents.
   */
  brand: DocumentBrand;
  log: (line: string) => void;
  /** Parallel image renders; 4 keeps two cores busy while one render waits on disk. */
  concurrency?: number;
}

export interface SeedSummary {
  seed: number;
  dataVersion: string;
  categories: number;
  articles: number;
  blocks: number;
  dealers: number;
  images: number;
  documents: number;
  durationMs: number;
}

/** A short fingerprint of the generated rows, so caches and the catalogue can tell data versions apart. */
export function dataVersion(data: DemoData): string {
  const json = JSON.stringify([data.categories, data.articles, data.blocks, data.dealers]);
  return createHash("sha256").update(json).digest("hex").slice(0, 12);
}


/**
 * Everything the seed owns: the catalogue through the import's writer, then dealers and documents.
 * Contact messages are real user input and survive a re-seed.
 */
async function replaceRows(db: DB, data: DemoData, version: string, documents: ReadonlyMap<string, DemoDocument>): Promise<void> {
  await writeDemoCatalogue(db, data, version, documents);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("dealers").execute();
    await trx.deleteFrom("documents").execute();
    // Explicit ids: a re-seed with the same seed gives the same dealer ids, not the next autoincrement range.
    await insertChunked(
      trx,
      "dealers",
      data.dealers.map((dealer, i) => ({ id: i + 1, source_id: String(i + 1), ...dealer })),
    );
    await syncGeneratedKey(trx, "dealers");
    await replaceRecalls(trx, demoRecalls(data.articles));
    await replaceDemoStock(trx, data);
  });
}

/** The demo's stock snapshot (demo-stock.ts), dated from now, in place of any stock before. */
async function replaceDemoStock(trx: Transaction<Database>, data: DemoData): Promise<void> {
  const dealers = data.dealers.map((dealer, i) => ({ id: i + 1, tag: dealer.tag, productLines: dealer.product_lines ?? "" }));
  const categories = new Map(data.categories.map((category) => [category.id, category]));
  // The names a dealer's product lines may use for the article (as article-lines.server.ts reads them).
  const linesOf = (categoryId: number | null): string[] => {
    const names: string[] = [];
    for (let id = categoryId, depth = 0; id !== null && depth < 20; depth++) {
      const category = categories.get(id);
      if (!category) break;
      names.push(category.name_de, category.name_en, String(category.id), category.symbol);
      id = category.parent_id;
    }
    return names;
  };
  const articles = data.articles.map((article) => ({ partno: article.partno, lines: linesOf(article.category_id) }));
  const stock = demoStock(data.seed, dealers, articles, settings.dealerTag, new Date());
  await trx.deleteFrom("dealer_stock").execute();
  await trx.deleteFrom("dealer_stock_snapshots").execute();
  await insertStockRows(trx, stock.rows);
  await insertChunked(trx, "dealer_stock_snapshots", stock.snapshots.map((snapshot) => ({ ...snapshot, source: "file" as const })));
  await markStockChanged(trx);
}

function progressLogger(log: (line: string) => void, label: string): (done: number, total: number) => void {
  let lastStep = -1;
  return (done, total) => {
    // About twenty lines per run: enough to show it moves, few enough to read.
    const step = Math.floor((done / total) * 20);
    if (step !== lastStep || done === total) {
      lastStep = step;
      log(`${label} ${done}/${total}`);
    }
  };
}

/**
 * Replaces the demo state: rows in one transaction, then images and documents, then the app_meta
 * stamps. `seeded_at` is written last, so an interrupted run is repeated by the next ensureDemoData.
 */
/** `mediaDir`: MEDIA_DIR, where the pictures and documents go. */
export async function seedDemoData(db: DB, mediaDir: string, options: SeedOptions): Promise<SeedSummary> {
  const { seed, log, brand } = options;
  const started = performance.now();

  log(`Generating demo data (seed ${seed})`);
  const data = generateDemoData(seed, { brand });
  const version = dataVersion(data);
  log(
    `Generated ${data.categories.length} categories, ${data.articles.length} articles, ${data.dealers.length} dealers (data version ${version})`,
  );

  // Before the catalogue: its articles link the manuals and declarations, with the sizes of the real files.
  log("Building manuals and declarations");
  const manuals = await buildManuals(mediaDir, brand, log);
  const declarations = await buildDeclarations(mediaDir, data.declarations, brand, log);

  await placeArticleDocuments(mediaDir, [...manuals.built, ...declarations]);

  log("Writing the database");
  await replaceRows(db, data, version, demoDocuments([...manuals.built, ...declarations]));
  await ensurePostalCodes(db, log);

  // Pictures of a previous seed would otherwise stay behind under names no article uses any more.
  for (const dir of ["shop/images", "categories"]) {
    await fs.rm(path.join(mediaDir, dir), { recursive: true, force: true });
  }
  const jobs = imageJobs(data.pictures, brand.colors);
  log(`Rendering ${jobs.length} images into ${mediaDir}`);
  const images = await renderImages(mediaDir, jobs, {
    concurrency: options.concurrency ?? 4,
    onProgress: progressLogger(log, "Rendering images"),
  });

  log("Building the catalogue PDF");
  const documents = [...manuals.rows, await buildCatalogue(db, mediaDir, brand, log)];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("documents").execute();
    await insertChunked(trx, "documents", documents);
  });

  await setMeta(db, "seed", String(seed));
  await setMeta(db, "data_version", version);
  // The PDFs above were built from exactly this data and brand: no rebuild on the next start.
  await setMeta(db, CATALOGUE_VERSION_KEY, version);
  await setMeta(db, DOCUMENTS_BRAND_KEY, documentBrandVersion(brand));
  await setMeta(db, "seeded_at", new Date().toISOString());

  const summary: SeedSummary = {
    seed,
    dataVersion: version,
    categories: data.categories.length,
    articles: data.articles.length,
    blocks: data.blocks.length,
    dealers: data.dealers.length,
    images,
    documents: documents.length,
    durationMs: Math.round(performance.now() - started),
  };
  log(formatSummary(summary));
  return summary;
}

export function formatSummary(s: SeedSummary): string {
  return (
    `Demo data ready (seed ${s.seed}, version ${s.dataVersion}): ${s.categories} categories, ${s.articles} articles, ` +
    `${s.blocks} blocks, ${s.dealers} dealers, ${s.images} images, ${s.documents} documents in ${(s.durationMs / 1000).toFixed(1)} s`
  );
}

/**
 * First start: seeds when the database has never been seeded and holds no imported data (an import
 * into a fresh folder must not be overwritten by the demo). Returns whether it seeded.
 */
export async function ensureDemoData(db: DB, mediaDir: string, options: SeedOptions): Promise<boolean> {
  await ensurePostalCodes(db, options.log);
  if ((await getMeta(db, "seeded_at")) || (await getMeta(db, "imported_at"))) return false;
  options.log("No demo data yet: seeding (this takes about half a minute, once)");
  await seedDemoData(db, mediaDir, options);
  return true;
}
