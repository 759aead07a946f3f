import { brand } from "~/config/brand";
import { LANGUAGES, type Lang } from "~/i18n/language";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";

export const CATALOGUE_EDITION = 2024;

/**
 * Every word the catalogue PDF prints besides the data and the brand, in both languages. Kept
 * beside the PDF builder like the manuals' texts, not in app/i18n/locales: those are bundled into
 * the browser's JavaScript, and these strings are only ever needed on the server. The brand's name,
 * tagline and company come with the brand the catalogue is printed for (decision 061).
 */
export interface CatalogueText {
  /** BCP 47 tag for the PDF's /Lang, which screen readers use. */
  pdfLang: string;
  title: string;
  groupNames: Record<number, string>;
  otherGroup: string;
  articles: (count: number) => string;
  availability: string;
  contents: string;
  continued: string;
  noImage: string;
  partno: string;
  recommendedPrice: string;
  priceFootnote: string;
  page: (n: number, total: number) => string;
  keywords: string;
  phone: string;
}

type Words = Omit<CatalogueText, "groupNames" | "articles" | "page" | "priceFootnote">;

/** The plain words, each with both languages side by side so that a new one cannot miss a language. */
const WORDS: { [K in keyof Words]: Record<Lang, Words[K]> } = {
  pdfLang: { de: "de-DE", en: "en-GB" },
  title: { de: `Katalog ${CATALOGUE_EDITION}`, en: `Catalogue ${CATALOGUE_EDITION}` },
  otherGroup: { de: "Weiteres Zubehör", en: "Other accessories" },
  availability: { de: "Erhältlich bei Ihrem Fachhändler.", en: "Available from your specialist dealer." },
  contents: { de: "Inhalt", en: "Contents" },
  continued: { de: "Fortsetzung", en: "continued" },
  noImage: { de: "Kein Bild", en: "No image" },
  partno: { de: "Art.-Nr.", en: "Part no." },
  recommendedPrice: { de: "UVP", en: "RRP" },
  keywords: { de: "Fahrradteile, Zubehör", en: "bicycle parts, accessories" },
  phone: { de: "Tel.", en: "Phone" },
};

const GROUP_NAMES: Record<Lang, [parts: string, accessories: string]> = {
  de: ["Fahrradteile", "Zubehör"],
  en: ["Bicycle parts", "Accessories"],
};

function textIn(lang: Lang): CatalogueText {
  const words = Object.fromEntries(Object.entries(WORDS).map(([key, value]) => [key, value[lang]])) as Words;
  const [parts, accessories] = GROUP_NAMES[lang];
  return {
    ...words,
    groupNames: { [brand.groups.parts]: parts, [brand.groups.accessories]: accessories },
    articles: lang === "de" ? (count) => `${count} Artikel` : (count) => `${count} ${count === 1 ? "article" : "articles"}`,
    priceFootnote: (lang === "de" ? de : en).products.priceFootnote,
    page: lang === "de" ? (n, total) => `Seite ${n} von ${total}` : (n, total) => `Page ${n} of ${total}`,
  };
}

export const CATALOGUE_TEXT = Object.fromEntries(LANGUAGES.map((lang) => [lang, textIn(lang)])) as Record<Lang, CatalogueText>;
