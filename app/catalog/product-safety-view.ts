import type { ArticleDocumentPurpose } from "~/db/schema";
import type { Lang } from "~/i18n/language";
import { bilingual, textIn, type Both, type LocalizedText } from "~/i18n/localized-text";
import type { OtherMaker } from "~/utils/manufacturer-data";
import type { CatalogArticle } from "./catalog-article";

/** The id of the article panel's safety section: GS1's `gs1:safetyInfo` links to it (decision 053). */
export const SAFETY_ANCHOR = "sicherheit";

/*
 * What the article panel shows for the General Product Safety Regulation (issue 28, Art. 19): the
 * article's documents, its warnings and safety information, and who made it. Texts follow the one
 * rule for a missing translation (textIn): a fallback keeps its own language, which the page marks.
 */

export interface DocumentView {
  /** Relative to the media folder (served under MEDIA_BASE_URL). */
  file: string;
  purpose: ArticleDocumentPurpose;
  name: Both<LocalizedText>;
  /** "" for a file in both languages (or of unknown language). */
  language: "de" | "en" | "";
  bytes: number;
}

export interface SafetyView {
  /** Paragraphs, each in the language of the text they come from. */
  paragraphs: LocalizedText[];
}

export interface ProductSafetyView {
  /** The maker where it is not the brand, with its addresses as far as the catalogue has them; null: the brand made it. */
  manufacturer: OtherMaker | null;
  safety: Both<SafetyView | null>;
  documents: DocumentView[];
}

/** Paragraphs are separated by a blank line (the safety columns, BMEcat REMARKS read as plain text). */
export function paragraphs(text: LocalizedText): LocalizedText[] {
  return text.text
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => ({ text: part, lang: text.lang }));
}

function safetyIn(lang: Lang, safety: CatalogArticle["safety"]): SafetyView | null {
  const text = textIn(lang, safety?.de, safety?.en);
  const parts = paragraphs(text);
  return parts.length === 0 ? null : { paragraphs: parts };
}

export function toProductSafety(article: CatalogArticle): ProductSafetyView {
  return {
    manufacturer: otherMaker(article),
    safety: { de: safetyIn("de", article.safety), en: safetyIn("en", article.safety) },
    documents: (article.documents ?? []).map((d) => ({
      file: d.file,
      purpose: d.purpose,
      name: bilingual(d.names.de, d.names.en),
      language: d.language,
      bytes: d.bytes,
    })),
  };
}

function otherMaker(article: CatalogArticle): OtherMaker | null {
  const name = article.manufacturer?.trim();
  if (!name) return null;
  return { name, address: article.manufacturer_address?.trim() || null, email: article.manufacturer_email?.trim() || null };
}

/** A media path as a URL path: each segment encoded, the folders kept. */
export function mediaHref(mediaBase: string, file: string): string {
  return `${mediaBase}/${file.split("/").map(encodeURIComponent).join("/")}`;
}
