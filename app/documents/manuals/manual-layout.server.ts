import {
  CONTENT_WIDTH,

  FONT,
  PAGE,
  bilingualCountry,
  drawFooter,
  drawHeader,
  drawWarningSign,
  ensureSpace,
  forEachPage,
  type Box,
  type Pdf,
} from "~/documents/manuals/pdf-frame.server";
import type { DocumentBrand } from "~/documents/document-brand.server";

export type Language = "de" | "en";

export interface ManualSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** Everything a manual says in one language; both languages share the same figures. */
export interface ManualText {
  languageLabel: string;
  title: string;
  subtitle: string;
  intro: string[];
  safetyTitle: string;
  safety: string[];
  /** Sections between the safety notes and the steps (tools, what is in the box). */
  preparation: ManualSection[];
  stepsTitle: string;
  steps: string[];
  /** Sections after the steps (care, disposal, warranty). */
  sections: ManualSection[];
  closing: string;
}

export interface ManualFigure {
  height: number;
  caption: Record<Language, string>;
  /** 1-based step after which the figure stands; without it the figure follows the introduction. */
  afterStep?: number;
  draw: (doc: Pdf, box: Box) => void;
}

export interface ManualDefinition {
  id: string;
  position: number;
  fileName: string;
  name: Record<Language, string>;
  figures: ManualFigure[];
  /** The words, which name the brand and its company: given by whoever prints the manual. */
  text: (brand: DocumentBrand) => Record<Language, ManualText>;
}

const BODY_SIZE = 10;
const LINE_GAP = 2;

function bodyFont(doc: Pdf): Pdf {
  return doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(doc.color.ink);
}

function drawFigure(doc: Pdf, figure: ManualFigure, lang: Language): void {
  ensureSpace(doc, figure.height + 30);
  const top = doc.y + 4;
  doc.save();
  doc.roundedRect(PAGE.marginX, top, CONTENT_WIDTH, figure.height, 6).fill(doc.color.primaryLight);
  doc.restore();
  doc.save();
  figure.draw(doc, { x: PAGE.marginX + 10, y: top + 10, width: CONTENT_WIDTH - 20, height: figure.height - 20 });
  doc.restore();
  doc
    .font(FONT.italic)
    .fontSize(8.5)
    .fillColor(doc.color.muted)
    .text(figure.caption[lang], PAGE.marginX, top + figure.height + 5, { width: CONTENT_WIDTH, align: "center" });
  doc.y += 10;
}

function drawSafetyBox(doc: Pdf, title: string, notes: string[]): void {
  const pad = 12;
  const bulletIndent = 12;
  const textWidth = CONTENT_WIDTH - 2 * pad - bulletIndent - 4;
  bodyFont(doc);
  const heights = notes.map((note) => doc.heightOfString(note, { width: textWidth, lineGap: LINE_GAP }) + 4);
  const height = pad + 24 + heights.reduce((sum, h) => sum + h, 0) + pad - 4;
  ensureSpace(doc, height + 12);
  const top = doc.y + 4;
  doc.save();
  doc.rect(PAGE.marginX, top, CONTENT_WIDTH, height).fill(doc.color.accentLight);
  doc.rect(PAGE.marginX, top, 4, height).fill(doc.color.accent);
  doc.restore();
  drawWarningSign(doc, PAGE.marginX + pad, top + pad - 1, 16);
  doc
    .font(FONT.bold)
    .fontSize(11.5)
    .fillColor(doc.color.ink)
    .text(title, PAGE.marginX + pad + 24, top + pad + 2, { width: textWidth });
  let y = top + pad + 24;
  notes.forEach((note, i) => {
    doc.save();
    doc.circle(PAGE.marginX + pad + 4, y + 5, 2).fill(doc.color.ink);
    doc.restore();
    bodyFont(doc).text(note, PAGE.marginX + pad + bulletIndent, y, { width: textWidth, lineGap: LINE_GAP });
    y += heights[i] ?? 0;
  });
  doc.x = PAGE.marginX;
  doc.y = top + height + 14;
}

function drawBullets(doc: Pdf, bullets: string[]): void {
  const indent = 14;
  const width = CONTENT_WIDTH - indent;
  for (const bullet of bullets) {
    bodyFont(doc);
    ensureSpace(doc, doc.heightOfString(bullet, { width, lineGap: LINE_GAP }) + 4);
    const y = doc.y;
    doc.save();
    doc.rect(PAGE.marginX + 2, y + 3.5, 4, 4).fill(doc.color.primary);
    doc.restore();
    bodyFont(doc).text(bullet, PAGE.marginX + indent, y, { width, lineGap: LINE_GAP });
    doc.y += 4;
  }
  doc.x = PAGE.marginX;
}

function drawHeading(doc: Pdf, heading: string): void {
  // Keep a heading together with at least a couple of lines of what follows it.
  ensureSpace(doc, 60);
  doc.y += 6;
  doc.font(FONT.bold).fontSize(13).fillColor(doc.color.primary).text(heading, PAGE.marginX, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

function drawParagraph(doc: Pdf, text: string): void {
  bodyFont(doc).text(text, PAGE.marginX, doc.y, { width: CONTENT_WIDTH, lineGap: LINE_GAP, align: "left" });
  doc.y += 6;
}

function drawSection(doc: Pdf, section: ManualSection): void {
  drawHeading(doc, section.heading);
  for (const paragraph of section.paragraphs ?? []) drawParagraph(doc, paragraph);
  if (section.bullets) drawBullets(doc, section.bullets);
  doc.y += 4;
}

function drawStep(doc: Pdf, index: number, text: string): void {
  const indent = 32;
  const width = CONTENT_WIDTH - indent;
  bodyFont(doc);
  const height = Math.max(22, doc.heightOfString(text, { width, lineGap: LINE_GAP }));
  ensureSpace(doc, height + 8);
  const y = doc.y;
  doc.save();
  doc.circle(PAGE.marginX + 11, y + 7, 11).fill(doc.color.primary);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(doc.color.paper)
    .text(String(index), PAGE.marginX, y + 2, { width: 22, align: "center", lineBreak: false });
  bodyFont(doc).text(text, PAGE.marginX + indent, y + 1, { width, lineGap: LINE_GAP });
  doc.x = PAGE.marginX;
  doc.y = y + height + 8;
}

function drawLanguagePart(doc: Pdf, manual: ManualDefinition, lang: Language): void {
  const text = manual.text(doc.brand)[lang];
  doc.outline.addItem(`${text.languageLabel}: ${text.title}`);
  const chipWidth = doc.font(FONT.bold).fontSize(8).widthOfString(text.languageLabel.toUpperCase()) + 16;
  doc.save();
  doc.roundedRect(PAGE.marginX, doc.y, chipWidth, 16, 8).fill(doc.color.primaryLight);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(doc.color.primary)
    .text(text.languageLabel.toUpperCase(), PAGE.marginX, doc.y + 4.5, {
      width: chipWidth,
      align: "center",
      characterSpacing: 0.6,
      lineBreak: false,
    });
  doc.y += 22;
  doc.font(FONT.bold).fontSize(22).fillColor(doc.color.primary).text(text.title, PAGE.marginX, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(12).fillColor(doc.color.muted).text(text.subtitle, { width: CONTENT_WIDTH });
  doc.y += 10;
  for (const paragraph of text.intro) drawParagraph(doc, paragraph);

  for (const figure of manual.figures.filter((f) => f.afterStep === undefined)) drawFigure(doc, figure, lang);
  drawSafetyBox(doc, text.safetyTitle, text.safety);
  for (const section of text.preparation) drawSection(doc, section);

  drawHeading(doc, text.stepsTitle);
  text.steps.forEach((step, i) => {
    drawStep(doc, i + 1, step);
    for (const figure of manual.figures.filter((f) => f.afterStep === i + 1)) drawFigure(doc, figure, lang);
  });
  doc.y += 4;
  for (const section of text.sections) drawSection(doc, section);

  ensureSpace(doc, 30);
  doc.y += 6;
  doc.font(FONT.italic).fontSize(9).fillColor(doc.color.muted).text(text.closing, PAGE.marginX, doc.y, { width: CONTENT_WIDTH });
}

/** German first, then English on a page of its own, so either half can be printed alone. */
export function renderManual(doc: Pdf, manual: ManualDefinition): number {
  drawLanguagePart(doc, manual, "de");
  doc.addPage();
  drawLanguagePart(doc, manual, "en");
  return forEachPage(doc, (n, total) => {
    drawHeader(doc, `${manual.name.de} / ${manual.name.en}`);
    drawFooter(doc, `Seite ${n} von ${total} / Page ${n} of ${total}`, { country: bilingualCountry(doc.brand) });
  });
}

/** Every string a manual prints, for the check that all of it is encodable in the standard fonts. */
export function manualStrings(manual: ManualDefinition, brand: DocumentBrand): string[] {
  const out: string[] = [manual.name.de, manual.name.en];
  for (const figure of manual.figures) out.push(figure.caption.de, figure.caption.en);
  for (const text of Object.values(manual.text(brand))) {
    out.push(text.languageLabel, text.title, text.subtitle, text.safetyTitle, text.stepsTitle, text.closing);
    out.push(...text.intro, ...text.safety, ...text.steps);
    for (const section of [...text.preparation, ...text.sections]) {
      out.push(section.heading, ...(section.paragraphs ?? []), ...(section.bullets ?? []));
    }
  }
  return out;
}
