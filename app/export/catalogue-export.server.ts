import fs from "node:fs/promises";
import path from "node:path";
import { brand } from "~/config/brand";
import type { DB } from "~/db/database.server";
import type { CategoryRow } from "~/db/schema";
import type { MenuGroup } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";
import { countArticles, listArticlesInCategory, listBlockPlacements } from "~/models/article.server";
import { listCategories } from "~/models/category.server";
import { listDocumentsByArticle } from "~/models/article-document.server";
import { priceRowsOf } from "~/models/article-price.server";
import { pricesFromRows } from "~/exchange/retail-price";
import { ExportPictures } from "./export-pictures.server";
import { SchemaFit } from "./bmecat-schema";
import { startCatalogue, writeGroup, writeMapping, writeProduct, type BmecatOutput, type ExportBrand, type ExportGroup } from "./bmecat-writer.server";
import { writeStreamedFile } from "./streamed-file.server";
import { XmlWriter } from "./xml-writer";

/**
 * `npm run export -- bmecat FILE`: the catalogue the site shows, from the database, as a BMEcat
 * 2005 file plus a folder with its pictures, which `npm run import -- catalogue FILE` reads back
 * to the same site (decision 023).
 */
export interface CatalogueExportOptions {
  file: string;
  /** Where the pictures go; default: beside the file, named after it (`export.xml` → `export-media/`). */
  mediaDir?: string;
  /** MEDIA_DIR: the site's pictures are read from it. */
  siteMediaDir: string;
  /** The supplier the file names (content/brand.yaml, read by the command). */
  brand: ExportBrand;
  log: (line: string) => void;
  quiet: boolean;
}

export interface CatalogueExportSummary {
  file: string;
  mediaDir: string;
  mimeRoot: string;
  groups: number;
  products: number;
  pictures: { copied: number; unchanged: number; missing: number };
  /** The articles' PDFs (decision 050), in `documents/` of the media folder. */
  documents: { copied: number; unchanged: number; missing: number };
  bytes: number;
  warnings: Problems["warnings"];
  moreWarnings: number;
  durationMs: number;
}

/** A reason the export cannot be written at all; its message says what to do. */
export class ExportError extends Error {
  override name = "ExportError";
}

/** Articles read (with their rows) and pictures copied at a time. */
const PAGE_SIZE = 500;

export function defaultMediaDir(file: string): string {
  const parsed = path.parse(path.resolve(file));
  return path.join(parsed.dir, `${parsed.name}-media`);
}

/**
 * MIME_ROOT: the media folder relative to the file's folder, so file and folder can be moved or
 * zipped together and the import finds the pictures without --media.
 */
export function mimeRootFor(file: string, mediaDir: string): string {
  const relative = path.relative(path.dirname(path.resolve(file)), path.resolve(mediaDir)).split(path.sep).join("/");
  return relative === "" ? "" : `${relative}/`;
}

async function createFolder(folder: string, what: string, fix: string): Promise<void> {
  try {
    await fs.mkdir(folder, { recursive: true });
  } catch (error) {
    throw new ExportError(`cannot create ${what} ${folder} (${(error as Error).message}): ${fix}`);
  }
}

interface PlannedGroup extends Omit<ExportGroup, "picture"> {
  category: CategoryRow;
}

/** The categories from the root down (each before its children, siblings by position) with their BMEcat ids. */
function planGroups(categories: CategoryRow[], problems: Problems): PlannedGroup[] {
  const children = new Map<number | null, CategoryRow[]>();
  for (const c of categories) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c]);
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const roots = children.get(null) ?? [];
  if (roots.length > 1) {
    problems.warn(null, "CATALOG_STRUCTURE", `${roots.length} categories have no parent: the import makes the catalogue itself their root`);
  }
  // Demo categories have no source id: their own id keeps them under the same id after an import.
  const groupId = (c: CategoryRow) => c.source_id ?? String(c.id);
  const planned: PlannedGroup[] = [];
  const seen = new Set<string>();
  const visit = (category: CategoryRow, parent: CategoryRow | null, depth: number) => {
    const id = groupId(category);
    if (seen.has(id)) problems.warn(null, "GROUP_ID", `two categories share the group id ${id}: the import refuses such a file`);
    seen.add(id);
    const below = children.get(category.id) ?? [];
    const menuGroup = (Object.entries(brand.groups) as [MenuGroup, number][]).find(([, mainId]) => mainId === category.main_id)?.[0] ?? null;
    planned.push({
      category,
      groupId: id,
      parentGroupId: parent ? groupId(parent) : null,
      type: parent === null ? "root" : below.length > 0 ? "node" : "leaf",
      menuGroup: depth === 1 ? menuGroup : null,
    });
    for (const child of below) visit(child, category, depth + 1);
  };
  for (const root of roots) visit(root, null, 0);
  const left = categories.length - planned.length;
  if (left > 0) problems.warn(null, "PARENT_ID", `${left} categories hang below a parent that does not exist: they and their articles are left out`);
  return planned;
}

export async function exportCatalogue(db: DB, options: CatalogueExportOptions): Promise<CatalogueExportSummary> {
  const started = performance.now();
  const file = path.resolve(options.file);
  const mediaDir = path.resolve(options.mediaDir ?? defaultMediaDir(file));
  const mimeRoot = mimeRootFor(file, mediaDir);
  const problems = new Problems();
  const pictures = new ExportPictures(options.siteMediaDir, mediaDir, problems);
  let products = 0;
  let groups = 0;

  if ((await fs.stat(file).catch(() => null))?.isDirectory()) throw new ExportError(`${file} is a folder: name the XML file to write`);

  // One read transaction: an import that switches the catalogue meanwhile cannot mix old and new.
  await db.transaction().execute(async (trx) => {
    const categories = await listCategories(trx, brand.shopId);
    if (categories.length === 0) throw new ExportError("the database holds no catalogue: there are no categories to export");
    const planned = planGroups(categories, problems);
    const blockOrder = new Map((await listBlockPlacements(trx)).map((b) => [`${b.category_id}/${b.partno}`, b.position]));
    const total = await countArticles(trx);
    await createFolder(path.dirname(file), "the file's folder", "name a file in a writable folder");
    await createFolder(mediaDir, "the pictures' folder", "name a writable folder with --media");
    options.log(`Exporting ${planned.length} categories and ${total} articles to ${file}, pictures to ${mediaDir}`);
    const progress = createProgress({ label: "Exporting", total, unit: "products", quiet: options.quiet });
    const mappings: { partno: string; groupId: string; order: number }[] = [];
    const root = planned.find((g) => g.type === "root")?.category;

    await writeStreamedFile(file, async (sink) => {
      const xml = new XmlWriter(sink);
      const out: BmecatOutput = { xml, fit: new SchemaFit(problems, () => xml.line) };
      startCatalogue(out, { catalogName: { de: root?.name_de ?? brand.rangeCategoryName, en: root?.name_en ?? "" }, mimeRoot, brand: options.brand });
      xml.start("CATALOG_GROUP_SYSTEM");
      xml.element("GROUP_SYSTEM_ID", brand.slug);
      for (const group of planned) {
        writeGroup(out, { ...group, picture: await pictures.categoryTile(group.category.symbol) });
        groups++;
      }
      xml.end();

      for (const { category, groupId } of planned) {
        for (let offset = 0; ; offset += PAGE_SIZE) {
          const page = await listArticlesInCategory(trx, category.id, { offset, limit: PAGE_SIZE });
          const exported = await pictures.ofArticles(page);
          const documents = await pictures.ofDocuments(await listDocumentsByArticle(trx, page.map((a) => a.partno)));
          const prices = await priceRowsOf(trx, page.map((a) => a.partno));
          for (const article of page) {
            writeProduct(out, { article, pictures: exported.get(article.partno) ?? [], documents: documents.get(article.partno) ?? [], blockOrder: blockOrder.get(`${category.id}/${article.partno}`) ?? null, prices: pricesFromRows(prices.get(article.partno) ?? []) });
            blockOrder.delete(`${category.id}/${article.partno}`);
            mappings.push({ partno: article.partno, groupId, order: article.position });
            products++;
          }
          await xml.drain();
          progress.update(products);
          if (page.length < PAGE_SIZE) break;
        }
      }
      for (const [i, m] of mappings.entries()) {
        writeMapping(out, m.partno, m.groupId, m.order);
        if (i % 1000 === 999) await xml.drain();
      }
      xml.end();
      xml.end();
      await xml.finish();
    });
    progress.stop();
    if (blockOrder.size > 0) {
      problems.warn(null, "UDX.VELOCAT.BLOCK_ORDER", `${blockOrder.size} featured blocks show an article of another category: BMEcat has no place for them, they are left out`);
    }
    if (products === 0) problems.warn(null, "PRODUCT", "the catalogue has no articles: the import refuses a file without products");
  });

  const bytes = (await fs.stat(file)).size;
  return {
    file,
    mediaDir,
    mimeRoot,
    groups,
    products,
    pictures: pictures.counts,
    documents: pictures.documentCounts,
    bytes,
    warnings: problems.warnings,
    moreWarnings: problems.moreWarnings,
    durationMs: Math.round(performance.now() - started),
  };
}

export function formatExportSummary(summary: CatalogueExportSummary): string[] {
  // A warning about a value names the line of the written file it sits on, like the import's.
  const lines = summary.warnings.map((w) => `${w.line === null ? "" : `${summary.file}:${w.line}: `}warning: ${w.where ? `${w.where}: ` : ""}${w.message}`);
  if (summary.moreWarnings > 0) lines.push(`… and ${summary.moreWarnings} more warnings`);
  const { copied, unchanged, missing } = summary.pictures;
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  const docs = summary.documents;
  const documents = docs.copied + docs.unchanged + docs.missing > 0 ? `, ${docs.copied + docs.unchanged} documents (${docs.copied} copied, ${docs.unchanged} unchanged${docs.missing > 0 ? `, ${docs.missing} missing` : ""})` : "";
  lines.push(
    `Exported ${summary.groups} groups, ${summary.products} products and ${copied + unchanged} pictures (${copied} copied, ${unchanged} unchanged${missing > 0 ? `, ${missing} missing` : ""})${documents} ` +
      `to ${summary.file} (${megabytes} MB) and ${summary.mediaDir} in ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
  return lines;
}
