import { placeKey } from "./postal-query";

/*
 * Names people outside the town use for towns of Germany, Austria and Switzerland, and the town's
 * own name as the GeoNames postal-code files spell it. Source: the English, French and Italian names
 * in Wikipedia's "List of European exonyms" (German and Swiss sections), plus the German names of
 * towns in French- and Italian-speaking Switzerland, which visitors of the German pages type.
 * Towns only, no regions. Left out on purpose: names that are themselves a town in the files
 * ("Neuenburg" is Neuchâtel and a town in Baden; "Freiburg" is Fribourg and Freiburg im Breisgau;
 * "Berne" is Bern and a village in Lower Saxony),
 * and names the umlaut folding already finds ("Zurich", "Dusseldorf", "Munster"). The test beside
 * this file checks both against the shipped files.
 */
const EXONYMS: Record<string, string> = {
  // English
  Munich: "München",
  Cologne: "Köln",
  Nuremberg: "Nürnberg",
  Hanover: "Hannover",
  Brunswick: "Braunschweig",
  Hamelin: "Hameln",
  Frankfort: "Frankfurt am Main",
  "Aix-la-Chapelle": "Aachen",
  Mayence: "Mainz",
  Treves: "Trier",
  Ratisbon: "Regensburg",
  Constance: "Konstanz",
  Coblenz: "Koblenz",
  Vienna: "Wien",
  Geneva: "Genève",
  Basle: "Basel",
  Lucerne: "Luzern",
  "Saint Gall": "St. Gallen",
  // French
  Vienne: "Wien",
  Bâle: "Basel",
  Coire: "Chur",
  "Saint-Gall": "St. Gallen",
  Soleure: "Solothurn",
  Schaffhouse: "Schaffhausen",
  Ratisbonne: "Regensburg",
  Coblence: "Koblenz",
  Francfort: "Frankfurt am Main",
  Hanovre: "Hannover",
  Dresde: "Dresden",
  // Italian
  "Monaco di Baviera": "München",
  Colonia: "Köln",
  Norimberga: "Nürnberg",
  Ginevra: "Genève",
  Basilea: "Basel",
  Berna: "Bern",
  Lucerna: "Luzern",
  Zurigo: "Zürich",
  Coira: "Chur",
  "San Gallo": "St. Gallen",
  Francoforte: "Frankfurt am Main",
  Lipsia: "Leipzig",
  Dresda: "Dresden",
  Berlino: "Berlin",
  Amburgo: "Hamburg",
  Stoccarda: "Stuttgart",
  Magonza: "Mainz",
  Treviri: "Trier",
  Aquisgrana: "Aachen",
  Costanza: "Konstanz",
  Ratisbona: "Regensburg",
  Salisburgo: "Salzburg",
  // German names of Swiss towns that are French or Italian on their own
  Genf: "Genève",
  Sitten: "Sion",
  Bienne: "Biel/Bienne",
  Delsberg: "Delémont",
  Bellenz: "Bellinzona",
};

/** Exonym key → the town's own key, both as placeKey folds them. */
export const EXONYM_KEYS: ReadonlyMap<string, string> = new Map(
  Object.entries(EXONYMS).map(([exonym, native]) => [placeKey(exonym), placeKey(native)]),
);

/** Exonym key → the exonym as the table spells it ("vienna" → "Vienna"). */
const EXONYM_SPELLINGS: ReadonlyMap<string, string> = new Map(Object.keys(EXONYMS).map((exonym) => [placeKey(exonym), exonym]));

/** The exonym a visitor typed, spelled properly ("VIENNA" → "Vienna"); undefined for a town's own name. */
export function typedExonym(typed: string): string | undefined {
  return EXONYM_SPELLINGS.get(placeKey(typed));
}

/** The key to look a typed place up by: the town's own key for an exonym ("munich" → "munchen"). */
export function nativePlaceKey(key: string): string {
  return EXONYM_KEYS.get(key) ?? key;
}
