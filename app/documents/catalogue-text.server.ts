import { brand } from "~/config/brand";
import type { Lang } from "~/i18n/language";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { company } from "~/config/company";

export const CATALOGUE_EDITION = 2024;

/**
 * Every word the catalogue PDF prints besides the data, in both languages. Kept beside the PDF
 * builder like the manuals' texts, not in app/i18n/locales: those are bundled into the browser's
 * JavaScript, and these strings are only ever needed on the server.
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
  /** The company's country, in the footer and on the cover. */
  country: string;
}

export const CATALOGUE_TEXT: Record<Lang, CatalogueText> = {
  de: {
    pdfLang: "de-DE",
    title: `Katalog ${CATALOGUE_EDITION}`,
    groupNames: { [brand.groups.parts]: "Fahrradteile", [brand.groups.accessories]: "Zubehör" },
    otherGroup: "Weiteres Zubehör",
    articles: (count) => `${count} Artikel`,
    availability: "Erhältlich bei Ihrem Fachhändler.",
    contents: "Inhalt",
    continued: "Fortsetzung",
    noImage: "Kein Bild",
    partno: "Art.-Nr.",
    recommendedPrice: "UVP",
    priceFootnote: de.products.priceFootnote,
    page: (n, total) => `Seite ${n} von ${total}`,
    keywords: "Fahrradteile, Zubehör",
    phone: "Tel.",
    country: de.dealerPage.country[company.country],
  },
  en: {
    pdfLang: "en-GB",
    title: `Catalogue ${CATALOGUE_EDITION}`,
    groupNames: { [brand.groups.parts]: "Bicycle parts", [brand.groups.accessories]: "Accessories" },
    otherGroup: "Other accessories",
    articles: (count) => `${count} ${count === 1 ? "article" : "articles"}`,
    availability: "Available from your specialist dealer.",
    contents: "Contents",
    continued: "continued",
    noImage: "No image",
    partno: "Part no.",
    recommendedPrice: "RRP",
    priceFootnote: en.products.priceFootnote,
    page: (n, total) => `Page ${n} of ${total}`,
    keywords: "bicycle parts, accessories",
    phone: "Phone",
    country: en.dealerPage.country[company.country],
  },
};
