import type { ArticleDocumentPurpose } from "~/db/schema";
import { documentPurposeByName, type ImportedDocument, type MediaRef } from "~/exchange/catalogue-model";
import type { Problems } from "~/exchange/import-report";
import { texts, type LanguageOf } from "./bmecat-product-safety.server";
import { decodeEntities } from "./plain-text";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

/**
 * Pictures and documents as the ETIM BMEcat guideline (EDXF) writes them (issue 38, decision 074):
 * `USER_DEFINED_EXTENSIONS/UDX.EDXF.MIME_INFO/UDX.EDXF.MIME` with `UDX.EDXF.MIME_SOURCE` (one per
 * language, `lang`), `UDX.EDXF.MIME_CODE` (MD01 product picture, MD14 instructions, …),
 * `UDX.EDXF.MIME_DESIGNATION` per language, `UDX.EDXF.MIME_ALT`, `UDX.EDXF.MIME_FILENAME`,
 * `UDX.EDXF.MIME_ORDER` and `UDX.EDXF.MIME_EXPIRY_DATE`. They are taken up like MIME_INFO's:
 * found below --media (decision 066) or downloaded, a missing one a warning.
 */

/** MD codes of the product's own pictures; thumbnails (MD47), pictograms (MD48), logos (MD17, MD18) and drawings are not. */
const PICTURE_CODES = new Set(["MD01", "MD02", "MD20", "MD23", "MD24", "MD25", "MD26", "MD27", "MD28", "MD29", "MD30", "MD59", "MD65"]);

/**
 * What a PDF is, by its MD code, for the article page and the Digital Link's link types
 * (decision 053: manual → gs1:instructions, declaration → gs1:certificationInfo). Any other code
 * on a PDF (spare parts list, brochure, drawing, MD99) is "others".
 */
const DOCUMENT_CODES: Record<string, ArticleDocumentPurpose> = {
  MD14: "manual", // instructions for use
  MD21: "manual", // mounting instructions
  MD38: "manual", // operation and maintenance
  MD22: "data_sheet", // product data sheet
  MD32: "data_sheet", // technical information
  MD07: "data_sheet", // data sheet for the energy label
  MD19: "data_sheet", // luminaire data
  MD03: "safety_data_sheet",
  MD52: "declaration", // EU declaration of conformity (CE)
  MD49: "declaration", // RoHS
  MD05: "declaration", // REACH
  MD50: "declaration", // certificate of conformity
  MD51: "declaration", // declaration of performance (construction products)
};

const PDF = /\.pdf$/i;

export interface EdxfContext {
  languageOf: LanguageOf;
  problems: Problems;
  partno: string;
  /** The import's day, YYYY-MM-DD (UTC): a file whose expiry date lies before it is left out. */
  today?: string;
}

const name = (mime: XmlNode, element: string) => children(mime, `UDX.EDXF.${element}`);

/** "2024-12-31", also with a time: the day; null when it is no date. */
function day(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(T|\s|$)/.exec(text);
  return match?.[1] && !Number.isNaN(Date.parse(match[1])) ? match[1] : null;
}

/** The product's EDXF pictures (in MIME_ORDER, MD01 first) and PDFs. */
export function readEdxfMime(product: XmlNode, context: EdxfContext): { pictures: MediaRef[]; documents: ImportedDocument[] } {
  const info = child(child(product, "USER_DEFINED_EXTENSIONS") ?? product, "UDX.EDXF.MIME_INFO");
  if (!info) return { pictures: [], documents: [] };
  const { languageOf, problems, partno } = context;
  const today = context.today ?? new Date().toISOString().slice(0, 10);
  const pictures: { ref: MediaRef; rank: number; order: number; index: number }[] = [];
  const documents: ImportedDocument[] = [];
  name(info, "MIME").forEach((mime, index) => {
    const code = textOf(name(mime, "MIME_CODE")[0]).toUpperCase();
    const sources = name(mime, "MIME_SOURCE").filter((node) => textOf(node) !== "");
    const first = sources[0];
    if (!first) return;
    const expiry = textOf(name(mime, "MIME_EXPIRY_DATE")[0]);
    if (expiry !== "") {
      const expires = day(expiry);
      if (expires === null) {
        problems.warnEach("edxf expiry not a date", first.line, "UDX.EDXF.MIME_EXPIRY_DATE", `${partno} "${expiry}"`, "not a date (YYYY-MM-DD): the file is taken as if it had none");
      } else if (expires < today) {
        problems.warnEach("edxf expired", first.line, "UDX.EDXF.MIME_EXPIRY_DATE", `${partno} ${textOf(first)} (${expires})`, "expired before the import's day: the file is left out, as it no longer applies");
        return;
      }
    }
    const filename = textOf(name(mime, "MIME_FILENAME")[0]);
    const orderText = textOf(name(mime, "MIME_ORDER")[0]);
    const order = orderText !== "" && Number.isFinite(Number(orderText)) ? Number(orderText) : Number.MAX_SAFE_INTEGER;
    if (PICTURE_CODES.has(code)) {
      pictures.push({ ref: { source: textOf(first), line: first.line }, rank: code === "MD01" ? 0 : 1, order, index });
      return;
    }
    const isPdf = (node: XmlNode) => PDF.test(textOf(node).replace(/[?#].*$/, "")) || (sources.length === 1 && PDF.test(filename));
    const designations = name(mime, "MIME_DESIGNATION");
    let names = texts(designations, languageOf);
    if (names.de === "" && names.en === "") names = texts(name(mime, "MIME_ALT"), languageOf);
    const described = [...new Set(designations.filter((d) => d.attributes.lang && textOf(d) !== "").map(languageOf))];
    const purpose = documentPurposeByName(DOCUMENT_CODES[code] ?? "others", names);
    for (const source of sources.filter(isPdf)) {
      const title = (filename || textOf(source)).replace(/\\/g, "/").split("/").pop()?.replace(PDF, "") ?? "";
      const own = source.attributes.lang ? languageOf(source) : null;
      const language = own ?? (described.length === 1 && described[0] ? described[0] : "");
      documents.push({ source: textOf(source), line: source.line, purpose, names: names.de === "" && names.en === "" ? { de: decodeEntities(title), en: "" } : names, language });
    }
  });
  pictures.sort((a, b) => a.rank - b.rank || a.order - b.order || a.index - b.index);
  return { pictures: pictures.map((p) => p.ref), documents };
}

/** MIME_INFO's entries, then the EDXF ones; a file both name counts once. */
export function mergeEdxfMime<T extends { source: string }>(first: T[], more: T[]): T[] {
  const seen = new Set(first.map((entry) => entry.source));
  return [...first, ...more.filter((entry) => !seen.has(entry.source) && seen.add(entry.source))];
}
