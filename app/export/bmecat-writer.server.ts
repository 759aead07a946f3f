import { brand } from "~/config/brand";
import type { CategoryRow } from "~/db/schema";
import { BMECAT_EXTENSIONS } from "~/import/bmecat-extensions";
import type { MenuGroup, Texts } from "~/import/catalogue-model";
import type { ArticleRecord } from "~/models/article.server";
import type { XmlWriter } from "./xml-writer";

/**
 * The elements of a BMEcat 2005 catalogue (T_NEW_CATALOG), in the order the standard's schema
 * sets, written so that our import reads back exactly what the site shows: every text in German
 * and, where translated, English; our own data in the UDX.VELOCAT extensions (decision 023).
 */
export const BMECAT_NAMESPACE = "http://www.bmecat.org/bmecat/2005";

/** Recommended retail prices include German VAT. */
const TAX_RATE = "0.19";

const LANGUAGES = [
  ["de", "deu"],
  ["en", "eng"],
] as const;

/** One element per language that has a text: an empty English text means "not translated". */
function localized(xml: XmlWriter, name: string, texts: Texts): void {
  for (const [key, code] of LANGUAGES) {
    if (texts[key] !== "") xml.element(name, texts[key], { lang: code });
  }
}

/** "32.95": euros with two decimals, computed in whole cents so no binary fraction shows. */
export function formatPrice(cents: number): string {
  const whole = Math.round(cents);
  return `${Math.trunc(whole / 100)}.${String(Math.abs(whole % 100)).padStart(2, "0")}`;
}

export interface CatalogueHeader {
  catalogName: Texts;
  /** The pictures' folder relative to the XML file's folder, ending in "/"; "" when they sit beside it. */
  mimeRoot: string;
}

/** XML declaration, root element, HEADER, and the opening of T_NEW_CATALOG. */
export function startCatalogue(xml: XmlWriter, header: CatalogueHeader): void {
  xml.declaration();
  xml.start("BMECAT", { version: "2005", xmlns: BMECAT_NAMESPACE });
  xml.start("HEADER");
  xml.element("GENERATOR_INFO", `${brand.name} catalogue, BMEcat export of velocat`);
  xml.start("CATALOG");
  xml.element("LANGUAGE", "deu", { default: "true" });
  xml.element("LANGUAGE", "eng");
  xml.element("CATALOG_ID", brand.slug);
  // No generation date: the same catalogue must give the same bytes, so exports can be compared.
  xml.element("CATALOG_VERSION", "1.0");
  localized(xml, "CATALOG_NAME", header.catalogName);
  xml.element("CURRENCY", "EUR");
  if (header.mimeRoot !== "") xml.element("MIME_ROOT", header.mimeRoot);
  xml.end();
  xml.start("SUPPLIER");
  xml.element("SUPPLIER_NAME", brand.legalName);
  xml.end();
  xml.end();
  xml.start("T_NEW_CATALOG");
}

export interface ExportGroup {
  category: CategoryRow;
  groupId: string;
  /** null for the root. */
  parentGroupId: string | null;
  type: "root" | "node" | "leaf";
  /** Only for top categories: the menu column. */
  menuGroup: MenuGroup | null;
  /** MIME_SOURCE of the category's picture; null when it has none. */
  picture: string | null;
}

export function writeGroup(xml: XmlWriter, group: ExportGroup): void {
  const { category } = group;
  xml.start("CATALOG_STRUCTURE", { type: group.type });
  xml.element("GROUP_ID", group.groupId);
  localized(xml, "GROUP_NAME", { de: category.name_de, en: category.name_en });
  localized(xml, "GROUP_DESCRIPTION", { de: category.description_de, en: category.description_en });
  xml.element("PARENT_ID", group.parentGroupId ?? "0");
  xml.element("GROUP_ORDER", category.position);
  if (group.picture !== null) {
    xml.start("MIME_INFO");
    writeMime(xml, group.picture, "normal");
    xml.end();
  }
  xml.start("USER_DEFINED_EXTENSIONS");
  if (group.menuGroup !== null) xml.element(BMECAT_EXTENSIONS.menuGroup, group.menuGroup);
  xml.element(BMECAT_EXTENSIONS.symbol, category.symbol);
  xml.end();
  xml.end();
}

function writeMime(xml: XmlWriter, source: string, purpose: "normal" | "detail", order?: number): void {
  xml.start("MIME");
  xml.element("MIME_TYPE", "image/jpeg");
  xml.element("MIME_SOURCE", source);
  xml.element("MIME_PURPOSE", purpose);
  if (order !== undefined) xml.element("MIME_ORDER", order);
  xml.end();
}

type Property = ArticleRecord["properties"][number];

function writeFeatures(xml: XmlWriter, system: string, groupName: Texts, properties: Property[]): void {
  xml.start("PRODUCT_FEATURES");
  xml.element("REFERENCE_FEATURE_SYSTEM_NAME", system);
  localized(xml, "REFERENCE_FEATURE_GROUP_NAME", groupName);
  for (const p of properties) {
    xml.start("FEATURE");
    localized(xml, "FNAME", { de: p.attribute_de, en: p.attribute_en });
    // The stored value carries its unit ("53 mm"): FUNIT would add it a second time on import.
    localized(xml, "FVALUE", { de: p.value_de, en: p.value_en });
    xml.end();
  }
  xml.end();
}

export interface ExportProduct {
  article: ArticleRecord;
  /** MIME_SOURCE of each of the article's pictures that could be exported, in order. */
  pictures: string[];
  /** Place among its category's featured blocks; null when it is not one. */
  blockOrder: number | null;
}

export function writeProduct(xml: XmlWriter, { article, pictures, blockOrder }: ExportProduct): void {
  xml.start("PRODUCT", { mode: "new" });
  xml.element("SUPPLIER_PID", article.partno);

  xml.start("PRODUCT_DETAILS");
  localized(xml, "DESCRIPTION_SHORT", { de: article.title_de, en: article.title_en });
  localized(xml, "DESCRIPTION_LONG", { de: article.description_de ?? "", en: article.description_en ?? "" });
  for (const ean of article.eans) xml.element("INTERNATIONAL_PID", ean, { type: "gtin" });
  xml.end();

  // The first block carries the panel heading (REFERENCE_FEATURE_GROUP_NAME), even without features.
  const heading = { de: article.prodcatname_de, en: article.prodcatname_en };
  const primary = article.properties.filter((p) => p.kind === "primary");
  const secondary = article.properties.filter((p) => p.kind === "secondary");
  if (primary.length > 0 || secondary.length > 0 || heading.de !== "" || heading.en !== "") {
    writeFeatures(xml, BMECAT_EXTENSIONS.primaryFeatureSystem, heading, primary);
  }
  if (secondary.length > 0) writeFeatures(xml, BMECAT_EXTENSIONS.secondaryFeatureSystem, heading, secondary);

  // Required by the standard; the site sells nothing, so one piece per order.
  xml.start("PRODUCT_ORDER_DETAILS");
  xml.element("ORDER_UNIT", "C62");
  xml.element("CONTENT_UNIT", "C62");
  xml.element("NO_CU_PER_OU", 1);
  xml.end();

  if (article.price_cents !== null) {
    xml.start("PRODUCT_PRICE_DETAILS");
    xml.start("PRODUCT_PRICE", { price_type: "nrp" });
    xml.element("PRICE_AMOUNT", formatPrice(article.price_cents));
    xml.element("PRICE_CURRENCY", "EUR");
    xml.element("TAX", TAX_RATE);
    xml.end();
    xml.end();
  }

  if (pictures.length > 0) {
    xml.start("MIME_INFO");
    pictures.forEach((source, i) => writeMime(xml, source, i === 0 ? "normal" : "detail", i + 1));
    xml.end();
  }

  if (blockOrder !== null) {
    xml.start("USER_DEFINED_EXTENSIONS");
    xml.element(BMECAT_EXTENSIONS.blockOrder, blockOrder);
    xml.end();
  }

  for (const relation of article.relations) {
    xml.start("PRODUCT_REFERENCE", { type: relation.kind === "accessory" ? "accessories" : "sparepart" });
    xml.element("PROD_ID_TO", relation.target_partno);
    xml.end();
  }
  xml.end();
}

export function writeMapping(xml: XmlWriter, partno: string, groupId: string, order: number): void {
  xml.start("PRODUCT_TO_CATALOGGROUP_MAP");
  xml.element("PROD_ID", partno);
  xml.element("CATALOG_GROUP_ID", groupId);
  xml.element("PRODUCT_TO_CATALOGGROUP_MAP_ORDER", order);
  xml.end();
}
