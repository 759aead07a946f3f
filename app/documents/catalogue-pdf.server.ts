import fs from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "~/media/load-sharp.server";
import { brand } from "~/config/brand";
import type { DB } from "~/db/database.server";
import type { CategoryRow } from "~/db/schema";
import { CATALOGUE_TEXT, type CatalogueText } from "~/documents/catalogue-text.server";
import type { Lang } from "~/i18n/language";
import { textIn } from "~/i18n/localized-text";
import { countArticlesByCategory, listArticlesInCategory, type ArticleRecord } from "~/models/article.server";
import { listCategories } from "~/models/category.server";
import {
  CONTENT_WIDTH,
  COLOR,
  FONT,
  PAGE,
  contactLine,
  companyLine,
  contentBottom,
  drawFooter,
  drawHeader,
  ensureSpace,
  forEachPage,
  inMargin,
  type Pdf,
} from "~/documents/manuals/pdf-frame.server";
import { cleanTitle, isHiddenAttribute } from "~/utils/article-rules";
import { markedPriceCents } from "~/utils/price";

export { CATALOGUE_EDITION } from "~/documents/catalogue-text.server";

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

function groupName(text: CatalogueText, id: number): string {
  return text.groupNames[id] ?? text.otherGroup;
}

/** A missing translation prints the other language's text (textIn: the one rule for it). */
const inLang = (lang: Lang, de: string | null, en: string | null): string => textIn(lang, de, en).text;

function categoryName(category: CategoryRow, lang: Lang): string {
  return inLang(lang, category.name_de, category.name_en);
}

function pathNames(path: CategoryRow[], lang: Lang): string[] {
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

// ---------------------------------------------------------------------------------------------
// Layout

const ROW_HEIGHT = 104;
const IMAGE_BOX = 88;
const PRICE_COLUMN = 92;
const SECTION_HEADING_HEIGHT = 70;
const GROUP_BANNER_HEIGHT = 78;

interface ContentsEntry {
  kind: "group" | "top" | "sub";
  label: string;
  /** Named destination of the section (or of the first section) the entry points to. */
  destination: string;
}

const CONTENTS_LINE: Record<ContentsEntry["kind"], number> = { group: 34, top: 20, sub: 17 };
const CONTENTS_TITLE_HEIGHT = 56;

function destinationFor(section: CatalogueSection): string {
  return `kategorie-${section.category.id}`;
}

function contentsEntries(data: CatalogueData, lang: Lang): ContentsEntry[] {
  const text = CATALOGUE_TEXT[lang];
  const entries: ContentsEntry[] = [];
  for (const group of data.groups) {
    const first = group.sections[0];
    if (!first) continue;
    entries.push({ kind: "group", label: groupName(text, group.id), destination: `gruppe-${group.id}` });
    let currentTop: number | null = null;
    for (const section of group.sections) {
      if (section.topLevel.id !== currentTop) {
        currentTop = section.topLevel.id;
        entries.push({ kind: "top", label: categoryName(section.topLevel, lang), destination: destinationFor(section) });
      }
      if (section.category.id !== section.topLevel.id) {
        entries.push({ kind: "sub", label: pathNames(section.path.slice(1), lang).join(" › "), destination: destinationFor(section) });
      }
    }
  }
  return entries;
}

/** Splits the contents into pages up front, so the article pages can be numbered before they exist. */
function paginateContents(entries: ContentsEntry[]): ContentsEntry[][] {
  const available = PAGE.height - PAGE.bottom - PAGE.top;
  const pages: ContentsEntry[][] = [[]];
  let used = CONTENTS_TITLE_HEIGHT;
  for (const entry of entries) {
    const height = CONTENTS_LINE[entry.kind];
    if (used + height > available) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1]?.push(entry);
    used += height;
  }
  return pages;
}

function currentPageIndex(doc: Pdf): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** A bicycle in a few strokes, for the cover. */
function drawBicycle(doc: Pdf, x: number, y: number, scale: number): void {
  const s = scale;
  const rear = { x: x, y: y };
  const front = { x: x + 210 * s, y: y };
  const crank = { x: x + 95 * s, y: y };
  const seat = { x: x + 75 * s, y: y - 95 * s };
  const head = { x: x + 175 * s, y: y - 85 * s };
  doc.save();
  doc.lineWidth(7 * s).lineCap("round").lineJoin("round");
  doc.circle(rear.x, rear.y, 62 * s).stroke(COLOR.paper);
  doc.circle(front.x, front.y, 62 * s).stroke(COLOR.paper);
  doc
    .moveTo(rear.x, rear.y)
    .lineTo(crank.x, crank.y)
    .lineTo(seat.x, seat.y)
    .lineTo(rear.x, rear.y)
    .moveTo(seat.x, seat.y)
    .lineTo(head.x, head.y)
    .lineTo(crank.x, crank.y)
    .moveTo(head.x, head.y)
    .lineTo(front.x, front.y)
    .stroke(COLOR.accent);
  doc
    .moveTo(seat.x - 4 * s, seat.y)
    .lineTo(seat.x - 10 * s, seat.y - 22 * s)
    .moveTo(seat.x - 28 * s, seat.y - 24 * s)
    .lineTo(seat.x + 12 * s, seat.y - 24 * s)
    .moveTo(head.x, head.y)
    .lineTo(head.x - 8 * s, head.y - 26 * s)
    .lineTo(head.x + 22 * s, head.y - 34 * s)
    .stroke(COLOR.paper);
  doc.circle(crank.x, crank.y, 12 * s).lineWidth(5 * s).stroke(COLOR.paper);
  doc.restore();
}

function drawCover(doc: Pdf, data: CatalogueData, lang: Lang): void {
  const text = CATALOGUE_TEXT[lang];
  const w = doc.page.width;
  const h = doc.page.height;
  doc.save();
  doc.rect(0, 0, w, h).fill(COLOR.primary);
  doc.rect(0, h * 0.62, w, 6).fill(COLOR.accent);
  doc.restore();
  drawBicycle(doc, PAGE.marginX + 150, h * 0.5, 1.1);
  doc
    .font(FONT.bold)
    .fontSize(86)
    .fillColor(COLOR.paper)
    .text(brand.name, PAGE.marginX, 110, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.bold)
    .fontSize(36)
    .fillColor(COLOR.accent)
    .text(text.title, PAGE.marginX, 210, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(15)
    .fillColor(COLOR.paper)
    .text(brand.tagline[lang], PAGE.marginX, h * 0.62 + 34, { width: CONTENT_WIDTH });
  const groupNames = data.groups.map((g) => groupName(text, g.id)).join(" · ");
  doc
    .fontSize(11)
    .text(`${text.articles(data.articleCount)}${groupNames ? ` · ${groupNames}` : ""}`, PAGE.marginX, h * 0.62 + 60, {
      width: CONTENT_WIDTH,
    });
  doc.text(text.availability, PAGE.marginX, h * 0.62 + 78, { width: CONTENT_WIDTH });
  doc
    .fontSize(9)
    .text(companyLine(text.country), PAGE.marginX, h - 110, { width: CONTENT_WIDTH })
    .text(contactLine(text.phone), { width: CONTENT_WIDTH });
}

function drawContentsPage(
  doc: Pdf,
  entries: ContentsEntry[],
  first: boolean,
  pageOf: (destination: string) => number,
  text: CatalogueText,
): void {
  let y = PAGE.top;
  if (first) {
    doc.font(FONT.bold).fontSize(24).fillColor(COLOR.primary).text(text.contents, PAGE.marginX, y, { lineBreak: false });
    y += CONTENTS_TITLE_HEIGHT;
  }
  const right = PAGE.marginX + CONTENT_WIDTH;
  for (const entry of entries) {
    const lineHeight = CONTENTS_LINE[entry.kind];
    const page = String(pageOf(entry.destination));
    if (entry.kind === "group") {
      const top = y + 8;
      doc.save();
      doc.rect(PAGE.marginX, top + 18, CONTENT_WIDTH, 1.5).fill(COLOR.accent);
      doc.restore();
      doc.font(FONT.bold).fontSize(14).fillColor(COLOR.primary).text(entry.label, PAGE.marginX, top, { lineBreak: false });
      doc.text(page, PAGE.marginX, top, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      doc.goTo(PAGE.marginX, top, CONTENT_WIDTH, 18, entry.destination);
    } else {
      const indent = entry.kind === "top" ? 0 : 16;
      const size = entry.kind === "top" ? 11 : 10;
      const font = entry.kind === "top" ? FONT.bold : FONT.regular;
      doc.font(font).fontSize(size).fillColor(COLOR.ink);
      const pageWidth = doc.widthOfString(page);
      const maxLabel = CONTENT_WIDTH - indent - pageWidth - 24;
      const label = entry.label;
      const labelWidth = Math.min(doc.widthOfString(label), maxLabel);
      doc.text(label, PAGE.marginX + indent, y + 4, { width: maxLabel, height: size + 2, ellipsis: true, lineBreak: false });
      doc.text(page, PAGE.marginX, y + 4, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      const leaderY = y + 4 + size * 0.8;
      doc.save();
      doc
        .moveTo(PAGE.marginX + indent + labelWidth + 6, leaderY)
        .lineTo(right - pageWidth - 6, leaderY)
        .lineWidth(0.8)
        .dash(1, { space: 2.5 })
        .stroke(COLOR.rule);
      doc.undash();
      doc.restore();
      doc.goTo(PAGE.marginX + indent, y + 2, CONTENT_WIDTH - indent, lineHeight - 2, entry.destination);
    }
    y += lineHeight;
  }
}

function drawGroupBanner(doc: Pdf, group: CatalogueGroup, text: CatalogueText): void {
  const top = doc.y;
  const count = group.sections.reduce((n, s) => n + s.articles.length, 0);
  doc.save();
  doc.roundedRect(PAGE.marginX, top, CONTENT_WIDTH, 58, 6).fill(COLOR.primary);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(24)
    .fillColor(COLOR.paper)
    .text(groupName(text, group.id), PAGE.marginX + 18, top + 17, { width: CONTENT_WIDTH - 140, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.paper)
    .text(text.articles(count), PAGE.marginX, top + 25, { width: CONTENT_WIDTH - 18, align: "right", lineBreak: false });
  doc.x = PAGE.marginX;
  doc.y = top + GROUP_BANNER_HEIGHT;
}

function drawSectionHeading(doc: Pdf, group: CatalogueGroup, section: CatalogueSection, lang: Lang): void {
  const top = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text([groupName(CATALOGUE_TEXT[lang], group.id), ...pathNames(section.path.slice(0, -1), lang)].join(" › ").toUpperCase(), PAGE.marginX, top, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.5,
      lineBreak: false,
    });
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(COLOR.primary)
    .text(categoryName(section.category, lang), PAGE.marginX, top + 12, { width: CONTENT_WIDTH, height: 20, ellipsis: true, lineBreak: false });
  const { description_de, description_en } = section.category;
  const description = inLang(lang, description_de, description_en).trim();
  if (description) {
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(description, PAGE.marginX, top + 34, { width: CONTENT_WIDTH, height: 22, ellipsis: true });
  }
  doc.save();
  doc.rect(PAGE.marginX, top + SECTION_HEADING_HEIGHT - 10, CONTENT_WIDTH, 1.5).fill(COLOR.accent);
  doc.restore();
  doc.x = PAGE.marginX;
  doc.y = top + SECTION_HEADING_HEIGHT;
}

/** Tells the reader of a page that starts mid-category where they are. */
function drawContinuation(doc: Pdf, group: CatalogueGroup, section: CatalogueSection, lang: Lang): void {
  const text = CATALOGUE_TEXT[lang];
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(`${[groupName(text, group.id), ...pathNames(section.path, lang)].join(" › ")} (${text.continued})`.toUpperCase(), PAGE.marginX, doc.y, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.5,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
  doc.x = PAGE.marginX;
  doc.y += 8;
}

function drawPlaceholder(doc: Pdf, x: number, y: number, size: number, label: string): void {
  doc.save();
  doc.rect(x, y, size, size).fill("#eef1ef");
  const inset = size * 0.28;
  const w = size - 2 * inset;
  doc.rect(x + inset, y + inset, w, w * 0.75).lineWidth(1.5).stroke(COLOR.rule);
  doc
    .polygon(
      [x + inset + 3, y + inset + w * 0.72],
      [x + inset + w * 0.38, y + inset + w * 0.32],
      [x + inset + w * 0.62, y + inset + w * 0.55],
      [x + inset + w * 0.78, y + inset + w * 0.42],
      [x + inset + w - 3, y + inset + w * 0.72],
    )
    .fill(COLOR.rule);
  doc.circle(x + inset + w * 0.76, y + inset + w * 0.2, w * 0.08).fill(COLOR.rule);
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(COLOR.muted)
    .text(label, x, y + size - 16, { width: size, align: "center", lineBreak: false });
  doc.restore();
}

function drawArticleRow(doc: Pdf, article: CatalogueArticle, lang: Lang): void {
  const text = CATALOGUE_TEXT[lang];
  const top = doc.y;
  const imageX = PAGE.marginX;
  const imageY = top + 6;
  doc.save();
  doc.rect(imageX, imageY, IMAGE_BOX, IMAGE_BOX).fill(COLOR.paper);
  doc.restore();
  if (article.image) {
    doc.image(article.image, imageX + 2, imageY + 2, {
      fit: [IMAGE_BOX - 4, IMAGE_BOX - 4],
      align: "center",
      valign: "center",
    });
  } else {
    drawPlaceholder(doc, imageX, imageY, IMAGE_BOX, text.noImage);
  }
  doc.rect(imageX, imageY, IMAGE_BOX, IMAGE_BOX).lineWidth(0.5).stroke(COLOR.rule);

  const textX = PAGE.marginX + IMAGE_BOX + 16;
  const textWidth = CONTENT_WIDTH - IMAGE_BOX - 16 - PRICE_COLUMN;
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOR.ink)
    .text(article.title[lang], textX, top + 6, { width: textWidth, height: 28, ellipsis: true });
  const eans = article.eans.length > 0 ? ` · EAN ${article.eans.join(", ")}` : "";
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(`${text.partno} ${article.partno}${eans}`, textX, top + 36, { width: textWidth, height: 10, ellipsis: true, lineBreak: false });

  const columnWidth = (textWidth - 10) / 2;
  article.properties.forEach((property, i) => {
    const x = textX + (i % 2) * (columnWidth + 10);
    const y = top + 54 + Math.floor(i / 2) * 22;
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text(property.attribute[lang], x, y, { width: columnWidth, height: 9, ellipsis: true, lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.ink)
      .text(property.value[lang], x, y + 9, { width: columnWidth, height: 11, ellipsis: true, lineBreak: false });
  });

  if (article.priceCents !== null) {
    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(COLOR.primary)
      .text(markedPriceCents(article.priceCents, lang), PAGE.marginX, top + 8, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text(text.recommendedPrice, PAGE.marginX, top + 26, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  }

  doc
    .moveTo(PAGE.marginX, top + ROW_HEIGHT - 0.5)
    .lineTo(PAGE.marginX + CONTENT_WIDTH, top + ROW_HEIGHT - 0.5)
    .lineWidth(0.5)
    .stroke(COLOR.rule);
  doc.x = PAGE.marginX;
  doc.y = top + ROW_HEIGHT;
}

/**
 * Lays out cover, contents and article pages into `doc` (which must buffer pages) and returns the
 * page count. The contents pages are reserved first and filled in at the end, once it is known on
 * which page each category starts.
 */
export function renderCatalogue(doc: Pdf, data: CatalogueData, lang: Lang, log: (line: string) => void): number {
  const text = CATALOGUE_TEXT[lang];
  let pagesAdded = 1;
  doc.on("pageAdded", () => {
    pagesAdded += 1;
    if (pagesAdded % 10 === 0) log(`Writing catalogue PDF (${lang}): page ${pagesAdded}…`);
  });

  drawCover(doc, data, lang);
  const entries = contentsEntries(data, lang);
  const contentsPages = paginateContents(entries);
  const contentsStart = currentPageIndex(doc) + 1;
  for (let i = 0; i < contentsPages.length; i += 1) doc.addPage();

  const destinationPage = new Map<string, number>();
  const pricePages = new Set<number>();
  for (const group of data.groups) {
    if (group.sections.length === 0) continue;
    doc.addPage();
    const groupOutline = doc.outline.addItem(groupName(text, group.id));
    destinationPage.set(`gruppe-${group.id}`, currentPageIndex(doc));
    doc.addNamedDestination(`gruppe-${group.id}`);
    drawGroupBanner(doc, group, text);
    let topOutline: PDFKit.PDFOutline | null = null;
    let currentTop: number | null = null;
    for (const section of group.sections) {
      if (doc.y + SECTION_HEADING_HEIGHT + ROW_HEIGHT > contentBottom(doc)) doc.addPage();
      const destination = destinationFor(section);
      destinationPage.set(destination, currentPageIndex(doc));
      doc.addNamedDestination(destination, "XYZ", null, Math.max(0, doc.y - 10), null);
      if (section.topLevel.id !== currentTop || !topOutline) {
        currentTop = section.topLevel.id;
        topOutline = groupOutline.addItem(categoryName(section.topLevel, lang));
      }
      if (section.category.id !== section.topLevel.id) topOutline.addItem(pathNames(section.path.slice(1), lang).join(" › "));
      drawSectionHeading(doc, group, section, lang);
      for (const article of section.articles) {
        const before = currentPageIndex(doc);
        ensureSpace(doc, ROW_HEIGHT);
        if (currentPageIndex(doc) !== before) drawContinuation(doc, group, section, lang);
        drawArticleRow(doc, article, lang);
        // The footnote explains the asterisk: only pages that print a price need it.
        if (article.priceCents !== null) pricePages.add(currentPageIndex(doc));
      }
      doc.y += 18;
    }
  }

  const pageOf = (destination: string) => (destinationPage.get(destination) ?? 0) + 1;
  contentsPages.forEach((entriesOnPage, i) => {
    doc.switchToPage(contentsStart + i);
    drawContentsPage(doc, entriesOnPage, i === 0, pageOf, text);
  });

  return forEachPage(doc, (n, total) => {
    const label = text.page(n, total);
    if (n === 1) {
      inMargin(doc, () => {
        doc
          .font(FONT.regular)
          .fontSize(8)
          .fillColor(COLOR.paper)
          .text(label, PAGE.marginX, doc.page.height - 44, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      });
      return;
    }
    drawHeader(doc, `${text.title} · ${brand.tagline[lang]}`);
    drawFooter(doc, label, { country: text.country, phoneLabel: text.phone, note: pricePages.has(n - 1) ? text.priceFootnote : undefined });
  });
}
