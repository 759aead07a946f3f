import { isValidEan13 } from "~/utils/ean";
import { BMECAT_EXTENSIONS, isSecondaryFeatureSystem, SYMBOL_PATTERN } from "./bmecat-extensions";
import type {
  ArticleMode,
  BmecatTransaction,
  ImportedArticle,
  ImportedGroup,
  ImportedGroupLink,
  ImportedHeader,
  ImportedProperty,
  ImportedReference,
  MediaRef,
  MenuGroup,
  Texts,
} from "./catalogue-model";
import type { Problems } from "./import-report";
import { plainText } from "./plain-text";
import { unitSymbol } from "./units";
import { child, children, readXmlRecords, textOf, type XmlNode } from "./xml-records.server";

/**
 * BMEcat 2005 and 1.2 (decision 023): the header, the catalogue group system, products (2005) or
 * articles (1.2) and their group mappings, each handed on as it is read. Element names of both
 * versions are accepted in either, since exporters mix them more than the standard allows.
 */
export interface BmecatSink {
  header(header: ImportedHeader): void;
  group(group: ImportedGroup): void;
  article(article: ImportedArticle): Promise<void> | void;
  /** A mapping from the group-map section at the end of the catalogue. */
  mapping(partno: string, link: ImportedGroupLink): Promise<void> | void;
}

type Lang = "de" | "en";

const LANGUAGE_CODES: Record<string, Lang> = { deu: "de", ger: "de", de: "de", eng: "en", en: "en" };

const RECORDS = new Set([
  "HEADER",
  "CATALOG_STRUCTURE",
  "PRODUCT",
  "ARTICLE",
  "PRODUCT_TO_CATALOGGROUP_MAP",
  "ARTICLE_TO_CATALOGGROUP_MAP",
]);
const TRANSACTIONS = new Set<string>(["T_NEW_CATALOG", "T_UPDATE_PRODUCTS", "T_UPDATE_PRICES"]);
const MIXED = new Set(["DESCRIPTION_LONG", "DESCRIPTION_SHORT", "GROUP_DESCRIPTION"]);

const IMAGE_TYPES = /^image\/(jpeg|jpg|pjpeg|png|webp|gif|tiff|avif)$/i;
/** MIME purposes that are not the product's pictures. */
const NOT_PICTURES = new Set(["thumbnail", "logo", "data_sheet", "safety_data_sheet"]);

export interface BmecatReadOptions {
  file: string;
  problems: Problems;
  sink: BmecatSink;
  onBytes?: (bytes: number) => void;
}

/** Reads the whole file into the sink. Throws XmlSyntaxError for malformed XML. */
export async function readBmecat({ file, problems, sink, onBytes }: BmecatReadOptions): Promise<ImportedHeader> {
  const header: ImportedHeader = { version: "2005", catalogName: { de: "", en: "" }, mimeRoot: "", transaction: "T_NEW_CATALOG" };
  let defaultLang: Lang = "de";
  let sawRoot = false;

  /** The text of each language among `nodes` (elements with `lang`, or the catalogue's language). */
  const texts = (nodes: XmlNode[], transform: (text: string) => string = (t) => t): Texts => {
    const result: Texts = { de: "", en: "" };
    for (const node of nodes) {
      const lang = node.attributes.lang ? LANGUAGE_CODES[node.attributes.lang.toLowerCase()] : defaultLang;
      const text = transform(node.text).trim();
      if (lang && text !== "" && result[lang] === "") result[lang] = text;
    }
    return result;
  };

  await readXmlRecords(file, {
    records: RECORDS,
    mixed: MIXED,
    onBytes,
    onRoot(name, attributes) {
      sawRoot = true;
      if (name !== "BMECAT") throw new BmecatFormatError(`the file is not BMEcat: its root element is <${name}>, not <BMECAT>`);
      const version = attributes.version ?? "";
      if (version.startsWith("2005")) header.version = "2005";
      else if (version.startsWith("1.2") || version.startsWith("1.01")) header.version = "1.2";
      else throw new BmecatFormatError(`BMEcat version "${version}" is not supported: use 2005 or 1.2`);
    },
    async onRecord(node, at) {
      // The header comes first, so the transaction is known from the first record inside it.
      const transaction = at.find((name): name is BmecatTransaction => TRANSACTIONS.has(name));
      if (transaction) header.transaction = transaction;
      switch (node.name) {
        case "HEADER": {
          const catalog = child(node, "CATALOG");
          if (!catalog) break;
          const languages = children(catalog, "LANGUAGE");
          const preferred = languages.find((l) => l.attributes.default === "true") ?? languages[0];
          const code = LANGUAGE_CODES[textOf(preferred).toLowerCase()];
          if (preferred && !code) {
            problems.warn(preferred.line, "HEADER/CATALOG/LANGUAGE", `language "${textOf(preferred)}" is neither German nor English; texts without a lang attribute are read as German`);
          }
          defaultLang = code ?? "de";
          header.catalogName = texts(children(catalog, "CATALOG_NAME"));
          header.mimeRoot = textOf(child(catalog, "MIME_ROOT"));
          sink.header(header);
          break;
        }
        case "CATALOG_STRUCTURE":
          sink.group(readGroup(node, texts, problems));
          break;
        case "PRODUCT":
        case "ARTICLE": {
          const article = readArticle(node, texts, problems, header.transaction);
          if (article) await sink.article(article);
          break;
        }
        default: {
          const partno = textOf(child(node, "PROD_ID") ?? child(node, "ART_ID"));
          const groupId = textOf(child(node, "CATALOG_GROUP_ID"));
          const where = node.name;
          if (partno === "" || groupId === "") {
            problems.error(node.line, where, "a group mapping needs PROD_ID (ART_ID) and CATALOG_GROUP_ID");
            break;
          }
          const orderNode = child(node, "PRODUCT_TO_CATALOGGROUP_MAP_ORDER") ?? child(node, "ARTICLE_TO_CATALOGGROUP_MAP_ORDER");
          await sink.mapping(partno, { sourceId: groupId, order: integer(orderNode, where, problems), line: node.line });
        }
      }
    },
  });
  if (!sawRoot) throw new BmecatFormatError("the file is empty");
  return header;
}

export class BmecatFormatError extends Error {
  override name = "BmecatFormatError";
}

function integer(node: XmlNode | undefined, where: string, problems: Problems): number | null {
  if (!node) return null;
  const value = Number(textOf(node));
  if (!Number.isInteger(value)) {
    problems.error(node.line, `${where}/${node.name}`, `"${textOf(node)}" is not a whole number`);
    return null;
  }
  return value;
}

type TextsReader = (nodes: XmlNode[], transform?: (text: string) => string) => Texts;

function udx(node: XmlNode, name: string): XmlNode | undefined {
  return child(node, "USER_DEFINED_EXTENSIONS")?.children.find((c) => c.name === name);
}

function mimeRefs(node: XmlNode | undefined): { ref: MediaRef; order: number; index: number }[] {
  if (!node) return [];
  return children(node, "MIME")
    .map((mime, index) => ({ mime, index }))
    .filter(({ mime }) => IMAGE_TYPES.test(textOf(child(mime, "MIME_TYPE"))) || (textOf(child(mime, "MIME_TYPE")) === "" && /\.(jpe?g|png|webp|gif|tiff?|avif)$/i.test(textOf(child(mime, "MIME_SOURCE")))))
    .filter(({ mime }) => !NOT_PICTURES.has(textOf(child(mime, "MIME_PURPOSE")).toLowerCase()))
    .map(({ mime, index }) => {
      const source = child(mime, "MIME_SOURCE");
      const order = Number(textOf(child(mime, "MIME_ORDER")));
      return { ref: { source: textOf(source), line: source?.line ?? mime.line }, order: Number.isFinite(order) && textOf(child(mime, "MIME_ORDER")) !== "" ? order : Number.MAX_SAFE_INTEGER, index };
    })
    .filter(({ ref }) => ref.source !== "");
}

/** Pictures in MIME_ORDER, then file order; the same file twice counts once. */
function pictures(node: XmlNode | undefined): MediaRef[] {
  const seen = new Set<string>();
  return mimeRefs(node)
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ ref }) => ref)
    .filter((ref) => !seen.has(ref.source) && seen.add(ref.source));
}

function readGroup(node: XmlNode, texts: TextsReader, problems: Problems): ImportedGroup {
  const id = textOf(child(node, "GROUP_ID"));
  if (id === "") problems.error(node.line, "CATALOG_STRUCTURE/GROUP_ID", "a catalogue group has no GROUP_ID");
  const parent = textOf(child(node, "PARENT_ID"));
  const isRoot = node.attributes.type === "root" || parent === "" || parent === "0";
  const name = texts(children(node, "GROUP_NAME"));
  if (name.de === "" && name.en === "") problems.error(node.line, "CATALOG_STRUCTURE/GROUP_NAME", `group ${id} has no name`);
  const menu = textOf(udx(node, BMECAT_EXTENSIONS.menuGroup)).toLowerCase();
  const symbol = textOf(udx(node, BMECAT_EXTENSIONS.symbol));
  return {
    sourceId: id,
    parentSourceId: isRoot ? null : parent,
    name,
    description: texts(children(node, "GROUP_DESCRIPTION"), plainText),
    order: integer(child(node, "GROUP_ORDER"), "CATALOG_STRUCTURE", problems) ?? 0,
    image: pictures(child(node, "MIME_INFO"))[0] ?? null,
    menuGroup: menu === "parts" || menu === "accessories" ? (menu as MenuGroup) : null,
    symbol: SYMBOL_PATTERN.test(symbol) ? symbol : null,
    line: node.line,
  };
}

/** "19.95", "19,95", "1.299,00": the amount in cents, or null when it is not a price. */
export function parsePriceCents(text: string): number | null {
  const cleaned = text.replace(/\s/g, "");
  let normal = cleaned;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(cleaned)) normal = cleaned.replace(/\./g, "").replace(",", ".");
  else if (/^\d+,\d+$/.test(cleaned)) normal = cleaned.replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

function readPrice(details: XmlNode[], problems: Problems, partno: string): number | null {
  const prices = details.flatMap((d) => [...children(d, "PRODUCT_PRICE"), ...children(d, "ARTICLE_PRICE")]);
  const pick = prices.find((p) => p.attributes.price_type === "nrp") ?? prices.find((p) => p.attributes.price_type === "gros_list");
  if (!pick) return null;
  const amount = child(pick, "PRICE_AMOUNT");
  const currency = textOf(child(pick, "PRICE_CURRENCY"));
  if (currency !== "" && currency.toUpperCase() !== "EUR") {
    problems.warn(pick.line, "PRICE_CURRENCY", `${partno}: price in ${currency}, not EUR: no price is shown`);
    return null;
  }
  const cents = parsePriceCents(textOf(amount));
  if (cents === null) {
    problems.error(amount?.line ?? pick.line, "PRICE_AMOUNT", `${partno}: "${textOf(amount)}" is not a price`);
  }
  return cents;
}

function readFeatures(blocks: XmlNode[], texts: TextsReader): ImportedProperty[] {
  const properties: ImportedProperty[] = [];
  for (const block of blocks) {
    const system = textOf(child(block, "REFERENCE_FEATURE_SYSTEM_NAME"));
    const kind = isSecondaryFeatureSystem(system) ? "secondary" : "primary";
    for (const feature of children(block, "FEATURE")) {
      const attribute = texts(children(feature, "FNAME"));
      if (attribute.de === "" && attribute.en === "") continue;
      const unit = unitSymbol(textOf(child(feature, "FUNIT")));
      const values = children(feature, "FVALUE");
      const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
      const byLang = values.some((v) => v.attributes.lang);
      const value: Texts = byLang
        ? texts(values)
        : { de: values.map(textOf).filter(Boolean).join(", "), en: "" };
      if (!byLang) value.en = value.de;
      if (value.de === "" && value.en === "") continue;
      properties.push({
        kind,
        attribute,
        value: { de: value.de && withUnit(value.de), en: value.en && withUnit(value.en) },
      });
    }
  }
  return properties;
}

const EMPTY_ARTICLE: Omit<ImportedArticle, "partno" | "line" | "mode" | "title" | "description"> = {
  prodcatname: null,
  eans: [],
  priceCents: null,
  images: [],
  properties: [],
  references: [],
  groups: [],
  blockOrder: null,
};

const REFERENCE_KINDS: Record<string, "accessory" | "sparepart"> = { accessories: "accessory", sparepart: "sparepart" };

const MODES = new Set<string>(["new", "update", "delete"]);

/** PRODUCT@mode (ARTICLE@mode in 1.2): absent means new; a value the standard does not know is read as an update. */
function articleMode(node: XmlNode, partno: string, problems: Problems): ArticleMode {
  const mode = (node.attributes.mode ?? "new").trim().toLowerCase();
  if (MODES.has(mode)) return mode as ArticleMode;
  problems.warn(node.line, `${node.name}/@mode`, `${partno}: mode "${node.attributes.mode}" is not new, update or delete: read as update`);
  return "update";
}

function readArticle(node: XmlNode, texts: TextsReader, problems: Problems, transaction: BmecatTransaction): ImportedArticle | null {
  const where = node.name;
  const idNode = child(node, "SUPPLIER_PID") ?? child(node, "SUPPLIER_AID");
  const partno = textOf(idNode);
  if (partno === "") {
    problems.error(node.line, `${where}/SUPPLIER_PID`, "missing part number");
    return null;
  }
  const control = [...partno].some((ch) => ch.charCodeAt(0) < 32);
  if (partno.length > 100 || control || /[/\\?#%]/.test(partno)) {
    problems.error(idNode?.line ?? node.line, `${where}/SUPPLIER_PID`, `part number "${partno.slice(0, 40)}" is too long or holds characters a web address cannot carry (/ \\ ? # %)`);
    return null;
  }
  const mode = transaction === "T_UPDATE_PRODUCTS" ? articleMode(node, partno, problems) : transaction === "T_UPDATE_PRICES" ? "update" : "new";
  if (transaction === "T_NEW_CATALOG" && node.attributes.mode?.trim().toLowerCase() === "delete") {
    problems.warn(node.line, `${where}/@mode`, `${partno}: mode "delete" in a whole catalogue (T_NEW_CATALOG): the product is left out`);
    return null;
  }
  // A deletion names only the product (decision 038).
  if (mode === "delete") return { ...EMPTY_ARTICLE, partno, line: node.line, mode, title: { de: "", en: "" }, description: { de: null, en: null } };
  const details = child(node, "PRODUCT_DETAILS") ?? child(node, "ARTICLE_DETAILS") ?? node;
  const title = texts(children(details, "DESCRIPTION_SHORT"), plainText);
  // A price update carries prices only.
  if (title.de === "" && title.en === "" && transaction !== "T_UPDATE_PRICES") {
    problems.error(node.line, `${where}/DESCRIPTION_SHORT`, `${partno}: no title (DESCRIPTION_SHORT)`);
    return null;
  }
  const long = texts(children(details, "DESCRIPTION_LONG"), plainText);

  const eans: string[] = [];
  const gtinNodes = [
    ...children(details, "INTERNATIONAL_PID").filter((n) => /^(gtin|ean)$/i.test(n.attributes.type ?? "")),
    ...children(details, "EAN"),
  ];
  for (const gtin of gtinNodes) {
    const raw = textOf(gtin).replace(/\s/g, "");
    // GTIN-13 is what shops and scanners use; a GTIN-14 of a trade unit is not the product's.
    const ean = raw.length === 14 && raw.startsWith("0") ? raw.slice(1) : raw.length === 12 ? `0${raw}` : raw;
    if (!isValidEan13(ean)) {
      problems.error(gtin.line, `${where}/${gtin.name}`, `${partno}: "${raw}" is not a valid GTIN/EAN-13 (check digit or length)`);
      continue;
    }
    if (!eans.includes(ean)) eans.push(ean);
  }

  const prodcatname = texts(children(child(node, "PRODUCT_FEATURES") ?? child(node, "ARTICLE_FEATURES") ?? node, "REFERENCE_FEATURE_GROUP_NAME"));
  const references: ImportedReference[] = [];
  for (const ref of [...children(node, "PRODUCT_REFERENCE"), ...children(node, "ARTICLE_REFERENCE")]) {
    const kind = REFERENCE_KINDS[ref.attributes.type ?? ""];
    const target = textOf(child(ref, "PROD_ID_TO") ?? child(ref, "ART_ID_TO"));
    if (kind && target !== "" && target !== partno && !references.some((r) => r.kind === kind && r.target === target)) {
      references.push({ kind, target, line: ref.line });
    }
  }
  const groups: ImportedGroupLink[] = children(node, "PRODUCT_TO_CATALOGGROUP_MAP")
    .concat(children(node, "ARTICLE_TO_CATALOGGROUP_MAP"))
    .map((m) => ({ sourceId: textOf(child(m, "CATALOG_GROUP_ID")), order: null, line: m.line }))
    .filter((g) => g.sourceId !== "");
  const block = udx(node, BMECAT_EXTENSIONS.blockOrder);
  const blockOrder = block ? Number(textOf(block)) : null;

  return {
    partno,
    line: node.line,
    title,
    description: { de: long.de || null, en: long.en || null },
    prodcatname: prodcatname.de || prodcatname.en ? prodcatname : null,
    eans,
    priceCents: readPrice([...children(node, "PRODUCT_PRICE_DETAILS"), ...children(node, "ARTICLE_PRICE_DETAILS")], problems, partno),
    images: pictures(child(node, "MIME_INFO")),
    properties: readFeatures([...children(node, "PRODUCT_FEATURES"), ...children(node, "ARTICLE_FEATURES")], texts),
    references,
    groups,
    blockOrder: blockOrder !== null && Number.isInteger(blockOrder) && blockOrder > 0 ? blockOrder : null,
    mode,
  };
}
