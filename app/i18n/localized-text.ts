import type { Lang } from "./language";

/**
 * A catalogue text with the language it is written in. Imported catalogues are often German only
 * (an English page then shows the German text) and some are English only (a German page shows the
 * English text): screen readers and hyphenation need to know (`lang` on the element, rendered by
 * `<Localized>`).
 */
export interface LocalizedText {
  text: string;
  lang: Lang;
  /**
   * The text as a heading or name shows it, with soft hyphens in its long words; absent when the same.
   * Only loaders add it (withSoftHyphens in soft-hyphens.server.ts), only `<Localized>` renders it.
   */
  shown?: string;
}

export type Both<T> = Record<Lang, T>;

/** "", whitespace, null and undefined all mean the text was not written in that language. */
export function written(text: string | null | undefined): text is string {
  return text !== null && text !== undefined && text.trim() !== "";
}

/**
 * The one rule for a missing translation (decision 044), from the database to the page, the PDF
 * and the export: each language shows its own text where there is one, else the other language's,
 * marked as that language. Both missing: the empty text in the page's language.
 */
export function textIn(lang: Lang, de: string | null | undefined, en: string | null | undefined): LocalizedText {
  const own = lang === "de" ? de : en;
  if (written(own)) return { text: own, lang };
  const other = lang === "de" ? en : de;
  if (written(other)) return { text: other, lang: lang === "de" ? "en" : "de" };
  return { text: "", lang };
}

/** textIn for both languages. */
export function bilingual(de: string | null | undefined, en: string | null | undefined): Both<LocalizedText> {
  return { de: textIn("de", de, en), en: textIn("en", de, en) };
}

/** The text in capitals (a banner's title), its shown form too. */
export function upperCased(text: LocalizedText): LocalizedText {
  const upper = (s: string) => s.toLocaleUpperCase(text.lang);
  return text.shown === undefined ? { text: upper(text.text), lang: text.lang } : { text: upper(text.text), lang: text.lang, shown: upper(text.shown) };
}
