import { brand } from "~/config/brand";
import type { ArticleDocumentRow, CategoryRow } from "~/db/schema";
import { ARTICLE_FIELD_LIST, type ArticleFieldSpec } from "~/exchange/article-fields";
import { BMECAT_EXTENSIONS, MIME_DOCUMENT_PURPOSES, SYMBOL_PATTERN } from "~/exchange/bmecat-extensions";
import type { MenuGroup, Texts } from "~/exchange/catalogue-model";
import { plainRetailPrices, VAT_RATES, type RetailPrice } from "~/exchange/retail-price";
import type { ArticleRecord } from "~/models/article.server";
import { BMECAT_NAMESPACE, type SchemaFit, type TextElement } from "./bmecat-schema";
import type { XmlWriter } from "./xml-writer";

/**
 * The elements of a BMEcat 2005 catalogue (T_NEW_CATALOG), in the order the standard's schema
 * sets, written so that our import reads back exactly what the site shows: every text in German
 * and, where translated, English; our own data in the UDX.VELOCAT extensions (decision 023).
 * Every value goes through the schema's limits (decision 042), so the file validates against the
 * official schema plus schemas/velocat-udx.xsd.
 */

/** Where the elements go and what makes each value fit the schema. */
export interface BmecatOutput {
  xml: XmlWriter;
  fit: SchemaFit;
}

/** Recommended retail prices include German VAT. */
const TAX_RATE = "0.19";

const LANGUAGES = [
  ["de", "deu"],
  ["en", "eng"],
] as const;

/** One element per language that has a text: an empty English text means "not translated". */
function localized({ xml, fit }: BmecatOutput, name: TextElement, texts: Texts, owner: string): void {
  for (const [key, code] of LANGUAGES) {
    if (texts[key] !== "") xml.element(name, fit.text(name, texts[key], `${owner} (${code})`), { lang: code });
  }
}

/** A required text that is empty in both languages: the schema needs one, the id stands in, and the report says so. */
function required({ fit }: BmecatOutput, name: TextElement, texts: Texts, id: string, owner: string): Texts {
  if (texts.de !== "" || texts.en !== "") return texts;
  fit.missing(name, `${owner} has no ${name} in either language: its id "${id}" is written instead`);
  return { de: id, en: "" };
}

/** "32.95": euros with two decimals, computed in whole cents so no binary fraction shows. */
export function formatPrice(cents: number): string {
  const whole = Math.round(cents);
  return `${Math.trunc(whole / 100)}.${String(Math.abs(whole % 100)).padStart(2, "0")}`;
}

export interface CatalogueHeader {
  catalogName: Texts;
  /** The brand (content/brand.yaml): its name in GENERATOR_INFO, its company as the supplier. */
  brand: ExportBrand;
  /** The pictures' folder relative to the XML file's folder, ending in "/"; "" when they sit beside it. */
  mimeRoot: string;
}

/** What the export names of the brand: the command reads it from content/brand.yaml. */
export interface ExportBrand {
  name: string;
  company: { legalName: string };
}

/** XML declaration, root element, HEADER, and the opening of T_NEW_CATALOG. */
export function startCatalogue(out: BmecatOutput, header: CatalogueHeader): void {
  const { xml, fit } = out;
  xml.declaration();
  xml.start("BMECAT", { version: "2005", xmlns: BMECAT_NAMESPACE });
  xml.start("HEADER");
  xml.element("GENERATOR_INFO", fit.text("GENERATOR_INFO", `${header.brand.name} catalogue, BMEcat export of velocat`, "the header"));
  xml.start("CATALOG");
  xml.element("LANGUAGE", "deu", { default: "true" });
  xml.element("LANGUAGE", "eng");
  xml.element("CATALOG_ID", fit.id("CATALOG_ID", brand.slug));
  // No generation date: the same catalogue must give the same bytes, so exports can be compared.
  xml.element("CATALOG_VERSION", "1.0");
  localized(out, "CATALOG_NAME", header.catalogName, "the catalogue");
  xml.element("CURRENCY", "EUR");
  if (header.mimeRoot !== "") xml.element("MIME_ROOT", fit.id("MIME_ROOT", header.mimeRoot));
  xml.end();
  xml.start("SUPPLIER");
  xml.element("SUPPLIER_NAME", fit.text("SUPPLIER_NAME", header.brand.company.legalName, "the supplier"));
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

export function writeGroup(out: BmecatOutput, group: ExportGroup): void {
  const { xml, fit } = out;
  const { category } = group;
  const owner = `group ${group.groupId}`;
  xml.start("CATALOG_STRUCTURE", { type: group.type });
  xml.element("GROUP_ID", fit.id("GROUP_ID", group.groupId));
  localized(out, "GROUP_NAME", required(out, "GROUP_NAME", { de: category.name_de, en: category.name_en }, group.groupId, owner), owner);
  localized(out, "GROUP_DESCRIPTION", { de: category.description_de, en: category.description_en }, owner);
  xml.element("PARENT_ID", fit.id("PARENT_ID", group.parentGroupId ?? "0"));
  xml.element("GROUP_ORDER", category.position);
  if (group.picture !== null) {
    xml.start("MIME_INFO");
    writeMime(out, group.picture, "normal");
    xml.end();
  }
  // A symbol the schema would refuse is one the import would ignore too: it derives one instead.
  const symbol = SYMBOL_PATTERN.test(category.symbol) ? category.symbol : null;
  if (group.menuGroup !== null || symbol !== null) {
    xml.start("USER_DEFINED_EXTENSIONS");
    if (group.menuGroup !== null) xml.element(BMECAT_EXTENSIONS.menuGroup, group.menuGroup);
    if (symbol !== null) xml.element(BMECAT_EXTENSIONS.symbol, symbol);
    xml.end();
  }
  xml.end();
}

function writeMime({ xml, fit }: BmecatOutput, source: string, purpose: "normal" | "detail", order?: number): void {
  xml.start("MIME");
  xml.element("MIME_TYPE", "image/jpeg");
  xml.element("MIME_SOURCE", fit.id("MIME_SOURCE", source));
  xml.element("MIME_PURPOSE", purpose);
  if (order !== undefined) xml.element("MIME_ORDER", order);
  xml.end();
}

/**
 * A PDF: MIME_PURPOSE as the schema admits it (a manual or a declaration is "others" there; our UDX
 * names it), its names per language.
 */
function writeDocumentMime(out: BmecatOutput, { source, row }: ExportDocument, partno: string): void {
  const { xml, fit } = out;
  xml.start("MIME");
  xml.element("MIME_TYPE", "application/pdf");
  xml.element("MIME_SOURCE", fit.id("MIME_SOURCE", source));
  localized(out, "MIME_DESCR", { de: row.name_de, en: row.name_en }, `${partno}, ${source}`);
  xml.element("MIME_PURPOSE", (MIME_DOCUMENT_PURPOSES as readonly string[]).includes(row.purpose) ? row.purpose : "others");
  xml.end();
}

type Property = ArticleRecord["properties"][number];

function writeFeatures(out: BmecatOutput, system: string, groupName: Texts, properties: Property[], partno: string): void {
  const { xml, fit } = out;
  xml.start("PRODUCT_FEATURES");
  xml.element("REFERENCE_FEATURE_SYSTEM_NAME", system);
  localized(out, "REFERENCE_FEATURE_GROUP_NAME", groupName, partno);
  for (const p of properties) {
    const name = { de: p.attribute_de, en: p.attribute_en };
    const value = { de: p.value_de, en: p.value_en };
    // The schema wants a name and a value; the import skips a feature without a name anyway.
    if (name.de === "" && name.en === "") continue;
    if (value.de === "" && value.en === "") {
      fit.missing("FVALUE", `${partno}: feature "${name.de || name.en}" has no value in either language: left out`);
      continue;
    }
    xml.start("FEATURE");
    localized(out, "FNAME", name, partno);
    // The stored value carries its unit ("53 mm"): FUNIT would add it a second time on import.
    localized(out, "FVALUE", value, partno);
    xml.end();
  }
  xml.end();
}

/** A document of the article whose file was copied into the export (decision 050). */
export interface ExportDocument {
  /** MIME_SOURCE: relative to the export's media folder. */
  source: string;
  row: Pick<ArticleDocumentRow, "purpose" | "language" | "name_de" | "name_en">;
}

export interface ExportProduct {
  article: ArticleRecord;
  /** MIME_SOURCE of each of the article's pictures that could be exported, in order. */
  pictures: string[];
  /** Its documents that could be exported, in order. */
  documents?: ExportDocument[];
  /** Place among its category's featured blocks; null when it is not one. */
  blockOrder: number | null;
  /** Its kept retail prices (decision 075); none: the one shown, as Germany's without end. */
  prices?: readonly RetailPrice[];
}

/**
 * The kept prices, one PRODUCT_PRICE_DETAILS per validity (its DATETIMEs), each price with its
 * TERRITORY: an import of the file keeps the same prices (decision 075). The amounts carry VAT,
 * at the rate TAX names. The schema wants a price for every product: one without says "on
 * request", which no import reads as an amount.
 */
function writePrices({ xml }: BmecatOutput, prices: readonly RetailPrice[]): void {
  if (prices.length === 0) {
    xml.start("PRODUCT_PRICE_DETAILS");
    xml.start("PRODUCT_PRICE", { price_type: "on_request" });
    xml.end();
    xml.end();
    return;
  }
  const byValidity = new Map<string, RetailPrice[]>();
  for (const price of prices) {
    const key = `${price.validFrom ?? ""}/${price.validUntil ?? ""}`;
    byValidity.set(key, [...(byValidity.get(key) ?? []), price]);
  }
  for (const group of byValidity.values()) {
    const [{ validFrom, validUntil } = { validFrom: null, validUntil: null }] = group;
    xml.start("PRODUCT_PRICE_DETAILS");
    for (const [type, date] of [["valid_start_date", validFrom], ["valid_end_date", validUntil]] as const) {
      if (date === null) continue;
      xml.start("DATETIME", { type });
      xml.element("DATE", date);
      xml.end();
    }
    for (const price of group) {
      xml.start("PRODUCT_PRICE", { price_type: price.type });
      xml.element("PRICE_AMOUNT", formatPrice(price.amountCents));
      xml.element("PRICE_CURRENCY", price.currency);
      xml.element("TAX", String(VAT_RATES[price.territory]?.[0] ?? TAX_RATE));
      if (price.territory !== "") xml.element("TERRITORY", price.territory);
      xml.end();
    }
    xml.end();
  }
}

type Field = (typeof ARTICLE_FIELD_LIST)[number];
const DETAILS_FIELDS = ARTICLE_FIELD_LIST.filter((field) => field.bmecat.in !== "udx");
const UDX_FIELDS = ARTICLE_FIELD_LIST.filter((field) => field.bmecat.in === "udx");

/** A column of the article's row by name: the table's columns are there (a check in article-fields.ts). */
function fieldColumn(article: ArticleRecord, column: string): string | number | null {
  const value = (article as unknown as Record<string, string | number | null | undefined>)[column];
  return value === undefined || value === "" ? null : value;
}

/** A field of PRODUCT_DETAILS: its element, or a REMARKS of its type per language. */
function writeDetailsField(out: BmecatOutput, field: Field & ArticleFieldSpec, article: ArticleRecord): void {
  const { xml, fit } = out;
  const { partno } = article;
  const place = field.bmecat;
  if (place.in === "details") {
    const value = fieldColumn(article, field.name);
    if (value !== null) xml.element(place.element, fit.text(place.element, String(value), partno));
  } else if (place.in === "remarks") {
    for (const [key, code] of LANGUAGES) {
      const value = fieldColumn(article, `${field.name}_${key}`);
      if (value !== null) xml.element("REMARKS", fit.text("REMARKS", String(value), `${partno} (${code})`), { type: place.type, lang: code });
    }
  }
}

export function writeProduct(out: BmecatOutput, { article, pictures, documents = [], blockOrder, prices = [] }: ExportProduct): void {
  const { xml, fit } = out;
  const { partno } = article;
  xml.start("PRODUCT", { mode: "new" });
  xml.element("SUPPLIER_PID", fit.id("SUPPLIER_PID", partno));

  xml.start("PRODUCT_DETAILS");
  localized(out, "DESCRIPTION_SHORT", required(out, "DESCRIPTION_SHORT", { de: article.title_de, en: article.title_en }, partno, partno), partno);
  localized(out, "DESCRIPTION_LONG", { de: article.description_de ?? "", en: article.description_en ?? "" }, partno);
  for (const ean of article.eans) xml.element("INTERNATIONAL_PID", fit.id("INTERNATIONAL_PID", ean), { type: "gtin" });
  // The table's fields in PRODUCT_DETAILS (decision 058); a missing one is left out, which the import reads back as missing.
  for (const field of DETAILS_FIELDS) writeDetailsField(out, field, article);
  xml.end();

  // The first block carries the panel heading (REFERENCE_FEATURE_GROUP_NAME), even without features.
  const heading = { de: article.prodcatname_de, en: article.prodcatname_en };
  const primary = article.properties.filter((p) => p.kind === "primary");
  const secondary = article.properties.filter((p) => p.kind === "secondary");
  if (primary.length > 0 || secondary.length > 0 || heading.de !== "" || heading.en !== "") {
    writeFeatures(out, BMECAT_EXTENSIONS.primaryFeatureSystem, heading, primary, partno);
  }
  if (secondary.length > 0) writeFeatures(out, BMECAT_EXTENSIONS.secondaryFeatureSystem, heading, secondary, partno);

  // Required by the standard; the site sells nothing, so one piece per order.
  xml.start("PRODUCT_ORDER_DETAILS");
  xml.element("ORDER_UNIT", "C62");
  xml.element("CONTENT_UNIT", "C62");
  xml.element("NO_CU_PER_OU", 1);
  xml.end();

  writePrices(out, prices.length > 0 ? prices : plainRetailPrices(article.price_cents));

  if (pictures.length > 0 || documents.length > 0) {
    xml.start("MIME_INFO");
    pictures.forEach((source, i) => writeMime(out, source, i === 0 ? "normal" : "detail", i + 1));
    for (const document of documents) writeDocumentMime(out, document, partno);
    xml.end();
  }

  const udxFields = UDX_FIELDS.filter((field) => fieldColumn(article, field.name) !== null);
  if (blockOrder !== null || udxFields.length > 0 || documents.length > 0) {
    xml.start("USER_DEFINED_EXTENSIONS");
    if (blockOrder !== null) xml.element(BMECAT_EXTENSIONS.blockOrder, blockOrder);
    // Our UDX fields as stored: their type in schemas/velocat-udx.xsd is what the import accepts.
    for (const field of udxFields) if (field.bmecat.in === "udx") xml.element(field.bmecat.element, fieldColumn(article, field.name) ?? "");
    for (const { source, row } of documents) {
      xml.start(BMECAT_EXTENSIONS.document);
      xml.element(BMECAT_EXTENSIONS.documentSource, fit.id("MIME_SOURCE", source));
      xml.element(BMECAT_EXTENSIONS.documentPurpose, row.purpose);
      if (row.language === "de" || row.language === "en") xml.element(BMECAT_EXTENSIONS.documentLanguage, row.language);
      xml.end();
    }
    xml.end();
  }

  for (const relation of article.relations) {
    xml.start("PRODUCT_REFERENCE", { type: relation.kind === "accessory" ? "accessories" : "sparepart" });
    xml.element("PROD_ID_TO", fit.id("PROD_ID_TO", relation.target_partno));
    xml.end();
  }
  xml.end();
}

export function writeMapping({ xml, fit }: BmecatOutput, partno: string, groupId: string, order: number): void {
  xml.start("PRODUCT_TO_CATALOGGROUP_MAP");
  xml.element("PROD_ID", fit.id("PROD_ID", partno));
  xml.element("CATALOG_GROUP_ID", fit.id("CATALOG_GROUP_ID", groupId));
  xml.element("PRODUCT_TO_CATALOGGROUP_MAP_ORDER", order);
  xml.end();
}
