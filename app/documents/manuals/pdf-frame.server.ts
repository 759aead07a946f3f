import PDFDocument from "pdfkit";
import type { DocumentBrand } from "~/documents/document-brand.server";
import type { Lang } from "~/i18n/language";
import { countryName } from "~/geo/countries";

/**
 * Page furniture shared by the manuals and the catalogue: document set-up, brand header and footer,
 * page numbers. Only pdfkit's built-in Helvetica is used, so no font files ship with the project;
 * the standard fonts encode WinAnsi, which covers German umlauts, ß, €, „“ and the en dash.
 */

/**
 * A document being drawn, with the brand it is drawn for: every drawing function gets the brand's
 * name, company and colours from the document it draws on, never from a module (decision 061).
 */
export type Pdf = PDFKit.PDFDocument & { readonly brand: DocumentBrand; readonly color: Palette };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A fixed date: pdfkit derives the file ID from the info dictionary, so "now" would change every byte run. */
export const DOCUMENT_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" } as const;

export const PAGE = {
  width: 595.28,
  height: 841.89,
  marginX: 56,
  /** Content starts below the header band. */
  top: 86,
  /** Content ends above the footer; the footer itself lives in the bottom margin. */
  bottom: 78,
} as const;

export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;

/** Mixes a brand colour with white, so tints follow the brand's colours instead of being typed in. */
export function tint(hex: string, whiteShare: number): string {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (255 - c) * whiteShare)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** The colours a document draws with: the brand's four, two greys, and tints of the brand's. */
export interface Palette {
  primary: string;
  accent: string;
  ink: string;
  paper: string;
  muted: string;
  rule: string;
  primaryLight: string;
  accentLight: string;
}

export function palette(colors: DocumentBrand["colors"]): Palette {
  return {
    primary: colors.primary,
    accent: colors.accent,
    ink: colors.ink,
    paper: colors.paper,
    muted: "#5f6b66",
    rule: "#c9d1cd",
    primaryLight: tint(colors.primary, 0.9),
    accentLight: tint(colors.accent, 0.85),
  };
}

export interface PdfMeta {
  title: string;
  subject: string;
  keywords: string;
  /** BCP 47 tag of the document's main language (the first one for bilingual manuals). */
  lang: string;
}

export function createPdf(meta: PdfMeta, brand: DocumentBrand): Pdf {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.marginX, right: PAGE.marginX },
    // Footers need the total page count, which is only known once everything is laid out.
    bufferPages: true,
    lang: meta.lang,
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Keywords: meta.keywords,
      Author: brand.company.legalName,
      Creator: `${brand.name} (velocat)`,
      CreationDate: DOCUMENT_DATE,
      ModDate: DOCUMENT_DATE,
    },
  });
  return Object.assign(doc, { brand, color: palette(brand.colors) });
}

export function contentBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` more points fit on the current one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > contentBottom(doc)) doc.addPage();
}

/** The company's country in a document's language ("Deutschland", "Germany"). */
export function countryIn(lang: Lang, brand: DocumentBrand): string {
  return countryName(brand.company.country, lang);
}

/** The country as the bilingual documents (manuals, declarations) name it: "Deutschland / Germany". */
export function bilingualCountry(brand: DocumentBrand): string {
  return `${countryIn("de", brand)} / ${countryIn("en", brand)}`;
}

/** `country`: the company's country in the document's language ("Deutschland", "Germany"). */
export function companyLine(brand: DocumentBrand, country: string): string {
  const c = brand.company;
  return `${c.legalName} · ${c.street} · ${c.postalCode} ${c.city} · ${country}`;
}

export function contactLine(brand: DocumentBrand, phoneLabel = "Tel."): string {
  return `${phoneLabel} ${brand.company.phone} · ${brand.company.email}`;
}

/**
 * Writes text into the page margins. pdfkit breaks to a new page whenever text crosses the bottom
 * margin, which is exactly where footers live, so the margin is lifted while the footer is written.
 */
export function inMargin(doc: Pdf, draw: () => void): void {
  const saved = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  try {
    draw();
  } finally {
    doc.page.margins.bottom = saved;
  }
}

export function drawHeader(doc: Pdf, documentTitle: string): void {
  const band = 46;
  doc.save();
  doc.rect(0, 0, doc.page.width, band).fill(doc.color.primary);
  doc.rect(0, band, doc.page.width, 3).fill(doc.color.accent);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(doc.color.paper)
    .text(doc.brand.name, PAGE.marginX, 14, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(doc.color.paper)
    .text(documentTitle, PAGE.marginX, 19, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
}

/** The footer's words in the document's language. */
export interface FooterText {
  /** The company's country ("Deutschland", "Germany", "Deutschland / Germany"). */
  country: string;
  /** Names the phone number; "Tel." in German and bilingual documents. */
  phoneLabel?: string;
  /** A line above the rule (the catalogue's price footnote). */
  note?: string;
}

export function drawFooter(doc: Pdf, pageLabel: string, { country, phoneLabel, note }: FooterText): void {
  const top = doc.page.height - 52;
  inMargin(doc, () => {
    if (note) {
      doc
        .font(FONT.regular)
        .fontSize(7.5)
        .fillColor(doc.color.muted)
        .text(note, PAGE.marginX, top - 14, { width: CONTENT_WIDTH, lineBreak: false });
    }
    doc
      .moveTo(PAGE.marginX, top)
      .lineTo(doc.page.width - PAGE.marginX, top)
      .lineWidth(0.5)
      .strokeColor(doc.color.rule)
      .stroke();
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(doc.color.muted)
      .text(companyLine(doc.brand, country), PAGE.marginX, top + 8, { width: CONTENT_WIDTH * 0.7, lineBreak: false });
    doc.text(contactLine(doc.brand, phoneLabel), PAGE.marginX, top + 19, { width: CONTENT_WIDTH * 0.7, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(8)
      .fillColor(doc.color.ink)
      .text(pageLabel, PAGE.marginX, top + 8, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  });
}

/** Calls `draw` once per buffered page with its 1-based number and the total, after the layout is done. */
export function forEachPage(doc: Pdf, draw: (pageNumber: number, total: number) => void): number {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    draw(i - range.start + 1, range.count);
  }
  return range.count;
}

/** A warning triangle with an exclamation mark, as used on safety notes. */
export function drawWarningSign(doc: Pdf, x: number, y: number, size: number): void {
  doc.save();
  doc
    .moveTo(x + size / 2, y)
    .lineTo(x + size, y + size * 0.9)
    .lineTo(x, y + size * 0.9)
    .closePath()
    .lineJoin("round")
    .lineWidth(size * 0.08)
    .fillAndStroke(doc.color.accent, doc.color.ink);
  doc
    .moveTo(x + size / 2, y + size * 0.3)
    .lineTo(x + size / 2, y + size * 0.6)
    .lineWidth(size * 0.1)
    .lineCap("round")
    .stroke(doc.color.ink);
  doc.circle(x + size / 2, y + size * 0.74, size * 0.055).fill(doc.color.ink);
  doc.restore();
}

/** An accent arrow: a shaft from one point to another, then its head as a filled polygon. */
export function drawArrow(
  doc: Pdf,
  from: [number, number],
  to: [number, number],
  width: number,
  head: [number, number][],
): void {
  doc
    .moveTo(...from)
    .lineTo(...to)
    .lineWidth(width)
    .stroke(doc.color.accent);
  doc.polygon(...head).fill(doc.color.accent);
}
