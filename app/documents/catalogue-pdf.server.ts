import { drawCover } from "~/documents/catalogue-cover.server";
import {
  categoryName,
  groupName,
  inLang,
  pathNames,
  type CatalogueArticle,
  type CatalogueData,
  type CatalogueGroup,
  type CatalogueSection,
} from "~/documents/catalogue-data.server";
import { CATALOGUE_TEXT, type CatalogueText } from "~/documents/catalogue-text.server";
import type { Lang } from "~/i18n/language";
import {
  CONTENT_WIDTH,

  FONT,
  PAGE,
  contentBottom,
  countryIn,
  drawFooter,
  drawHeader,
  ensureSpace,
  forEachPage,
  inMargin,
  type Pdf,
} from "~/documents/manuals/pdf-frame.server";
import { markedPriceCents } from "~/utils/price";

// Prints the catalogue that catalogue-data.server.ts loads: cover, contents, then the article pages.

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

function drawContentsPage(
  doc: Pdf,
  entries: ContentsEntry[],
  first: boolean,
  pageOf: (destination: string) => number,
  text: CatalogueText,
): void {
  let y = PAGE.top;
  if (first) {
    doc.font(FONT.bold).fontSize(24).fillColor(doc.color.primary).text(text.contents, PAGE.marginX, y, { lineBreak: false });
    y += CONTENTS_TITLE_HEIGHT;
  }
  const right = PAGE.marginX + CONTENT_WIDTH;
  for (const entry of entries) {
    const lineHeight = CONTENTS_LINE[entry.kind];
    const page = String(pageOf(entry.destination));
    if (entry.kind === "group") {
      const top = y + 8;
      doc.save();
      doc.rect(PAGE.marginX, top + 18, CONTENT_WIDTH, 1.5).fill(doc.color.accent);
      doc.restore();
      doc.font(FONT.bold).fontSize(14).fillColor(doc.color.primary).text(entry.label, PAGE.marginX, top, { lineBreak: false });
      doc.text(page, PAGE.marginX, top, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      doc.goTo(PAGE.marginX, top, CONTENT_WIDTH, 18, entry.destination);
    } else {
      const indent = entry.kind === "top" ? 0 : 16;
      const size = entry.kind === "top" ? 11 : 10;
      const font = entry.kind === "top" ? FONT.bold : FONT.regular;
      doc.font(font).fontSize(size).fillColor(doc.color.ink);
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
        .stroke(doc.color.rule);
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
  doc.roundedRect(PAGE.marginX, top, CONTENT_WIDTH, 58, 6).fill(doc.color.primary);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(24)
    .fillColor(doc.color.paper)
    .text(groupName(text, group.id), PAGE.marginX + 18, top + 17, { width: CONTENT_WIDTH - 140, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(doc.color.paper)
    .text(text.articles(count), PAGE.marginX, top + 25, { width: CONTENT_WIDTH - 18, align: "right", lineBreak: false });
  doc.x = PAGE.marginX;
  doc.y = top + GROUP_BANNER_HEIGHT;
}

function drawSectionHeading(doc: Pdf, group: CatalogueGroup, section: CatalogueSection, lang: Lang): void {
  const top = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(doc.color.muted)
    .text([groupName(CATALOGUE_TEXT[lang], group.id), ...pathNames(section.path.slice(0, -1), lang)].join(" › ").toUpperCase(), PAGE.marginX, top, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.5,
      lineBreak: false,
    });
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(doc.color.primary)
    .text(categoryName(section.category, lang), PAGE.marginX, top + 12, { width: CONTENT_WIDTH, height: 20, ellipsis: true, lineBreak: false });
  const { description_de, description_en } = section.category;
  const description = inLang(lang, description_de, description_en).trim();
  if (description) {
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(doc.color.muted)
      .text(description, PAGE.marginX, top + 34, { width: CONTENT_WIDTH, height: 22, ellipsis: true });
  }
  doc.save();
  doc.rect(PAGE.marginX, top + SECTION_HEADING_HEIGHT - 10, CONTENT_WIDTH, 1.5).fill(doc.color.accent);
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
    .fillColor(doc.color.muted)
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
  doc.rect(x + inset, y + inset, w, w * 0.75).lineWidth(1.5).stroke(doc.color.rule);
  doc
    .polygon(
      [x + inset + 3, y + inset + w * 0.72],
      [x + inset + w * 0.38, y + inset + w * 0.32],
      [x + inset + w * 0.62, y + inset + w * 0.55],
      [x + inset + w * 0.78, y + inset + w * 0.42],
      [x + inset + w - 3, y + inset + w * 0.72],
    )
    .fill(doc.color.rule);
  doc.circle(x + inset + w * 0.76, y + inset + w * 0.2, w * 0.08).fill(doc.color.rule);
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(doc.color.muted)
    .text(label, x, y + size - 16, { width: size, align: "center", lineBreak: false });
  doc.restore();
}

function drawArticleRow(doc: Pdf, article: CatalogueArticle, lang: Lang): void {
  const text = CATALOGUE_TEXT[lang];
  const top = doc.y;
  const imageX = PAGE.marginX;
  const imageY = top + 6;
  doc.save();
  doc.rect(imageX, imageY, IMAGE_BOX, IMAGE_BOX).fill(doc.color.paper);
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
  doc.rect(imageX, imageY, IMAGE_BOX, IMAGE_BOX).lineWidth(0.5).stroke(doc.color.rule);

  const textX = PAGE.marginX + IMAGE_BOX + 16;
  const textWidth = CONTENT_WIDTH - IMAGE_BOX - 16 - PRICE_COLUMN;
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(doc.color.ink)
    .text(article.title[lang], textX, top + 6, { width: textWidth, height: 28, ellipsis: true });
  const eans = article.eans.length > 0 ? ` · EAN ${article.eans.join(", ")}` : "";
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(doc.color.muted)
    .text(`${text.partno} ${article.partno}${eans}`, textX, top + 36, { width: textWidth, height: 10, ellipsis: true, lineBreak: false });

  const columnWidth = (textWidth - 10) / 2;
  article.properties.forEach((property, i) => {
    const x = textX + (i % 2) * (columnWidth + 10);
    const y = top + 54 + Math.floor(i / 2) * 22;
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(doc.color.muted)
      .text(property.attribute[lang], x, y, { width: columnWidth, height: 9, ellipsis: true, lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(doc.color.ink)
      .text(property.value[lang], x, y + 9, { width: columnWidth, height: 11, ellipsis: true, lineBreak: false });
  });

  if (article.priceCents !== null) {
    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(doc.color.primary)
      .text(markedPriceCents(article.priceCents, lang), PAGE.marginX, top + 8, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(doc.color.muted)
      .text(text.recommendedPrice, PAGE.marginX, top + 26, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  }

  doc
    .moveTo(PAGE.marginX, top + ROW_HEIGHT - 0.5)
    .lineTo(PAGE.marginX + CONTENT_WIDTH, top + ROW_HEIGHT - 0.5)
    .lineWidth(0.5)
    .stroke(doc.color.rule);
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
          .fillColor(doc.color.paper)
          .text(label, PAGE.marginX, doc.page.height - 44, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      });
      return;
    }
    drawHeader(doc, `${text.title} · ${doc.brand.tagline[lang]}`);
    drawFooter(doc, label, { country: countryIn(lang, doc.brand), phoneLabel: text.phone, note: pricePages.has(n - 1) ? text.priceFootnote : undefined });
  });
}
