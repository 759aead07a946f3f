/*
 * How German is typed without umlauts: "Ruecklicht" for "Rücklicht", "Strasse" for "Straße". One
 * rule for every search that should not care (the dealer search's place names, the product search;
 * decisions 007, 029 and 036).
 */

const DIGRAPHS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss", ẞ: "SS" };

/** ä, ö, ü as the two letters a keyboard without umlauts writes (ae, oe, ue), ß as ss. */
export function umlautsAsDigraphs(text: string): string {
  return text.normalize("NFC").replace(/[äöüÄÖÜßẞ]/g, (letter) => DIGRAPHS[letter] ?? letter);
}

/**
 * On lower-case text whose umlauts already lost their dots ("rucklicht"): ae, oe and ue as the bare
 * vowel too, so "ruecklicht", "rücklicht" and "rucklicht" are one word. A word with a real "ue"
 * ("Soest", "neue") folds alike on both sides of a comparison, so it still finds itself.
 */
export function foldUmlautDigraphs(folded: string): string {
  return folded.replace(/([aou])e/g, "$1");
}
