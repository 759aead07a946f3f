import fs from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "~/media/load-sharp.server";
import { brand } from "~/config/brand";
import type { DB } from "~/db/database.server";
import type { CategoryRow } from "~/db/schema";
import type { CatalogueText } from "~/documents/catalogue-text.server";
import type { Lang } from "~/i18n/language";
import { textIn } from "~/i18n/localized-text";
import { countArticlesByCategory, listArticlesInCategory, type ArticleRecord } from "~/models/article.server";
import { listCategories } from "~/models/category.server";
import { cleanTitle, isHiddenAttribute } from "~/utils/article-rules";

/**
 * What the printed catalogue shows, read once and printed in each language by
 * catalogue-pdf.server.ts: the category tree in display order, the articles and their pictures.
 */

/** Longest edge of the embedded article pictures: sharp enough at 90 pt, small enough for ~400 of them. */
export const CATALOGUE_IMAGE_PX = 240;
const IMAGE_QUALITY = 72;
const IMAGE_CONCURRENCY = 8;
const MAX_PROPERTIES = 4;
const SAFE_IMAGE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** A text of the data in both languages; the catalogue is printed once per language from one load. */
export type Bilingual = Record<Lang, string>;

export interface CatalogueArticle {
  partno: string;
  title: Bilingual;
  eans: string[];
  properties: { attribute: Bilingual; value: Bilingual }[];
  priceCents: number | null;
  /** Downscaled JPEG, or null when the picture is missing or unreadable (a placeholder is drawn). */
  image: Buffer | null;
}

export interface CatalogueSection {
  category: CategoryRow;
  /** The categories from the top-level one down to this one. */
  path: CategoryRow[];
  topLevel: CategoryRow;
  articles: CatalogueArticle[];
}

export interface CatalogueGroup {
  /** The group's main category id (brand.groups), or -1 for categories of an unknown group. */
  id: number;
  sections: CatalogueSection[];
}

export interface CatalogueData {
  groups: CatalogueGroup[];
  articleCount: number;
  missingImages: string[];
}

export function groupName(text: CatalogueText, id: number): string {
  return text.groupNames[id] ?? text.otherGroup;
}

/** A missing translation prints the other language's text (textIn: the one rule for it). */
export const inLang = (lang: Lang, de: string | null, en: string | null): string => textIn(lang, de, en).text;

export function categoryName(category: CategoryRow, lang: Lang): string {
  return inLang(lang, category.name_de, category.name_en);
}

export function pathNames(path: CategoryRow[], lang: Lang): string[] {
  return path.map((category) => categoryName(category, lang));
}

function keyProperties(article: ArticleRecord): CatalogueArticle["properties"] {
  return article.properties
    .filter((p) => p.kind === "primary" && !isHiddenAttribute(p.attribute_de))
    .slice(0, MAX_PROPERTIES)
    .map((p) => ({
      attribute: { de: inLang("de", p.attribute_de, p.attribute_en), en: inLang("en", p.attribute_de, p.attribute_en) },
      value: { de: inLang("de", p.value_de, p.value_en), en: inLang("en", p.value_de, p.value_en) },
    }));
}

function firstPicture(article: ArticleRecord): string | undefined {
  return (article.media.find((m) => m.type === "Bild") ?? article.media[0])?.imagename;
}

async function loadImage(mediaDir: string, imagename: string | undefined): Promise<Buffer | null> {
  // Image names come from the database; anything path-like is treated as missing, never followed.
  if (!imagename || !SAFE_IMAGE_NAME.test(imagename)) return null;
  const file = path.join(mediaDir, "shop", "images", `${imagename}.jpg`);
  try {
    await fs.access(file);
  } catch {
    return null;
  }
  try {
    const sharp = await loadSharp();
    return await sharp(file)
      .rotate()
      .resize(CATALOGUE_IMAGE_PX, CATALOGUE_IMAGE_PX, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: IMAGE_QUALITY, chromaSubsampling: "4:2:0" })
      .toBuffer();
  } catch {
    return null;
  }
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Reads the category tree and articles in display order and prepares the pictures. */
/**
 * A printed catalogue of an imported range of 50,000 products would be 10,000 pages that take an
 * hour to build: past this many articles each category shows its first ones (decision 023).
 */
export const MAX_PRINTED_ARTICLES = 1000;

export async function loadCatalogue(db: DB, mediaDir: string, log: (line: string) => void): Promise<CatalogueData> {
  const categories = await listCategories(db, brand.shopId);
  const children = new Map<number | null, CategoryRow[]>();
  for (const category of categories) {
    const list = children.get(category.parent_id);
    if (list) list.push(category);
    else children.set(category.parent_id, [category]);
  }
  // As rangeRoot in catalog-view: by name in the provider's data, else the one without a parent.
  const root = categories.find((c) => c.name_de === brand.rangeCategoryName) ?? categories.find((c) => c.parent_id === null);
  const topLevel = root ? (children.get(root.id) ?? []) : (children.get(null) ?? []);

  const counts = await countArticlesByCategory(db);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const perCategory = total > MAX_PRINTED_ARTICLES ? Math.max(1, Math.floor(MAX_PRINTED_ARTICLES / counts.size)) : undefined;
  if (perCategory !== undefined) {
    log(`Catalogue: ${total} articles are too many to print; each category shows its first ${perCategory}`);
  }
  const raw: { groupId: number; section: Omit<CatalogueSection, "articles">; articles: ArticleRecord[] }[] = [];
  const seen = new Set<number>();
  const visit = async (category: CategoryRow, top: CategoryRow, trail: CategoryRow[]): Promise<void> => {
    // A malformed tree with a cycle must not hang the seeder.
    if (seen.has(category.id)) return;
    seen.add(category.id);
    const names = [...trail, category];
    const articles = await listArticlesInCategory(db, category.id, perCategory === undefined ? undefined : { offset: 0, limit: perCategory });
    if (articles.length > 0) raw.push({ groupId: top.main_id, section: { category, path: names, topLevel: top }, articles });
    for (const child of children.get(category.id) ?? []) await visit(child, top, names);
  };
  for (const top of topLevel) await visit(top, top, []);

  const all = raw.flatMap((r) => r.articles);
  log(`Catalogue: preparing ${all.length} article images`);
  const missingImages: string[] = [];
  let done = 0;
  const images = await mapLimited(all, IMAGE_CONCURRENCY, async (article) => {
    const image = await loadImage(mediaDir, firstPicture(article));
    if (!image) missingImages.push(article.partno);
    done += 1;
    if (done % 100 === 0) log(`Catalogue: prepared ${done}/${all.length} images`);
    return image;
  });
  missingImages.sort();
  const imageByPartno = new Map(all.map((article, i) => [article.partno, images[i] ?? null]));

  const order = [brand.groups.parts, brand.groups.accessories] as number[];
  const groups: CatalogueGroup[] = [];
  for (const entry of raw) {
    const known = order.includes(entry.groupId);
    const id = known ? entry.groupId : -1;
    let group = groups.find((g) => g.id === id);
    if (!group) {
      group = { id, sections: [] };
      groups.push(group);
    }
    group.sections.push({
      ...entry.section,
      articles: entry.articles.map((a) => ({
        partno: a.partno,
        title: {
          de: cleanTitle(inLang("de", a.title_de, a.title_en), inLang("de", a.prodcatname_de, a.prodcatname_en)),
          en: cleanTitle(inLang("en", a.title_de, a.title_en), inLang("en", a.prodcatname_de, a.prodcatname_en)),
        },
        eans: a.eans,
        properties: keyProperties(a),
        priceCents: a.price_cents,
        image: imageByPartno.get(a.partno) ?? null,
      })),
    });
  }
  const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length);
  groups.sort((a, b) => rank(a.id) - rank(b.id));
  return { groups, articleCount: all.length, missingImages };
}
