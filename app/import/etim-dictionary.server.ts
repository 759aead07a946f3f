import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Texts } from "~/exchange/catalogue-model";
import { formatLimit, IMPORT_LIMITS } from "./import-limits";
import { plainText } from "./plain-text";
import { child, children, detached, readXmlRecords, textOf, XmlLimitError, XmlSyntaxError, type XmlNode } from "./xml-records.server";
import { inflatedZipSize, ZipSizeError } from "./zip-size.server";

/**
 * The ETIM dictionary an import names ETIM-coded features with (issue 38, decision 073): the
 * names of features (EF…), values (EV…) and units (EU…) as ETIM International publishes its model.
 * Two of its exports are read:
 * - the CSV release (`ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip`, or that ZIP unpacked):
 *   `;`-separated UTF-16 tables `ETIMFEATURE.csv` (FEATUREID, FEATUREDESC), `ETIMVALUE.csv`
 *   (VALUEID, VALUEDESC) and `ETIMUNIT.csv` (UNITOFMEASID, UNITDESC), one language per release;
 * - ETIMIXF, the XML exchange format: `Features/Feature`, `Values/Value`, `Units/Unit`, each with a
 *   `Code` and `Translations/Translation language="de-DE"` holding `Description` (units: also
 *   `Abbreviation`), every language in one file. It is streamed, so its size does not matter.
 * Only codes and their German and English names are kept: 34,000 codes are about 5 MB. A code is
 * two letters (EF feature, EV value, EU unit) and six characters, the last four digits: `EF000007`,
 * `EU570448`, and the national extensions' `EFAT0001`.
 */
export const ETIM_CODE = /^E[FVU][A-Z0-9]{2}\d{4}$/;

export class EtimDictionaryError extends Error {
  override name = "EtimDictionaryError";
}

type Lang = "de" | "en";

export class EtimDictionary {
  private readonly names = new Map<string, Texts>();
  /** What the report says of each file read: its name, format and count. */
  readonly sources: string[] = [];

  get size(): number {
    return this.names.size;
  }

  /**
   * A code's names; a name known in one language only is used for both (ETIM's international
   * release is English; a German one may be read beside it). Units are their symbol in both.
   */
  name(code: string): Texts | undefined {
    const found = this.names.get(code.trim().toUpperCase());
    if (!found) return undefined;
    return { de: found.de || found.en, en: found.en || found.de };
  }

  /** Adds one name; a later file fills a language an earlier one lacked, never overwrites. */
  add(code: string, lang: Lang, raw: string): boolean {
    const key = code.trim().toUpperCase();
    const text = cleanName(raw);
    if (!ETIM_CODE.test(key) || text === "") return false;
    let entry = this.names.get(key);
    if (!entry) {
      if (this.names.size >= IMPORT_LIMITS.etimCodes) {
        throw new EtimDictionaryError(`more than ${formatLimit(IMPORT_LIMITS.etimCodes)} codes: ETIM's whole model has about 34,000 (ETIM 10.0), so this is no ETIM dictionary`);
      }
      entry = { de: "", en: "" };
      this.names.set(detached(key), entry);
    }
    // Copies: a name cut from a 256 KB chunk of the file would keep the whole chunk alive.
    if (entry[lang] === "") entry[lang] = detached(text);
    return true;
  }
}

/**
 * A name as a page may show it: markup and entities a file may carry become text, control
 * characters and direction overrides spaces, all on one line, at most 200 characters (ETIM's
 * own names are at most 80).
 */
function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const text = plainText(raw).replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** `de=FILE` or `en=FILE` names the language of a CSV release whose file name does not. */
function splitSpec(spec: string): { file: string; lang: Lang | null } {
  const match = /^(de|en)=(.+)$/i.exec(spec);
  return match?.[1] && match[2] ? { file: match[2], lang: match[1].toLowerCase() as Lang } : { file: spec, lang: null };
}

/** ETIM names its CSV releases by language: `…-METRIC-EI-…` (international, English), `…-DE-…`. */
function languageOfName(file: string): Lang | null {
  const tokens = path.basename(file).toUpperCase().split(/[-_. ]+/);
  if (tokens.includes("DE")) return "de";
  if (tokens.includes("EI") || tokens.includes("EN")) return "en";
  return null;
}

/** Reads every `--etim` file into one dictionary. Throws EtimDictionaryError naming the file and what is wrong. */
export async function loadEtimDictionary(specs: readonly string[]): Promise<EtimDictionary> {
  const dictionary = new EtimDictionary();
  for (const spec of specs) {
    const { file, lang } = splitSpec(spec);
    const before = dictionary.size;
    try {
      const what = await readOne(file, lang, dictionary);
      dictionary.sources.push(`${path.basename(file)}: ${what}, ${formatLimit(dictionary.size - before)} codes`);
    } catch (error) {
      if (error instanceof EtimDictionaryError) throw new EtimDictionaryError(`${file}: ${error.message}`);
      throw error;
    }
  }
  if (dictionary.size === 0) throw new EtimDictionaryError(`${specs.join(", ")}: no ETIM codes (EF…, EV…, EU…) with names in it`);
  return dictionary;
}

const HINT = "give ETIM's CSV release (the ZIP or its folder) or an ETIMIXF XML file";

async function readOne(file: string, named: Lang | null, dictionary: EtimDictionary): Promise<string> {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new EtimDictionaryError("no such file or folder");
  const lang = named ?? languageOfName(file);
  if (stat.isDirectory()) {
    readCsvTables((name) => tableFile(file, name), lang ?? "en", dictionary);
    return `ETIM CSV folder (${lang ?? "en, as ETIM International's release"})`;
  }
  const head = Buffer.alloc(64);
  const handle = fs.openSync(file, "r");
  const bytesRead = fs.readSync(handle, head, 0, head.length, 0);
  fs.closeSync(handle);
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    if (stat.size > IMPORT_LIMITS.etimZipBytes) throw new EtimDictionaryError(`a ZIP of ${(stat.size / 1024 / 1024).toFixed(0)} MB: ETIM's CSV release is about 3 MB`);
    const tables = new Map<string, Buffer>();
    try {
      inflatedZipSize(fs.readFileSync(file), IMPORT_LIMITS.etimZipBytes, (name, data) => {
        const base = path.basename(name).toUpperCase();
        if (TABLES.some((t) => t.file === base)) tables.set(base, data);
      });
    } catch (error) {
      if (error instanceof ZipSizeError) throw new EtimDictionaryError(`${error.message.replace("the workbook", "the archive")}: ${HINT}`);
      throw error;
    }
    readCsvTables((name) => tables.get(name) ?? null, lang ?? "en", dictionary);
    return `ETIM CSV release (${lang ?? "en, as ETIM International's release"})`;
  }
  const text = decode(head.subarray(0, bytesRead)).trimStart();
  if (!text.startsWith("<")) throw new EtimDictionaryError(`neither a ZIP nor XML: ${HINT}`);
  await readIxf(file, dictionary);
  return "ETIMIXF";
}

/** The three tables the dictionary needs, their code and name columns (a release may add UNITABBREV). */
const TABLES = [
  { file: "ETIMFEATURE.CSV", code: "FEATUREID", names: ["FEATUREDESC"], required: true },
  { file: "ETIMVALUE.CSV", code: "VALUEID", names: ["VALUEDESC"], required: true },
  { file: "ETIMUNIT.CSV", code: "UNITOFMEASID", names: ["UNITABBREV", "UNITDESC"], required: false },
] as const;

function tableFile(folder: string, name: string): Buffer | null {
  const found = fs.readdirSync(folder).find((entry) => entry.toUpperCase() === name);
  if (!found) return null;
  const file = path.join(folder, found);
  if (fs.statSync(file).size > IMPORT_LIMITS.etimZipBytes) throw new EtimDictionaryError(`${found} is larger than ${IMPORT_LIMITS.etimZipBytes / 1024 / 1024} MB`);
  return fs.readFileSync(file);
}

/** ETIM writes its CSV in UTF-16 little-endian (10.0 without a byte-order mark, 8.0 and 9.0 with one); UTF-8 re-exports are read too. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  // ASCII text in UTF-16LE has a zero in every second byte.
  if (bytes.length > 1 && bytes[1] === 0 && bytes[0] !== 0) return new TextDecoder("utf-16le").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

function readCsvTables(table: (name: string) => Buffer | null, lang: Lang, dictionary: EtimDictionary): void {
  let found = 0;
  for (const spec of TABLES) {
    const bytes = table(spec.file);
    if (!bytes) {
      if (spec.required) throw new EtimDictionaryError(`no ${spec.file.replace(".CSV", ".csv")} in it: ${HINT}`);
      continue;
    }
    // A line break is byte 0x0A in UTF-8 and UTF-16 alike: a table of a million rows is refused before it is decoded.
    let lines = 0;
    for (let at = bytes.indexOf(0x0a); at !== -1 && lines <= IMPORT_LIMITS.etimCodes + 1; at = bytes.indexOf(0x0a, at + 1)) lines++;
    if (lines > IMPORT_LIMITS.etimCodes + 1) throw new EtimDictionaryError(`${spec.file} has more than ${formatLimit(IMPORT_LIMITS.etimCodes)} rows: ETIM's whole model has about 34,000 codes (ETIM 10.0), so this is no ETIM dictionary`);
    let rows: Record<string, string>[];
    try {
      rows = parse(decode(bytes), { delimiter: ";", columns: (header: string[]) => header.map((h) => h.trim().toUpperCase()), relax_quotes: true, relax_column_count: true, skip_empty_lines: true, to_line: IMPORT_LIMITS.etimCodes + 2 }) as Record<string, string>[];
    } catch (error) {
      throw new EtimDictionaryError(`${spec.file} cannot be read as ETIM's CSV (${(error as Error).message})`);
    }
    const first = rows[0];
    if (first && !(spec.code in first)) throw new EtimDictionaryError(`${spec.file} has no ${spec.code} column: ${HINT}`);
    for (const row of rows) {
      const name = spec.names.map((column) => row[column] ?? "").find((text) => text.trim() !== "") ?? "";
      if (dictionary.add(row[spec.code] ?? "", lang, name)) found++;
    }
  }
  if (found === 0) throw new EtimDictionaryError(`its tables hold no ETIM codes with names: ${HINT}`);
}

const IXF_KINDS: Record<string, "Features" | "Values" | "Units"> = { Feature: "Features", Value: "Values", Unit: "Units" };

/** `de-DE`, `DE`, `de-AT` → de; `EN`, `en-GB`, `en-US` → en; the first of each wins, `de-DE` and `en-GB` before the rest. */
function translations(node: XmlNode, unit: boolean): Partial<Record<Lang, string>> {
  const found: Partial<Record<Lang, { text: string; exact: boolean }>> = {};
  for (const translation of children(child(node, "Translations") ?? node, "Translation")) {
    const language = (translation.attributes.language ?? "").toLowerCase();
    const lang: Lang | null = /^de\b/.test(language) ? "de" : /^en\b/.test(language) ? "en" : null;
    if (!lang) continue;
    const text = (unit && textOf(child(translation, "Abbreviation"))) || textOf(child(translation, "Description"));
    const exact = language === "de-de" || language === "en-gb" || language === "en";
    const had = found[lang];
    if (text !== "" && (!had || (exact && !had.exact))) found[lang] = { text, exact };
  }
  return { de: found.de?.text, en: found.en?.text };
}

async function readIxf(file: string, dictionary: EtimDictionary): Promise<void> {
  let found = 0;
  try {
    await readXmlRecords(file, {
      records: new Set(Object.keys(IXF_KINDS)),
      onRoot(name, attributes) {
        const namespaces = Object.entries(attributes).filter(([key]) => key === "xmlns" || key.startsWith("xmlns:")).map(([, value]) => value);
        if (!/etimixf|^IXF$/i.test(name.replace(/^.*:/, "")) && !namespaces.some((ns) => /etimixf/i.test(ns))) {
          throw new EtimDictionaryError(`its root element is <${name}>, not ETIMIXF's: ${HINT}`);
        }
      },
      onRecord(node, at) {
        // Classes list their features and values too (by FeatureCode): only the model's own lists name them.
        if (at.length !== 2 || at[1] !== IXF_KINDS[node.name]) return;
        const names = translations(node, node.name === "Unit");
        const code = textOf(child(node, "Code"));
        for (const lang of ["de", "en"] as const) {
          const text = names[lang];
          if (text && dictionary.add(code, lang, text)) found++;
        }
      },
    });
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new EtimDictionaryError(`line ${error.line}: not well-formed XML (${error.message}): ${HINT}`);
    if (error instanceof XmlLimitError) throw new EtimDictionaryError(`line ${error.line}: ${error.message}`);
    throw error;
  }
  if (found === 0) throw new EtimDictionaryError(`no Feature, Value or Unit with a Code and a German or English Translation: ${HINT}`);
}
