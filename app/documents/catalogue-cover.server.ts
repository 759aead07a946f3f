import { groupName, type CatalogueData } from "~/documents/catalogue-data.server";
import { CATALOGUE_TEXT } from "~/documents/catalogue-text.server";
import type { Lang } from "~/i18n/language";
import { CONTENT_WIDTH, FONT, PAGE, contactLine, companyLine, countryIn, type Pdf } from "~/documents/manuals/pdf-frame.server";

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
  doc.circle(rear.x, rear.y, 62 * s).stroke(doc.color.paper);
  doc.circle(front.x, front.y, 62 * s).stroke(doc.color.paper);
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
    .stroke(doc.color.accent);
  doc
    .moveTo(seat.x - 4 * s, seat.y)
    .lineTo(seat.x - 10 * s, seat.y - 22 * s)
    .moveTo(seat.x - 28 * s, seat.y - 24 * s)
    .lineTo(seat.x + 12 * s, seat.y - 24 * s)
    .moveTo(head.x, head.y)
    .lineTo(head.x - 8 * s, head.y - 26 * s)
    .lineTo(head.x + 22 * s, head.y - 34 * s)
    .stroke(doc.color.paper);
  doc.circle(crank.x, crank.y, 12 * s).lineWidth(5 * s).stroke(doc.color.paper);
  doc.restore();
}

export function drawCover(doc: Pdf, data: CatalogueData, lang: Lang): void {
  const text = CATALOGUE_TEXT[lang];
  const w = doc.page.width;
  const h = doc.page.height;
  doc.save();
  doc.rect(0, 0, w, h).fill(doc.color.primary);
  doc.rect(0, h * 0.62, w, 6).fill(doc.color.accent);
  doc.restore();
  drawBicycle(doc, PAGE.marginX + 150, h * 0.5, 1.1);
  doc
    .font(FONT.bold)
    .fontSize(86)
    .fillColor(doc.color.paper)
    .text(doc.brand.name, PAGE.marginX, 110, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.bold)
    .fontSize(36)
    .fillColor(doc.color.accent)
    .text(text.title, PAGE.marginX, 210, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(15)
    .fillColor(doc.color.paper)
    .text(doc.brand.tagline[lang], PAGE.marginX, h * 0.62 + 34, { width: CONTENT_WIDTH });
  const groupNames = data.groups.map((g) => groupName(text, g.id)).join(" · ");
  doc
    .fontSize(11)
    .text(`${text.articles(data.articleCount)}${groupNames ? ` · ${groupNames}` : ""}`, PAGE.marginX, h * 0.62 + 60, {
      width: CONTENT_WIDTH,
    });
  doc.text(text.availability, PAGE.marginX, h * 0.62 + 78, { width: CONTENT_WIDTH });
  doc
    .fontSize(9)
    .text(companyLine(doc.brand, countryIn(lang, doc.brand)), PAGE.marginX, h - 110, { width: CONTENT_WIDTH })
    .text(contactLine(doc.brand, text.phone), { width: CONTENT_WIDTH });
}
