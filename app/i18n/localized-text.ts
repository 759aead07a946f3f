import type { Lang } from "./language";

/**
 * A catalogue text with the language it is written in. Imported catalogues are often German only,
 * and an English page then shows the German text: screen readers and hyphenation need to know
 * (`lang="de"` on the element, rendered by `<Localized>`).
 */
export interface LocalizedText {
  text: string;
  lang: Lang;
}

export type Both<T> = Record<Lang, T>;

/** German text in German; English text only when there is one, else the German text, marked German. */
export function bilingual(de: string, en: string | null | undefined): Both<LocalizedText> {
  return {
    de: { text: de, lang: "de" },
    en: en !== null && en !== undefined && en.trim() !== "" ? { text: en, lang: "en" } : { text: de, lang: "de" },
  };
}
