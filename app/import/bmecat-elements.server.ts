import type { BrandNames } from "~/exchange/article-fields";
import { readGtin } from "~/utils/ean";
import { BMECAT_EXTENSIONS, isSecondaryFeatureSystem, SYMBOL_PATTERN } from "~/exchange/bmecat-extensions";
import {
  type ImportedArticle,
  type ImportedGroup,
  type ImportedGroupLink,
  type ImportedProperty,
  type ImportedReference,
  type MediaRef,
  type MenuGroup,
  type ArticleMode,
  type BmecatTransaction,
  type Texts,
  EMPTY_ARTICLE,
} from "~/exchange/catalogue-model";
import type { Problems } from "~/exchange/import-report";
import { integer, readArticleFields } from "./bmecat-article-fields.server";
import type { MakerParties } from "./bmecat-parties.server";
import { readDocuments, type LanguageOf } from "./bmecat-product-safety.server";
import { decodeEntities, plainText } from "./plain-text";
import { readPrices } from "./bmecat-prices.server";
import { readUnit } from "./units";
import type { EtimDictionary } from "./etim-dictionary.server";
import { NOT_ETIM, readEtimFeature, type EtimFeatureContext } from "./etim-features.server";
import { mergeEdxfMime, readEdxfMime } from "./edxf-mime.server";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

// The elements of a BMEcat file that bmecat-reader.server.ts reads one at a time: groups, articles
// and their parts, each checked as decision 037 says (a bad value is dropped with a warning).

const IMAGE_TYPES = /^image\/(jpeg|jpg|pjpeg|png|webp|gif|tiff|avif)$/i;
/** MIME purposes that are not the product's pictures. */
const NOT_PICTURES = new Set(["thumbnail", "logo", "data_sheet", "safety_data_sheet"]);

export type TextsReader = (nodes: XmlNode[], transform?: (text: string) => string) => Texts;

export { EMPTY_ARTICLE, integer };

function udx(node: XmlNode, name: string): XmlNode | undefined {
  return child(node, "USER_DEFINED_EXTENSIONS")?.children.find((c) => c.name === name);
}

/** A product written to the ETIM guideline (its UDX.EDXF extensions), whose prices are without VAT. */
function followsEtimGuideline(node: XmlNode): boolean {
  return child(node, "USER_DEFINED_EXTENSIONS")?.children.some((c) => c.name.startsWith("UDX.EDXF.")) ?? false;
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

export function emptyGroup(sourceId: string, line: number): ImportedGroup {
  return { sourceId, parentSourceId: null, name: { de: sourceId, en: "" }, description: { de: "", en: "" }, order: 0, image: null, menuGroup: null, symbol: null, line };
}

/** A group without a name is named by its id: a warning, not a refusal. */
export function groupName(name: Texts, id: string, line: number, where: string, problems: Problems): Texts {
  if (name.de !== "" || name.en !== "") return name;
  problems.warn(line, where, `group ${id} has no name: it is named by its id`);
  return { de: id, en: "" };
}

export function readGroup(node: XmlNode, texts: TextsReader, problems: Problems): ImportedGroup {
  const id = textOf(child(node, "GROUP_ID"));
  if (id === "") problems.warn(node.line, "CATALOG_STRUCTURE/GROUP_ID", "a catalogue group has no GROUP_ID: it is left out, with the products mapped to it");
  const parent = textOf(child(node, "PARENT_ID"));
  const isRoot = node.attributes.type === "root" || parent === "" || parent === "0";
  const menu = textOf(udx(node, BMECAT_EXTENSIONS.menuGroup)).toLowerCase();
  const symbol = textOf(udx(node, BMECAT_EXTENSIONS.symbol));
  return {
    sourceId: id,
    parentSourceId: isRoot ? null : parent,
    name: groupName(texts(children(node, "GROUP_NAME")), id, node.line, "CATALOG_STRUCTURE/GROUP_NAME", problems),
    description: texts(children(node, "GROUP_DESCRIPTION"), plainText),
    order: integer(child(node, "GROUP_ORDER"), "CATALOG_STRUCTURE", problems) ?? 0,
    image: pictures(child(node, "MIME_INFO"))[0] ?? null,
    menuGroup: menu === "parts" || menu === "accessories" ? (menu as MenuGroup) : null,
    symbol: SYMBOL_PATTERN.test(symbol) ? symbol : null,
    line: node.line,
  };
}

/** CLASSIFICATION_GROUP (2005) or FEATURE_GROUP (1.2): the same fields under the element's own prefix. */
export function readSystemGroup(node: XmlNode, texts: TextsReader, problems: Problems): ImportedGroup | null {
  const prefix = node.name; // CLASSIFICATION_GROUP or FEATURE_GROUP
  const id = textOf(child(node, `${prefix}_ID`));
  if (id === "") {
    problems.warn(node.line, `${prefix}/${prefix}_ID`, `a ${prefix} has no ${prefix}_ID: it is left out`);
    return null;
  }
  const parent = textOf(child(node, `${prefix}_PARENT_ID`));
  return {
    ...emptyGroup(id, node.line),
    parentSourceId: parent === "" || parent === "0" || parent === id ? null : parent,
    name: groupName(texts(children(node, `${prefix}_NAME`)), id, node.line, `${prefix}/${prefix}_NAME`, problems),
    description: texts(children(node, `${prefix}_DESCR`), plainText),
    order: integer(child(node, `${prefix}_ORDER`), prefix, problems) ?? 0,
  };
}

/** FVALUE, else FVALUE_DETAILS (which some exporters fill instead). */
function featureValues(feature: XmlNode): XmlNode[] {
  const values = children(feature, "FVALUE");
  return values.length > 0 ? values : children(feature, "FVALUE_DETAILS");
}

function readFeatures(blocks: XmlNode[], texts: TextsReader, problems: Problems, once: Set<string>, etim: EtimFeatureContext): ImportedProperty[] {
  const properties: ImportedProperty[] = [];
  for (const block of blocks) {
    const system = textOf(child(block, "REFERENCE_FEATURE_SYSTEM_NAME"));
    const kind = isSecondaryFeatureSystem(system) ? "secondary" : "primary";
    for (const feature of children(block, "FEATURE")) {
      // ETIM codes (EF…, EV…, EU…) are named from the dictionary or left off (decision 073).
      const coded = readEtimFeature(feature, etim);
      if (coded !== NOT_ETIM) {
        if (coded) properties.push({ kind, ...coded });
        continue;
      }
      // FNAME, or (BMEcat 2005) the name in the feature's template.
      const template = child(feature, "FTEMPLATE");
      const attribute = texts(children(feature, "FNAME").length > 0 || !template ? children(feature, "FNAME") : children(template, "FT_NAME"));
      if (attribute.de === "" && attribute.en === "") continue;
      const unitNode = child(feature, "FUNIT");
      const unit = readUnit(textOf(unitNode));
      if (!unit.known && !once.has(`unit ${unit.symbol}`)) {
        once.add(`unit ${unit.symbol}`);
        problems.warn(unitNode?.line ?? feature.line, "FEATURE/FUNIT", `unit "${unit.symbol}" is not a UN/ECE code or symbol we know: it is shown as written (first use; later ones are not listed)`);
      }
      const values = featureValues(feature);
      const withUnit = (text: string) => (unit.symbol ? `${text} ${unit.symbol}` : text);
      const byLang = values.some((v) => v.attributes.lang);
      const value: Texts = byLang ? texts(values) : { de: values.map((v) => decodeEntities(textOf(v))).filter(Boolean).join(", "), en: "" };
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

const REFERENCE_KINDS: Record<string, "accessory" | "sparepart"> = { accessories: "accessory", sparepart: "sparepart" };

const MODES = new Set<string>(["new", "update", "delete"]);


/** PRODUCT@mode (ARTICLE@mode in 1.2): absent means new; a value the standard does not know is read as an update. */
function articleMode(node: XmlNode, partno: string, problems: Problems): ArticleMode {
  const mode = (node.attributes.mode ?? "new").trim().toLowerCase();
  if (MODES.has(mode)) return mode as ArticleMode;
  problems.warnEach(`mode ${node.attributes.mode}`, node.line, `${node.name}/@mode`, partno, `mode "${node.attributes.mode}" is not new, update or delete: read as update`);
  return "update";
}

/**
 * What no web address or page can carry: control characters, and "." or ".." (browsers resolve
 * them as path steps). `/ ? # % \` are carried percent-encoded and come back whole (decision 037).
 * BMEcat allows 32 characters; past 100 the file is not what it claims.
 */
export function partnoProblem(partno: string): string | null {
  if (partno.length > 100) return "is longer than 100 characters (BMEcat allows 32)";
  if ([...partno].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return "holds control characters";
  if (partno === "." || partno === "..") return "is a path step (. or ..) that no web address can carry";
  return null;
}

interface ArticleContext {
  /** The header's CURRENCY and TERRITORY elements, which a price without its own is in. */
  currency: string;
  territories: string[];
  today: string | undefined;
  /** The brand's names: a maker of that name is the brand (article-fields.ts). */
  brand: BrandNames;
  languageOf: LanguageOf;
  transaction: BmecatTransaction;
  once: Set<string>;
  /** The header's parties (BMEcat 2005), for MANUFACTURER_IDREF. */
  parties: MakerParties;
  /** `--etim`: the names of ETIM codes; null or absent: coded features are left off. */
  etim?: EtimDictionary | null;
}

export function readArticle(node: XmlNode, texts: TextsReader, problems: Problems, context: ArticleContext): ImportedArticle | null {
  const where = node.name;
  const idNode = child(node, "SUPPLIER_PID") ?? child(node, "SUPPLIER_AID");
  const partno = textOf(idNode);
  if (partno === "") {
    problems.error(node.line, `${where}/SUPPLIER_PID`, "missing part number");
    return null;
  }
  const bad = partnoProblem(partno);
  if (bad) {
    const shown = [...partno.slice(0, 40)].map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? "?" : ch)).join("");
    problems.error(idNode?.line ?? node.line, `${where}/SUPPLIER_PID`, `part number "${shown}" ${bad}`);
    return null;
  }
  const mode = context.transaction === "T_UPDATE_PRODUCTS" ? articleMode(node, partno, problems) : context.transaction === "T_UPDATE_PRICES" ? "update" : "new";
  if (context.transaction === "T_NEW_CATALOG" && node.attributes.mode?.trim().toLowerCase() === "delete") {
    problems.warnEach("delete in new catalogue", node.line, `${where}/@mode`, partno, `mode "delete" in a whole catalogue (T_NEW_CATALOG): the product is left out`);
    return null;
  }
  // A deletion names only the product (decision 038).
  if (mode === "delete") return { ...EMPTY_ARTICLE, partno, line: node.line, mode, title: { de: "", en: "" }, description: { de: null, en: null } };
  // A price update carries prices only: no title to warn about.
  const textsExpected = context.transaction !== "T_UPDATE_PRICES";

  const details = child(node, "PRODUCT_DETAILS") ?? child(node, "ARTICLE_DETAILS") ?? node;
  let title = texts(children(details, "DESCRIPTION_SHORT"), plainText);
  if (title.de === "" && title.en === "" && textsExpected) {
    // The part number is what dealers order by: a product named by it is still found and sold.
    problems.warnEach("no title", node.line, `${where}/DESCRIPTION_SHORT`, partno, "no title (DESCRIPTION_SHORT): the part number is shown as its title");
    title = { de: partno, en: partno };
  }
  const long = texts(children(details, "DESCRIPTION_LONG"), plainText);

  const eans: string[] = [];
  const gtinNodes = [
    ...children(details, "INTERNATIONAL_PID").filter((n) => /^(gtin|ean)$/i.test(n.attributes.type ?? "")),
    ...children(details, "EAN"),
  ];
  for (const gtin of gtinNodes) {
    const raw = textOf(gtin);
    const reading = readGtin(raw);
    if ("gtin" in reading) {
      if (!eans.includes(reading.gtin)) eans.push(reading.gtin);
      continue;
    }
    const why = reading.problem === "trade-unit" ? "the GTIN-14 of a trade unit (a carton), not of the article" : "not a valid GTIN-8, -12, -13 or -14 (check digit or length)";
    problems.warnEach(`gtin ${reading.problem}`, gtin.line, `${where}/${gtin.name}`, `${partno}, GTIN "${raw}"`, `${why}: it is left out`);
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
  // The ETIM guideline's pictures and documents (UDX.EDXF.MIME_INFO) beside MIME_INFO's (decision 074).
  const edxf = readEdxfMime(node, { languageOf: context.languageOf, problems, partno });
  const blockOrder = block ? Number(textOf(block)) : null;

  return {
    partno,
    line: node.line,
    title,
    description: { de: long.de || null, en: long.en || null },
    prodcatname: prodcatname.de || prodcatname.en ? prodcatname : null,
    eans,
    ...readPrices([...children(node, "PRODUCT_PRICE_DETAILS"), ...children(node, "ARTICLE_PRICE_DETAILS")], problems, partno, { ...context, net: followsEtimGuideline(node) }),
    images: mergeEdxfMime(pictures(child(node, "MIME_INFO")), edxf.pictures),
    properties: readFeatures([...children(node, "PRODUCT_FEATURES"), ...children(node, "ARTICLE_FEATURES")], texts, problems, context.once, { dictionary: context.etim ?? null, problems, partno, texts }),
    references,
    groups,
    blockOrder: blockOrder !== null && Number.isInteger(blockOrder) && blockOrder > 0 ? blockOrder : null,
    mode,
    documents: mergeEdxfMime(readDocuments(node, context.languageOf), edxf.documents),
    ...readArticleFields(node, details, { languageOf: context.languageOf, problems, where, brand: context.brand, parties: context.parties }),
  };
}
