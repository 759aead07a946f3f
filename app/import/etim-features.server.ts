import type { Texts } from "~/exchange/catalogue-model";
import type { Problems } from "~/exchange/import-report";
import { ETIM_CODE, type EtimDictionary } from "./etim-dictionary.server";
import { decodeEntities } from "./plain-text";
import { readUnit } from "./units";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

/**
 * A FEATURE as the ETIM BMEcat guideline writes it (issue 38, decision 073): `FNAME` a feature
 * code (`EF000007`), `FVALUE` a value code (`EV000080`), a number (`0.019`), a logical
 * (`true`/`false`), two numbers for a range, `-` for "does not apply", or plain text; `FUNIT` a unit
 * code (`EU570448`); `FVALUE_DETAILS` words beside a value ("azure blue"). A visitor never sees a
 * code: with the dictionary (`--etim`) codes become names; without it, or for a code the
 * dictionary lacks, the feature is left off the page with one grouped warning.
 */
export const NOT_ETIM = Symbol("not an ETIM-coded feature");

export interface EtimFeatureContext {
  dictionary: EtimDictionary | null;
  problems: Problems;
  partno: string;
  /** The catalogue's reader of language-tagged texts (FNAME written in several languages). */
  texts: (nodes: XmlNode[]) => Texts;
}

const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
const YES_NO: Record<string, Texts> = { true: { de: "ja", en: "yes" }, false: { de: "nein", en: "no" } };

/** A number as each language writes it: `0.019` is `0,019` on German pages. */
function number(text: string): Texts {
  const plain = text.replace(/^\+/, "").replace(",", ".");
  return { de: plain.replace(".", ","), en: plain };
}

const HOW = "give the ETIM dictionary with --etim (ETIM's CSV release, e.g. ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip, or an ETIMIXF file; docs/importing.md, ETIM-classified catalogues)";

/**
 * The feature's name and value for the page; null when it is left off (a code nobody can read, a
 * value that does not apply); NOT_ETIM when the feature carries no ETIM code (the plain reader's).
 */
export function readEtimFeature(feature: XmlNode, context: EtimFeatureContext): { attribute: Texts; value: Texts } | null | typeof NOT_ETIM {
  const nameNodes = children(feature, "FNAME");
  const fname = textOf(nameNodes[0]);
  const values = children(feature, "FVALUE").map((node) => decodeEntities(textOf(node)));
  const unitNode = child(feature, "FUNIT");
  const unit = textOf(unitNode);
  const coded = [fname, unit, ...values].filter((text) => ETIM_CODE.test(text.toUpperCase()));
  if (coded.length === 0) return NOT_ETIM;
  const { dictionary, problems, partno } = context;
  const line = nameNodes[0]?.line ?? feature.line;
  if (!dictionary) {
    problems.warnEach("etim without dictionary", line, "FEATURE", `${partno} ${coded.join(" ")}`, `features written as ETIM codes are left off the pages: ${HOW}`);
    return null;
  }
  const unknown = coded.filter((code) => !dictionary.name(code));
  if (unknown.length > 0) {
    problems.warnEach("etim unknown code", line, "FEATURE", `${partno} ${unknown.join(" ")}`, `ETIM codes the dictionary does not name (another ETIM release?): the feature is left off the page`);
    return null;
  }
  const named = (text: string) => (ETIM_CODE.test(text.toUpperCase()) ? dictionary.name(text) : undefined);
  const attribute = named(fname) ?? context.texts(nameNodes);
  const symbol = named(unit)?.de ?? readUnit(unit).symbol;
  // "-" is the guideline's "does not apply": nothing to show.
  const shown = values.filter((text) => text !== "" && text !== "-");
  if (attribute.de === "" && attribute.en === "") return null;
  if (shown.length === 0) return null;
  const each = shown.map((text): Texts => named(text) ?? YES_NO[text.toLowerCase()] ?? (NUMBER.test(text) ? number(text) : { de: text, en: text }));
  const isRange = shown.length === 2 && shown.every((text) => NUMBER.test(text));
  const join = (lang: "de" | "en") => each.map((v) => v[lang]).join(isRange ? " – " : ", ");
  const details = decodeEntities(textOf(child(feature, "FVALUE_DETAILS")));
  const value = (lang: "de" | "en") => `${join(lang)}${symbol ? ` ${symbol}` : ""}${details ? ` (${details})` : ""}`;
  return { attribute, value: { de: value("de"), en: value("en") } };
}
