import type { ArticleDocumentPurpose } from "~/db/schema";
import {
  BMECAT_EXTENSIONS,
  MIME_DOCUMENT_PURPOSES,
  UDX_DOCUMENT_PURPOSES,
} from "~/exchange/bmecat-extensions";
import { documentPurposeByName, type ImportedDocument, type Texts } from "~/exchange/catalogue-model";
import { decodeEntities } from "./plain-text";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

// What the General Product Safety Regulation asks of an article, as a BMEcat file carries it
// (issue 28, decision 050): its documents (PDF MIME entries). Its safety information (REMARKS
// type="safety") and manufacturer (MANUFACTURER_NAME) are fields of the table (decision 058).

type Lang = "de" | "en";

/** The language of an element: its `lang` attribute, else the catalogue's; null for a third language. */
export type LanguageOf = (node: XmlNode) => Lang | null;

const PDF_TYPE = /^application\/(pdf|x-pdf)$/i;

/** A MIME entry that is a document: type application/pdf, or no type and a source ending in .pdf. */
export function isDocumentMime(mime: XmlNode): boolean {
  const type = textOf(child(mime, "MIME_TYPE"));
  return PDF_TYPE.test(type) || (type === "" && /\.pdf$/i.test(textOf(child(mime, "MIME_SOURCE"))));
}

const PURPOSES = new Set<string>([...MIME_DOCUMENT_PURPOSES, ...UDX_DOCUMENT_PURPOSES]);

/**
 * Our UDX entries by source: the purpose MIME_PURPOSE cannot name and the file's language (absent:
 * a file in both languages). An unknown purpose is left to MIME_PURPOSE.
 */
function udxDocuments(product: XmlNode): Map<string, { purpose: ArticleDocumentPurpose | null; language: Lang | "" }> {
  const found = new Map<string, { purpose: ArticleDocumentPurpose | null; language: Lang | "" }>();
  const extensions = child(product, "USER_DEFINED_EXTENSIONS");
  for (const entry of extensions ? children(extensions, BMECAT_EXTENSIONS.document) : []) {
    const source = textOf(child(entry, BMECAT_EXTENSIONS.documentSource));
    const purpose = textOf(child(entry, BMECAT_EXTENSIONS.documentPurpose)).toLowerCase();
    const language = textOf(child(entry, BMECAT_EXTENSIONS.documentLanguage)).toLowerCase();
    if (source === "") continue;
    found.set(source, { purpose: PURPOSES.has(purpose) ? (purpose as ArticleDocumentPurpose) : null, language: language === "de" || language === "en" ? language : "" });
  }
  return found;
}

/** "lt_01_gs12-duebel.pdf" → "lt_01_gs12-duebel": the name shown when the file gives none. */
function fileTitle(source: string): string {
  return decodeEntities(source.replace(/\\/g, "/").split("/").pop() ?? source).replace(/\.pdf$/i, "");
}

/**
 * The documents of a product in file order (MIME_ORDER first, as for pictures), the same file once.
 * Names: MIME_DESCR per language, else MIME_ALT, else the file's name. Language: our UDX, else the
 * one language MIME_DESCR is written in (by its `lang` attribute), else "" (unknown or both).
 */
export function readDocuments(product: XmlNode, languageOf: LanguageOf): ImportedDocument[] {
  const info = child(product, "MIME_INFO");
  if (!info) return [];
  const ours = udxDocuments(product);
  const seen = new Set<string>();
  return children(info, "MIME")
    .map((mime, index) => ({ mime, index, order: Number(textOf(child(mime, "MIME_ORDER")) || Number.NaN) }))
    .filter(({ mime }) => isDocumentMime(mime))
    .sort((a, b) => (Number.isFinite(a.order) ? a.order : Number.MAX_SAFE_INTEGER) - (Number.isFinite(b.order) ? b.order : Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .flatMap(({ mime }) => {
      const sourceNode = child(mime, "MIME_SOURCE");
      const source = textOf(sourceNode);
      if (source === "" || seen.has(source)) return [];
      seen.add(source);
      const udx = ours.get(source);
      const descriptions = children(mime, "MIME_DESCR");
      const names = texts(descriptions, languageOf);
      if (names.de === "" && names.en === "") {
        const alt = texts(children(mime, "MIME_ALT"), languageOf);
        Object.assign(names, alt.de !== "" || alt.en !== "" ? alt : { de: fileTitle(source), en: "" });
      }
      const described = [...new Set(descriptions.filter((d) => d.attributes.lang && textOf(d) !== "").map(languageOf))];
      const language: Lang | "" = udx?.language ?? (described.length === 1 && described[0] ? described[0] : "");
      const standard = textOf(child(mime, "MIME_PURPOSE")).toLowerCase();
      const purpose: ArticleDocumentPurpose = udx?.purpose ?? documentPurposeByName((MIME_DOCUMENT_PURPOSES as readonly string[]).includes(standard) ? (standard as ArticleDocumentPurpose) : "others", names);
      return [{ source, line: sourceNode?.line ?? mime.line, purpose, names, language }];
    });
}

/** The first text per language; each decoded and trimmed. */
export function texts(nodes: XmlNode[], languageOf: LanguageOf): Texts {
  const result: Texts = { de: "", en: "" };
  for (const node of nodes) {
    const lang = languageOf(node);
    const text = decodeEntities(textOf(node));
    if (lang && text !== "" && result[lang] === "") result[lang] = text;
  }
  return result;
}
