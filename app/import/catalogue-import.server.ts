import type { BrandNames } from "~/exchange/article-fields";
import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { applyCatalogue, diffCatalogue, hasChanges, MENU_GROUPS_KEY, type WriterStamp } from "./catalogue-apply.server";
import type { ImportedGroup, ImportedHeader, MenuGroup, Texts } from "~/exchange/catalogue-model";
import { applyDelta } from "./catalogue-delta.server";
import { planCatalogue, type CataloguePlan } from "./catalogue-plan.server";
import { CatalogueStaging } from "./catalogue-staging.server";
import { BmecatFormatError, readBmecat } from "./bmecat-reader.server";
import { copyArticleImages, pruneMedia, renderCategoryTiles, staleCategoryTiles, type SourceImage, type TileSource } from "./import-media.server";
import { PictureDownloads, type DownloadSettings } from "./picture-download.server";
import { pictureRoot, resolveImages } from "./picture-sources.server";
import { anyDocuments, copyUsedDocuments, DocumentDownloads, documentResolver, pruneDocuments, resolveDocuments, type SourceDocument } from "./document-sources.server";
import { diskFullMessage, ImportBusyError, withImportLock } from "./import-lock.server";
import { Problems, startSummary, timed, type ChangeCounts, type ImportRunOptions, type ImportSummary } from "~/exchange/import-report";
import { createProgress, type Progress } from "~/exchange/progress.server";
import { detached, XmlLimitError, XmlSyntaxError } from "./xml-records.server";
import { readEtimOption } from "./etim-option.server";

export type { MenuGroup };

export interface CatalogueImportOptions extends ImportRunOptions {
  file: string;
  /** The brand's names (content/brand.yaml, read by the command): a maker of that name is the brand. */
  brand: BrandNames;
  /** Where MIME_SOURCE paths are resolved (below MIME_ROOT); default: the file's folder. */
  mediaDir?: string;
  /** GROUP_ID → menu group; kept with the data for later imports. */
  groups?: Record<string, MenuGroup>;
  /** Time-out, size cap and hosts for pictures named by http(s) address (IMPORT_PICTURE_* variables). */
  downloads?: Partial<DownloadSettings>;
  /** Tests: the staging file's size at which the disk counts as full. */
  stagingMaxBytes?: number;
  /** `--strict`: every warning counts as an error, for brands that want a gate (decision 037). */
  strict?: boolean;
  /** `--etim FILE`, once per file: ETIM's model export that names ETIM-coded features (decision 073). */
  etim?: readonly string[];
}

function parseStoredGroups(value: string | undefined): Record<string, MenuGroup> {
  try {
    const parsed: unknown = JSON.parse(value ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, MenuGroup] => e[1] === "parts" || e[1] === "accessories"));
  } catch {
    return {};
  }
}

/** Each category's tile: its own picture, else the first picture in it or below it. */
function tileSources(plan: CataloguePlan, groups: ImportedGroup[], images: Map<string, SourceImage>, firstImage: Map<number, string>): TileSource[] {
  const byName = new Map<string, SourceImage>();
  for (const image of images.values()) byName.set(image.imagename, image);
  const own = new Map<number, SourceImage>();
  for (const group of groups) {
    const image = group.image ? images.get(group.image.source) : undefined;
    const id = plan.categoryIds.get(group.sourceId);
    if (image && id !== undefined) own.set(id, image);
  }
  const childrenOf = new Map<number | null, typeof plan.categories>();
  for (const c of plan.categories) childrenOf.set(c.parent_id, [...(childrenOf.get(c.parent_id) ?? []), c]);
  const pictureOf = (id: number, seen = new Set<number>()): SourceImage | undefined => {
    if (seen.has(id)) return undefined;
    seen.add(id);
    const first = firstImage.get(id);
    const direct = own.get(id) ?? (first ? byName.get(first) : undefined);
    if (direct) return direct;
    for (const c of (childrenOf.get(id) ?? []).sort((a, b) => a.position - b.position)) {
      const found = pictureOf(c.id, seen);
      if (found) return found;
    }
    return undefined;
  };
  return plan.categories.flatMap((c) => {
    const image = pictureOf(c.id);
    return image ? [{ symbol: c.symbol, file: image.file }] : [];
  });
}

/** `npm run import -- catalogue FILE`: a BMEcat file becomes the site's catalogue (decision 023). */
export async function importCatalogue(db: DB, options: CatalogueImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const problems = new Problems({ strict: options.strict });
  const summary = startSummary(problems, {
    command: "catalogue",
    source: options.file,
    dryRun: options.dryRun,
    dataVersion: (await getMeta(db, "data_version")) ?? null,
  });
  const finish = () => {
    summary.moreErrors = problems.moreErrors;
    summary.moreWarnings = problems.moreWarnings;
    summary.durationMs = Math.round(performance.now() - started);
    return summary;
  };

  const size = await fs.stat(options.file).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );
  if (size === null) {
    problems.error(null, undefined, `cannot read ${options.file}: no such file`);
    return finish();
  }
  try {
    await withImportLock(db, options.dataDir, async (locked) => {
      const staging = CatalogueStaging.inDataDir(options.dataDir, options.stagingMaxBytes);
      try {
        await run(locked, options, size, staging, problems, summary);
      } finally {
        staging.close();
      }
    });
  } catch (error) {
    const message = error instanceof ImportBusyError ? error.message : diskFullMessage(error, options.dataDir);
    if (message === null) throw error;
    problems.error(null, undefined, message);
  }
  return finish();
}

async function run(db: DB, options: CatalogueImportOptions, size: number, staging: CatalogueStaging, problems: Problems, summary: ImportSummary): Promise<void> {
  const { log, quiet } = options;
  const groups: ImportedGroup[] = [];
  const imageSources = new Map<string, number>();
  const documentSources = new Map<string, number>();
  const firstLine = new Map<string, number>();
  let header: ImportedHeader = { version: "2005", catalogName: { de: "", en: "" }, mimeRoot: "", transaction: "T_NEW_CATALOG" };
  let products = 0;
  /** False when reading stopped before the end: later stages would then report what the unread part holds. */
  let readToEnd = true;

  const etim = await readEtimOption(options.etim, problems, log);
  if (etim === undefined) return;
  log(`Reading ${options.file}`);
  const reading = createProgress({ label: "Reading", total: size, unit: "products", quiet });
  try {
    header = await timed(summary, "reading", () => readBmecat({
      file: options.file,
      brand: options.brand,
      problems,
      etim,
      onBytes: (bytes) => reading.update(bytes, products),
      sink: {
        header: (h) => (header = h),
        group: (g) => {
          groups.push(g);
          if (g.image && !imageSources.has(g.image.source)) imageSources.set(detached(g.image.source), g.image.line);
        },
        article: (article) => {
          const first = firstLine.get(article.partno);
          if (first !== undefined) {
            problems.error(article.line, "SUPPLIER_PID", `duplicate part number ${article.partno} (first on line ${first})`);
            return;
          }
          firstLine.set(detached(article.partno), article.line);
          products++;
          staging.addArticle(article);
          for (const image of article.images) if (!imageSources.has(image.source)) imageSources.set(detached(image.source), image.line);
          for (const document of article.documents) if (!documentSources.has(document.source)) documentSources.set(detached(document.source), document.line);
        },
        mapping: (partno, link) => staging.addMapping(partno, link),
      },
    }));
  } catch (error) {
    readToEnd = false;
    if (error instanceof XmlSyntaxError) problems.error(error.line, undefined, `malformed XML (column ${error.column}): ${error.message}`);
    else if (error instanceof XmlLimitError) problems.error(error.line, error.element, `${error.message}: the file is not read further`);
    else if (error instanceof BmecatFormatError) problems.error(error.line, "BMECAT", error.message);
    else throw error;
  }
  reading.stop();
  staging.finishWriting();
  const { transaction } = header;
  // A delta (decision 038) changes the current catalogue: it needs no products of its own.
  if (transaction === "T_NEW_CATALOG" && products === 0 && readToEnd) problems.error(null, "PRODUCT", "the file holds no products: importing it would empty the catalogue");
  log(`Read BMEcat ${header.version} ${transaction}: ${groups.length} groups, ${products} products, ${imageSources.size} pictures, ${documentSources.size} documents`);

  // Every stage runs even after an error, so one run reports all of a file's problems; nothing is
  // written while there are errors (switchCatalogue and applyDelta stop before the pictures are copied).
  const root = pictureRoot(options.mediaDir ?? path.dirname(path.resolve(options.file)), header.mimeRoot);
  const downloads = new PictureDownloads(options.dataDir, options.downloads);
  let downloading: Progress | undefined;
  const onDownload = (done: number, total: number) => (downloading ??= createProgress({ label: "Downloading pictures", total, unit: "pictures", quiet })).update(done);
  const images = await timed(summary, "checking pictures", () => resolveImages(imageSources, root, problems, { downloads, onDownload, siteMedia: options.siteMediaDir })).finally(() => {
    downloading?.stop();
    downloads.close();
  });
  const documentDownloads = new DocumentDownloads(options.dataDir, options.downloads);
  const documents = await timed(summary, "checking documents", () =>
    resolveDocuments(documentSources, root, problems, { downloads: documentDownloads, maxBytes: options.downloads?.maxBytes }),
  ).finally(() => documentDownloads.close());
  // A file read only in part would report references to products in the unread part.
  if (!readToEnd) return;
  if (transaction !== "T_NEW_CATALOG") {
    if (!problems.hasErrors) await applyDelta(db, { ...options, transaction, staging, images, documents, groupCount: groups.length, problems, summary });
    return;
  }
  if (products === 0) return;
  await switchCatalogue(db, { ...options, groups, catalogName: header.catalogName, staging, problems, summary, images, documents, menuOption: options.groups });
}

export interface SwitchOptions extends ImportRunOptions {
  groups: ImportedGroup[];
  catalogName: Texts;
  staging: CatalogueStaging;
  problems: Problems;
  summary: ImportSummary;
  /**
   * Pictures by the source the catalogue names. null: the catalogue names its pictures by the
   * names the media host serves (provider sync); nothing is copied then.
   */
  images: Map<string, SourceImage> | null;
  /**
   * Documents by the source the catalogue names, likewise (decision 050). null: each source is
   * already the file's place in the media folder (the demo seed) or on the media host (provider
   * sync); nothing is copied, and the size is the document's own `bytes`, else the file's there.
   */
  documents?: Map<string, SourceDocument> | null;
  menuOption: Record<string, MenuGroup> | undefined;
  stamp?: WriterStamp;
}

/**
 * Everything after reading, for any source: plan, compare, pictures, the one-transaction switch,
 * then pruning. Adds errors to `problems` and changes nothing when there are any.
 */
export async function switchCatalogue(db: DB, options: SwitchOptions): Promise<void> {
  const { staging, problems, summary, images, groups, quiet, dryRun } = options;
  const plan = await timed(summary, "planning", async () => planCatalogue({
    groups,
    catalogName: options.catalogName,
    staging,
    problems,
    liveCategories: await db.selectFrom("categories").selectAll().execute(),
    menuOption: options.menuOption,
    menuStored: parseStoredGroups(await getMeta(db, MENU_GROUPS_KEY)),
  }));

  const context = { imagename: (source: string) => (images ? images.get(source)?.imagename : source), document: documentResolver(options.documents ?? null, options.siteMediaDir) };
  const checking = createProgress({ label: "Comparing", total: plan.placement.size, unit: "products", quiet });
  const diff = await timed(summary, "comparing", () => diffCatalogue(db, plan, staging, context, problems, (done) => checking.update(done)));
  checking.stop();
  if (problems.hasErrors) return;

  const siteMedia = options.siteMediaDir;
  const keepSymbols = new Set(plan.categories.map((c) => c.symbol));
  let imageCounts: ChangeCounts | null = null;
  let staleTiles: TileSource[] = [];
  if (images) {
    const used = [...images.values()].filter((image) => diff.imagenames.has(image.imagename));
    const copying = createProgress({ label: dryRun ? "Checking pictures" : "Copying pictures", total: used.length, unit: "pictures", quiet });
    imageCounts = await timed(summary, "copying pictures", () => copyArticleImages(used, siteMedia, dryRun, (done) => copying.update(done)));
    copying.stop();
    const tiles = await staleCategoryTiles(tileSources(plan, groups, images, diff.firstImage), siteMedia);
    staleTiles = tiles.stale;
    const tileCounts = tiles.counts;
    imageCounts.removed = await pruneMedia(siteMedia, diff.imagenames, keepSymbols, true);
    imageCounts.added += tileCounts.added;
    imageCounts.changed += tileCounts.changed;
    imageCounts.unchanged += tileCounts.unchanged;
  }
  const { documents } = options;
  const documentCounts = documents ? await timed(summary, "copying documents", () => copyUsedDocuments(documents, diff.documentFiles, diff.documentFiles, siteMedia, dryRun)) : null;

  summary.counts = {
    ...summary.counts,
    categories: diff.categories,
    articles: diff.articles,
    ...(imageCounts ? { images: imageCounts } : {}),
    ...(anyDocuments(documentCounts) ? { documents: documentCounts } : {}),
  };
  summary.untranslated = diff.untranslated;
  const filesChanged = [imageCounts, documentCounts].some((c) => c !== null && c.added + c.changed + c.removed > 0);
  if (dryRun || (!hasChanges(diff) && !filesChanged)) return;

  const writing = createProgress({ label: "Writing", total: diff.write.size, unit: "products", quiet });
  summary.dataVersion = await timed(summary, "writing", () => applyCatalogue(db, plan, diff, staging, context, (done) => writing.update(done), options.stamp));
  writing.stop();
  summary.applied = true;
  // Only now: until the switch the running site still shows the old pictures.
  if (images) await pruneMedia(siteMedia, diff.imagenames, keepSymbols, false);
  if (options.documents) await pruneDocuments(siteMedia, diff.documentFiles, false);
  // After the switch (decision 039): the catalogue is live while the tiles are cut; a changed
  // category shows its old tile until then, a new one an empty tile frame.
  if (staleTiles.length > 0) options.log(`Data version ${summary.dataVersion} is live; cutting ${staleTiles.length} category tiles`);
  await timed(summary, "category tiles (after the switch)", () =>
    renderCategoryTiles(staleTiles, siteMedia, (file, symbols, message) =>
      problems.warn(null, "MIME_SOURCE", `${file} could not be read as a picture (${message}): categories ${symbols.slice(0, 5).join(", ")}${symbols.length > 5 ? ", …" : ""} show no tile`),
    ),
  );
}
