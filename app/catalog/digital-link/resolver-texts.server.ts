import type { Lang } from "~/i18n/language";
import type { UriProblem } from "./digital-link-uri";

/**
 * What the resolver says, in both languages. Only the server says it (the error page, the JSON
 * errors, link titles), so these texts stay out of the locale chunks every page loads (the initial
 * JavaScript budget, decision 013); the article panel's texts are in app/i18n/locales.
 */
export interface ResolverTexts {
  safetyTitle: string;
  notFoundTitle: string;
  notFound: (gtin: string) => string;
  badRequestTitle: string;
  home: string;
  search: string;
  problem: (problem: UriProblem) => string;
}

const GERMAN: ResolverTexts = {
  safetyTitle: "Sicherheitshinweise",
  notFoundTitle: "Artikel nicht gefunden",
  notFound: (gtin) => `Zur GTIN ${gtin} führen wir keinen Artikel.`,
  badRequestTitle: "Kein gültiger GS1 Digital Link",
  home: "Zur Startseite",
  search: "Artikel suchen",
  problem(p) {
    switch (p.code) {
      case "notGtin":
        return "Nach /01/ steht keine GTIN: erwartet werden 8, 12, 13 oder 14 Ziffern.";
      case "checkDigit":
        return "Die Prüfziffer der GTIN stimmt nicht.";
      case "encoding":
        return "Die Adresse enthält eine ungültige Prozent-Kodierung.";
      case "unknownAi":
        return `Der Datenbezeichner ${p.ai} ist hier nicht erlaubt: nach der GTIN folgen nur /22/ (Variante), /10/ (Charge) und /21/ (Seriennummer).`;
      case "order":
        return `Der Datenbezeichner ${p.ai} steht an der falschen Stelle: die Reihenfolge ist /22/, /10/, /21/, jeder höchstens einmal.`;
      case "missingValue":
        return `Nach /${p.ai}/ fehlt der Wert.`;
      case "characters":
        return `Der Wert nach /${p.ai}/ enthält Zeichen außerhalb des GS1-Zeichensatzes 82.`;
      case "tooLong":
        return `Der Wert nach /${p.ai}/ ist länger als ${p.max} Zeichen.`;
    }
  },
};

const ENGLISH: ResolverTexts = {
  safetyTitle: "Safety information",
  notFoundTitle: "Article not found",
  notFound: (gtin) => `We have no article with the GTIN ${gtin}.`,
  badRequestTitle: "Not a valid GS1 Digital Link",
  home: "Go to the home page",
  search: "Search articles",
  problem(p) {
    switch (p.code) {
      case "notGtin":
        return "No GTIN follows /01/: it must be 8, 12, 13 or 14 digits.";
      case "checkDigit":
        return "The GTIN's check digit is wrong.";
      case "encoding":
        return "The address holds an invalid percent-encoding.";
      case "unknownAi":
        return `The application identifier ${p.ai} is not allowed here: a GTIN may only be followed by /22/ (variant), /10/ (batch) and /21/ (serial number).`;
      case "order":
        return `The application identifier ${p.ai} is out of place: the order is /22/, /10/, /21/, each at most once.`;
      case "missingValue":
        return `The value after /${p.ai}/ is missing.`;
      case "characters":
        return `The value after /${p.ai}/ holds characters outside the GS1 character set 82.`;
      case "tooLong":
        return `The value after /${p.ai}/ is longer than ${p.max} characters.`;
    }
  },
};

export const RESOLVER_TEXTS: Record<Lang, ResolverTexts> = { de: GERMAN, en: ENGLISH };
