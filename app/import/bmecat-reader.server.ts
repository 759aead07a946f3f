import type { BrandNames } from "~/exchange/article-fields";
import { BMECAT_EXTENSIONS } from "~/exchange/bmecat-extensions";
import {
  CATALOGUE_ROOT_ID,
  type ImportedArticle,
  type ImportedGroup,
  type ImportedGroupLink,
  type ImportedHeader,
  type BmecatTransaction,
  type Texts,
} from "~/exchange/catalogue-model";
import type { Problems } from "~/exchange/import-report";
import { UnaddressedMakers } from "~/exchange/maker-addresses";
import { repairDoubleEncoding } from "./double-encoding";
import { decodeEntities } from "./plain-text";
import { child, children, readXmlRecords, textOf, type XmlNode } from "./xml-records.server";
import { NO_PARTIES, readParties, type MakerParties } from "./bmecat-parties.server";
import { isDocumentMime } from "./bmecat-product-safety.server";
import type { EtimDictionary } from "./etim-dictionary.server";
import {
  emptyGroup,
  groupName,
  integer,
  readArticle,
  readGroup,
  readSystemGroup,
  type TextsReader,
} from "./bmecat-elements.server";

export { EMPTY_ARTICLE, partnoProblem } from "./bmecat-elements.server";
export { parsePriceCents } from "./bmecat-prices.server";

/**
 * BMEcat 1.01, 1.2, 2005, 2005.1 and 2005.2 (decisions 023, 037): the header, the transaction, the
 * catalogue group system (or, without one, a classification or feature system), products (2005) or
 * articles (1.2) and their group mappings, each handed on as it is read. Element names of both
 * families are accepted in either, since exporters mix them more than the standard allows.
 *
 * Only what makes the file untrustworthy is an error (decision 037): a product without part number,
 * an unknown version. Anything else drops one value with a warning and keeps the product.
 */
export interface BmecatSink {
  header(header: ImportedHeader): void;
  /** The transaction element as it opens: a caller that cannot apply it throws BmecatFormatError to stop reading. */
  transaction?(transaction: BmecatTransaction, line: number): void;
  group(group: ImportedGroup): void;
  article(article: ImportedArticle): Promise<void> | void;
  /** A mapping from the group-map section at the end of the catalogue. */
  mapping(partno: string, link: ImportedGroupLink): Promise<void> | void;
}

type Lang = "de" | "en";

const LANGUAGE_CODES: Record<string, Lang> = { deu: "de", ger: "de", de: "de", eng: "en", en: "en" };

/** The versions BMEcat has published, by the family whose element names they use. */
const VERSIONS: Record<string, ImportedHeader["version"]> = { "1.01": "1.2", "1.2": "1.2", "2005": "2005", "2005.1": "2005", "2005.2": "2005" };

/**
 * Namespaces seen in the wild: `http://www.bmecat.org/bmecat/1.2`, `.../2005`, `.../2005fd` (the
 * official schema's), `https://...`, and 1.2's DTD-era `http://www.bmecat.org/XMLSchema/1.2/bmecat_new_catalog`.
 * Elements are matched by local name, so any of them (or none) reads the same.
 */
const BMECAT_NAMESPACE = /^https?:\/\/(www\.)?bmecat\.org\//i;

const TRANSACTIONS = new Set<string>(["T_NEW_CATALOG", "T_UPDATE_PRODUCTS", "T_UPDATE_PRICES"]);

/** The name of a catalogue whose file names neither itself nor its group system. */
const UNNAMED_CATALOGUE = { de: "Katalog", en: "Catalogue" } as const;

const RECORDS = new Set([
  "HEADER",
  "GROUP_SYSTEM_NAME",
  "CATALOG_STRUCTURE",
  "PRODUCT",
  "ARTICLE",
  "PRODUCT_TO_CATALOGGROUP_MAP",
  "ARTICLE_TO_CATALOGGROUP_MAP",
  // Structure when the file has no CATALOG_GROUP_SYSTEM: 2005's classification systems, 1.2's feature systems.
  "CLASSIFICATION_SYSTEM_NAME",
  "CLASSIFICATION_GROUP",
  "FEATURE_SYSTEM_NAME",
  "FEATURE_GROUP",
]);
const MIXED = new Set(["DESCRIPTION_LONG", "DESCRIPTION_SHORT", "GROUP_DESCRIPTION", "REMARKS"]);


export interface BmecatReadOptions {
  file: string;
  /** The brand's names (content/brand.yaml): a MANUFACTURER_NAME of the brand reads as none. */
  brand: BrandNames;
  problems: Problems;
  sink: BmecatSink;
  onBytes?: (bytes: number) => void;
  /** The German day prices are shown for (tests pass their own); today by default. */
  today?: string;
  /** `--etim`: names for ETIM-coded features (decision 073); without it they are left off. */
  etim?: EtimDictionary | null;
}

/** A group of a classification or feature system, kept until the file shows whether it has a catalogue group system. */
interface SystemGroup {
  system: string;
  group: ImportedGroup;
}

/**
 * Where the site's categories come from (decision 037): the catalogue group system; without one,
 * the groups of the first classification (feature) system, with products placed by their
 * REFERENCE_FEATURE_GROUP_ID; without those, the feature groups products name, one category each;
 * else none (every product then lands in one category named after the catalogue).
 */
type Structure = { kind: "catalogue" } | { kind: "system"; system: string; ids: Set<string> } | { kind: "referenced"; system: string | null; seen: Set<string> };

/** Reads the whole file into the sink. Throws XmlSyntaxError for malformed XML, BmecatFormatError for a file that is not BMEcat. */
export async function readBmecat({ file, brand, problems, sink, onBytes, today, etim }: BmecatReadOptions): Promise<ImportedHeader> {
  // Without CATALOG_NAME: the group system's name, else a neutral word, never the file's name (issue 38).
  let namedInHeader = false;
  // Named after the file until the header names the catalogue.
  const header: ImportedHeader = { version: "2005", catalogName: UNNAMED_CATALOGUE, mimeRoot: "", transaction: "T_NEW_CATALOG" };
  let defaultLang: Lang = "de";
  let sawRoot = false;
  let catalogCurrency = "";
  let catalogTerritories: string[] = [];
  let sawCatalogueGroups = false;
  let systemName = "";
  const systemGroups: SystemGroup[] = [];
  let structure: Structure | null = null;
  /** Warnings given once per file (an unknown unit, net prices only): repeated per product they would bury the rest. */
  const once = new Set<string>();
  /** PDFs of catalogue groups (nexmart puts load tables there): the site shows documents per article only. */
  const groupDocuments = { count: 0, line: 0 };
  let parties: MakerParties = NO_PARTIES;
  const unaddressed = new UnaddressedMakers();

  /** An element's language: its `lang` attribute, else the catalogue's; null for a third language. */
  const languageOf = (node: XmlNode): Lang | null => (node.attributes.lang ? (LANGUAGE_CODES[node.attributes.lang.toLowerCase()] ?? null) : defaultLang);
  /** The text of each language among `nodes` (elements with `lang`, or the catalogue's language). */
  const texts: TextsReader = (nodes, transform = decodeEntities) => {
    const result: Texts = { de: "", en: "" };
    for (const node of nodes) {
      const lang = languageOf(node);
      const written = transform(node.text).trim();
      const repaired = repairDoubleEncoding(written);
      if (repaired !== null) {
        const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
        problems.warnEach("double-encoded", node.line, node.name, `"${shown(written)}" → "${shown(repaired)}"`, "UTF-8 encoded twice (read as Windows-1252 on the way): repaired");
      }
      const text = repaired ?? written;
      if (lang && text !== "" && result[lang] === "") result[lang] = text;
    }
    return result;
  };

  /** Decided at the first product: the standard puts every group system before the products. */
  const decideStructure = (line: number): Structure => {
    if (structure) return structure;
    // A delta changes products of the catalogue the site has: it brings no structure of its own.
    const delta = header.transaction !== "T_NEW_CATALOG";
    if (sawCatalogueGroups || delta) return (structure = { kind: "catalogue" });
    const first = systemGroups[0];
    if (first) {
      const chosen = systemGroups.filter((g) => g.system === first.system);
      const ids = new Set(chosen.map((g) => g.group.sourceId));
      for (const { group } of chosen) {
        // Top groups, and groups whose parent belongs to no group of this system, hang below the catalogue.
        if (group.parentSourceId === null || !ids.has(group.parentSourceId)) group.parentSourceId = CATALOGUE_ROOT_ID;
        sink.group(group);
      }
      const others = new Set(systemGroups.map((g) => g.system).filter((s) => s !== first.system));
      problems.warn(line, "CATALOG_GROUP_SYSTEM", `the file has no catalogue group system: the categories are the ${chosen.length} groups of ${first.system ? `classification system ${first.system}` : "its classification system"}${others.size > 0 ? ` (not ${[...others].join(", ")})` : ""}`);
      systemGroups.length = 0;
      return (structure = { kind: "system", system: first.system, ids });
    }
    problems.warn(line, "CATALOG_GROUP_SYSTEM", "the file has no catalogue group system: products are placed by the feature group they name (REFERENCE_FEATURE_GROUP_ID), else in one category named after the catalogue");
    return (structure = { kind: "referenced", system: null, seen: new Set() });
  };

  /** The group links a product gets from its feature-group references when there is no catalogue group system. */
  const derivedLinks = (node: XmlNode, current: Structure): ImportedGroupLink[] => {
    if (current.kind === "catalogue") return [];
    const links: ImportedGroupLink[] = [];
    for (const block of [...children(node, "PRODUCT_FEATURES"), ...children(node, "ARTICLE_FEATURES")]) {
      const system = textOf(child(block, "REFERENCE_FEATURE_SYSTEM_NAME"));
      const idNode = child(block, "REFERENCE_FEATURE_GROUP_ID");
      const id = textOf(idNode);
      if (id === "" || system.toLowerCase().startsWith(BMECAT_EXTENSIONS.primaryFeatureSystem)) continue;
      if (current.kind === "system") {
        if ((system === "" || current.system === "" || system === current.system) && current.ids.has(id)) links.push({ sourceId: id, order: null, line: idNode?.line ?? block.line });
        continue;
      }
      current.system ??= system;
      if (system !== current.system) continue;
      // A bare code (a UNSPSC or ETIM class without its name) means nothing to a visitor: such a
      // product goes to the catalogue's own category instead.
      const written = texts(children(block, "REFERENCE_FEATURE_GROUP_NAME"));
      if (!current.seen.has(id) && written.de === "" && written.en === "") continue;
      if (!current.seen.has(id)) {
        current.seen.add(id);
        const line = idNode?.line ?? block.line;
        const name = groupName(written, id, line, "REFERENCE_FEATURE_GROUP_NAME", problems);
        sink.group({ ...emptyGroup(id, line), parentSourceId: CATALOGUE_ROOT_ID, name });
      }
      links.push({ sourceId: id, order: null, line: idNode?.line ?? block.line });
    }
    return links;
  };

  await readXmlRecords(file, {
    records: RECORDS,
    mixed: MIXED,
    onBytes,
    onRoot(name, attributes, line) {
      sawRoot = true;
      if (name.replace(/^.*:/, "") !== "BMECAT") throw new BmecatFormatError(`the file is not BMEcat: its root element is <${name}>, not <BMECAT>`, line);
      const version = (attributes.version ?? "").trim();
      const family = VERSIONS[version];
      if (family) header.version = family;
      else problems.error(line, "BMECAT", version === "" ? "the BMECAT element has no version: write 1.01, 1.2, 2005, 2005.1 or 2005.2" : `BMEcat version "${version}" is not supported: use 1.01, 1.2, 2005, 2005.1 or 2005.2`);
      for (const [key, value] of Object.entries(attributes)) {
        if ((key === "xmlns" || key === `xmlns:${name.split(":")[0]}`) && !BMECAT_NAMESPACE.test(value)) {
          problems.warn(line, "BMECAT", `namespace "${value}" is not BMEcat's: the elements are read by their names`);
        }
      }
    },
    onOpen(name, depth, line) {
      if (depth !== 2 || !TRANSACTIONS.has(name)) return;
      header.transaction = name as BmecatTransaction;
      sink.transaction?.(header.transaction, line);
    },
    async onRecord(node) {
      switch (node.name) {
        case "HEADER": {
          parties = readParties(node);
          const catalog = child(node, "CATALOG");
          if (!catalog) break;
          const languages = children(catalog, "LANGUAGE");
          const preferred = languages.find((l) => l.attributes.default === "true") ?? languages[0];
          const code = LANGUAGE_CODES[textOf(preferred).toLowerCase()];
          if (preferred && !code) {
            problems.warn(preferred.line, "HEADER/CATALOG/LANGUAGE", `language "${textOf(preferred)}" is neither German nor English; texts without a lang attribute are read as German`);
          }
          defaultLang = code ?? "de";
          const name = texts(children(catalog, "CATALOG_NAME"));
          namedInHeader = name.de !== "" || name.en !== "";
          header.catalogName = namedInHeader ? name : UNNAMED_CATALOGUE;
          header.mimeRoot = textOf(child(catalog, "MIME_ROOT"));
          catalogCurrency = textOf(child(catalog, "CURRENCY")).toUpperCase();
          catalogTerritories = children(catalog, "TERRITORY").map((t) => textOf(t).toUpperCase()).filter((t) => t !== "");
          sink.header(header);
          break;
        }
        case "GROUP_SYSTEM_NAME": {
          const name = texts([node]);
          if (!namedInHeader && (name.de !== "" || name.en !== "")) header.catalogName = name;
          break;
        }
        case "CATALOG_STRUCTURE":
          sawCatalogueGroups = true;
          if (structure && structure.kind !== "catalogue") {
            problems.warn(node.line, "CATALOG_STRUCTURE", "catalogue groups after the products are left out: the products are already placed without them");
            break;
          }
          sink.group(readGroup(node, texts, problems));
          for (const mime of children(child(node, "MIME_INFO") ?? node, "MIME").filter(isDocumentMime)) {
            if (groupDocuments.count++ === 0) groupDocuments.line = mime.line;
          }
          break;
        case "CLASSIFICATION_SYSTEM_NAME":
        case "FEATURE_SYSTEM_NAME":
          systemName = textOf(node);
          break;
        case "CLASSIFICATION_GROUP":
        case "FEATURE_GROUP": {
          if (structure) break;
          const group = readSystemGroup(node, texts, problems);
          if (group) systemGroups.push({ system: systemName, group });
          break;
        }
        case "PRODUCT":
        case "ARTICLE": {
          const current = decideStructure(node.line);
          const article = readArticle(node, texts, problems, { currency: catalogCurrency, territories: catalogTerritories, today, languageOf, transaction: header.transaction, once, brand, parties, etim });
          if (!article) break;
          // A price update or a deletion says nothing of the maker.
          if (header.transaction !== "T_UPDATE_PRICES" && article.mode !== "delete") unaddressed.note(article, node.line);
          if (current.kind !== "catalogue") article.groups = derivedLinks(node, current);
          await sink.article(article);
          break;
        }
        default: {
          const partno = textOf(child(node, "PROD_ID") ?? child(node, "ART_ID"));
          const groupId = textOf(child(node, "CATALOG_GROUP_ID"));
          const where = node.name;
          if (partno === "" || groupId === "") {
            problems.warn(node.line, where, "a group mapping needs PROD_ID (ART_ID) and CATALOG_GROUP_ID: it is left out");
            break;
          }
          const orderNode = child(node, "PRODUCT_TO_CATALOGGROUP_MAP_ORDER") ?? child(node, "ARTICLE_TO_CATALOGGROUP_MAP_ORDER");
          await sink.mapping(partno, { sourceId: groupId, order: integer(orderNode, where, problems), line: node.line });
        }
      }
    },
  });
  if (!sawRoot) throw new BmecatFormatError("the file is empty");
  if (groupDocuments.count > 0) {
    const n = groupDocuments.count;
    problems.warn(groupDocuments.line, "CATALOG_STRUCTURE/MIME_INFO", `${n.toLocaleString("en")} ${n === 1 ? "document belongs" : "documents belong"} to catalogue groups, not to products: left out (the site lists documents per article)`);
  }
  if (!structure && !sawCatalogueGroups) decideStructure(1);
  unaddressed.report(problems, "MANUFACTURER_NAME", "give them in the header's PARTY (ADDRESS with STREET, ZIP, CITY, COUNTRY, EMAIL or URL) and MANUFACTURER_IDREF, or UDX.VELOCAT.MANUFACTURER_ADDRESS and UDX.VELOCAT.MANUFACTURER_EMAIL");
  return header;
}

export class BmecatFormatError extends Error {
  override name = "BmecatFormatError";
  constructor(
    message: string,
    /** The line of the element that makes the file unreadable as a catalogue. */
    readonly line: number = 1,
  ) {
    super(message);
  }
}
