import {
  CONTENT_WIDTH,
  FONT,
  PAGE,
  bilingualCountry,
  countryIn,
  drawFooter,
  drawHeader,
  ensureSpace,
  forEachPage,
  type Pdf,
} from "~/documents/manuals/pdf-frame.server";

/**
 * An EU declaration of conformity (Decision 768/2008/EC, Annex III) for a family of electrical
 * products, German and English in one file like the manuals: the object with each model's part
 * number, the manufacturer, the Union legislation and the harmonised standards, place, date and
 * signature. The demo makes one per kind of bicycle light (issue 28).
 */
export interface DeclarationDefinition {
  id: string;
  fileName: string;
  /** The product family, as the object of the declaration names it. */
  product: { de: string; en: string };
  models: { partno: string; name: { de: string; en: string } }[];
}

export const DECLARATION_NAME = { de: "EU-Konformitätserklärung", en: "EU declaration of conformity" } as const;

/** Union harmonisation legislation for battery and dynamo LED lights: EMC and RoHS. */
const LEGISLATION = {
  de: [
    "Richtlinie 2014/30/EU über die elektromagnetische Verträglichkeit (EMV)",
    "Richtlinie 2011/65/EU zur Beschränkung der Verwendung bestimmter gefährlicher Stoffe in Elektro- und Elektronikgeräten (RoHS), geändert durch die Delegierte Richtlinie (EU) 2015/863",
  ],
  en: [
    "Directive 2014/30/EU on electromagnetic compatibility (EMC)",
    "Directive 2011/65/EU on the restriction of the use of certain hazardous substances in electrical and electronic equipment (RoHS), as amended by Commission Delegated Directive (EU) 2015/863",
  ],
} as const;

const STANDARDS = ["EN IEC 55015:2019 + A11:2020", "EN 61547:2009", "EN IEC 63000:2018"];

/** Fixed, like every document date of the demo: the same data gives the same bytes. Signed where the company sits. */
const SIGNED_ON = { de: "15. Januar 2024", en: "15 January 2024" } as const;

const TEXT = {
  de: {
    title: "EU-Konformitätserklärung",
    number: "Nr.",
    object: "Gegenstand der Erklärung",
    model: "Modell (Art.-Nr.)",
    manufacturer: "Name und Anschrift des Herstellers",
    sole: "Die alleinige Verantwortung für die Ausstellung dieser Konformitätserklärung trägt der Hersteller.",
    conforms: "Der oben beschriebene Gegenstand der Erklärung erfüllt die einschlägigen Harmonisierungsrechtsvorschriften der Union:",
    standards: "Angewandte harmonisierte Normen:",
    signed: "Unterzeichnet für und im Namen von",
    role: "Geschäftsführerin",
    place: "Ort und Datum",
  },
  en: {
    title: "EU declaration of conformity",
    number: "No.",
    object: "Object of the declaration",
    model: "Model (part no.)",
    manufacturer: "Name and address of the manufacturer",
    sole: "This declaration of conformity is issued under the sole responsibility of the manufacturer.",
    conforms: "The object of the declaration described above is in conformity with the relevant Union harmonisation legislation:",
    standards: "Harmonised standards applied:",
    signed: "Signed for and on behalf of",
    role: "Managing Director",
    place: "Place and date",
  },
} as const;

type Language = keyof typeof TEXT;


function heading(doc: Pdf, text: string): void {
  ensureSpace(doc, 50);
  doc.y += 8;
  doc.font(FONT.bold).fontSize(11.5).fillColor(doc.color.primary).text(text, PAGE.marginX, doc.y, { width: CONTENT_WIDTH });
  doc.y += 3;
}

function body(doc: Pdf, text: string, indent = 0): void {
  doc.font(FONT.regular).fontSize(10).fillColor(doc.color.ink).text(text, PAGE.marginX + indent, doc.y, { width: CONTENT_WIDTH - indent, lineGap: 2 });
  doc.y += 3;
}

/** A hand-drawn looking signature line: the demo signs with a stroke, not a picture. */
function drawSignature(doc: Pdf, x: number, y: number): void {
  doc.save();
  doc
    .moveTo(x, y + 14)
    .bezierCurveTo(x + 12, y - 6, x + 22, y + 26, x + 38, y + 8)
    .bezierCurveTo(x + 50, y - 4, x + 58, y + 22, x + 74, y + 10)
    .bezierCurveTo(x + 88, y + 2, x + 96, y + 18, x + 120, y + 12)
    .lineWidth(1.2)
    .lineCap("round")
    .stroke(doc.color.ink);
  doc.moveTo(x, y + 26).lineTo(x + 200, y + 26).lineWidth(0.5).stroke(doc.color.rule);
  doc.restore();
}

function drawLanguagePart(doc: Pdf, declaration: DeclarationDefinition, lang: Language): void {
  const t = TEXT[lang];
  const company = doc.brand.company;
  doc.outline.addItem(`${lang === "de" ? "Deutsch" : "English"}: ${t.title}`);
  doc.font(FONT.bold).fontSize(20).fillColor(doc.color.primary).text(t.title, PAGE.marginX, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(10).fillColor(doc.color.muted).text(`${t.number} ${declaration.id.toUpperCase()}`, { width: CONTENT_WIDTH });
  doc.y += 6;

  heading(doc, `1. ${t.object}`);
  body(doc, declaration.product[lang]);
  for (const model of declaration.models) {
    ensureSpace(doc, 16);
    body(doc, `${model.partno}  ${model.name[lang]}`, 14);
  }
  heading(doc, `2. ${t.manufacturer}`);
  body(doc, `${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}, ${countryIn(lang, doc.brand)}`);
  heading(doc, "3.");
  body(doc, t.sole);
  heading(doc, "4.");
  body(doc, t.conforms);
  for (const act of LEGISLATION[lang]) body(doc, `– ${act}`, 14);
  heading(doc, "5.");
  body(doc, t.standards);
  for (const standard of STANDARDS) body(doc, `– ${standard}`, 14);

  ensureSpace(doc, 110);
  heading(doc, `6. ${t.signed}`);
  body(doc, company.legalName);
  body(doc, `${t.place}: ${company.city}, ${SIGNED_ON[lang]}`);
  const top = doc.y + 6;
  drawSignature(doc, PAGE.marginX, top);
  doc.y = top + 32;
  body(doc, `${company.managingDirectors[0]}, ${t.role}`);
}

/** German first, then English on a page of its own; returns the page count. */
export function renderDeclaration(doc: Pdf, declaration: DeclarationDefinition): number {
  drawLanguagePart(doc, declaration, "de");
  doc.addPage();
  drawLanguagePart(doc, declaration, "en");
  return forEachPage(doc, (n, total) => {
    drawHeader(doc, `${DECLARATION_NAME.de} / ${DECLARATION_NAME.en}`);
    drawFooter(doc, `Seite ${n} von ${total} / Page ${n} of ${total}`, { country: bilingualCountry(doc.brand) });
  });
}
