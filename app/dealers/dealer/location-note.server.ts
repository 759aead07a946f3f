import type { Lang } from "~/i18n/language";
import type { ListedDealer } from "./dealer";

/*
 * The dealer page's caption under an approximate map, made by the loader: the sentences stay out of
 * the locale modules, which every page's JavaScript carries (the dealer page's budget, decision 043).
 */
const NOTES = {
  de: {
    postalCode: "Die genaue Adresse kennen wir nicht: Die Karte zeigt die Mitte des Postleitzahlgebiets.",
    town: "Die genaue Adresse kennen wir nicht: Die Karte zeigt die Ortsmitte.",
  },
  en: {
    postalCode: "We do not know the exact address: the map shows the centre of the postal-code area.",
    town: "We do not know the exact address: the map shows the centre of the town.",
  },
} as const satisfies Record<Lang, Record<string, string>>;

/** null when the map shows the address itself. */
export function locationNote(approximate: ListedDealer["approximate"], lang: Lang): string | null {
  if (!approximate) return null;
  return NOTES[lang][approximate === "town" ? "town" : "postalCode"];
}
