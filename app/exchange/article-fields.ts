import type { ParseKeys } from "i18next";
import type { ArticleRow } from "~/db/schema";

/*
 * One table of the article's plain fields (decision 058): a value per article, or per language,
 * that the BMEcat reader, the content hash, the export, the provider JSON (both ways), the provider
 * sync, the article rows and the article panel all handle alike, by its kind. Each of them loops
 * over this table, so a new field is a row here, its column (a migration and app/db/schema.ts) and
 * its words; see "Adding an article field" in docs/architecture.md.
 *
 * Not here, because each has rules of its own: the part number, titles, descriptions and heading
 * (required, with fallbacks), the price (cents, BMEcat price types, the provider's euros), GTINs,
 * pictures, documents, features, references and groups (lists, child tables).
 */

/**
 * - `text`: one string (column `name`), `null` where the catalogue has none;
 * - `texts`: one string per language (columns `name_de`, `name_en`), each `null` where missing;
 * - `integer`: a whole number (column `name`), `null` where missing.
 */
export type ArticleFieldKind = "text" | "texts" | "integer";

/**
 * Where a BMEcat file carries the field (PRODUCT_DETAILS in 2005, ARTICLE_DETAILS in 1.2):
 * - `details`: an element of the details, one per product (`text`);
 * - `remarks`: REMARKS with this `type`, per `lang`; several of a language are paragraphs (`texts`);
 * - `udx`: our element in PRODUCT/USER_DEFINED_EXTENSIONS, declared in schemas/velocat-udx.xsd
 *   after UDX.VELOCAT.BLOCK_ORDER (its test compares the two).
 * The export writes `details` and `remarks` fields in the table's order, which must be the order
 * of PRODUCT_DETAILS in the BMEcat 2005 schema (MANUFACTURER_NAME before REMARKS).
 */
export type BmecatPlace = { in: "details"; element: DetailsTextElement } | { in: "remarks"; type: string } | { in: "udx"; element: `UDX.VELOCAT.${string}` };

/** The PRODUCT_DETAILS elements a field may use: each needs its length limit in app/export/bmecat-schema.ts. */
export type DetailsTextElement = "MANUFACTURER_NAME";

export interface ArticleFieldSpec {
  kind: ArticleFieldKind;
  bmecat: BmecatPlace;
  /**
   * Our extension of the provider's article JSON: `text` a string, `texts` `{default, english}`
   * (German, English), `integer` a number; each left out where the article has none, so a provider
   * that sends none of them still fits.
   */
  provider: string;
  /**
   * A value the site does not keep: read as none, from BMEcat and the provider alike (the brand as
   * manufacturer: its addresses come from content/brand.yaml, so the import is told the brand's names).
   */
  ignore?: (value: string, brand: BrandNames) => boolean;
  /** Shown in the article panel's list beside the part number and EAN, under this label. */
  label?: ParseKeys;
  /**
   * Kept only where this other field of the table has a value, read as none otherwise (a maker's
   * address belongs to a maker other than the brand: the brand's own are content/brand.yaml's).
   */
  with?: string;
  /** The most characters a `text` field may hold (its maxLength in schemas/velocat-udx.xsd): a longer value is left out, with a warning. */
  maxLength?: number;
}

/**
 * The brand's names an import compares a maker with: content/brand.yaml's `name` and its company's
 * `legalName`, which the command or the server passes in (the exchange formats read no content).
 */
export interface BrandNames {
  name: string;
  legalName: string;
}

/** The names of content/brand.yaml's brand (BrandContent has both, one level apart). */
export function brandNames(brand: { name: string; company: { legalName: string } }): BrandNames {
  return { name: brand.name, legalName: brand.company.legalName };
}

/** Whether a maker's name is the brand itself ("VIVA", "viva", "VIVA Bikeparts GmbH"). */
export function isBrand(name: string, brand: BrandNames): boolean {
  const folded = name.trim().toLocaleLowerCase("de");
  return folded === brand.name.toLocaleLowerCase("de") || folded === brand.legalName.toLocaleLowerCase("de");
}

export const ARTICLE_FIELDS = {
  /** The maker where it is not the brand; null: the brand (issue 28, GPSR Art. 19). */
  manufacturer: { kind: "text", bmecat: { in: "details", element: "MANUFACTURER_NAME" }, provider: "MANUFACTURER", ignore: isBrand },
  /** Warnings and safety information per language (GPSR Art. 19); paragraphs split by a blank line. */
  safety: { kind: "texts", bmecat: { in: "remarks", type: "safety" }, provider: "SAFETY" },
  /** That maker's postal address in one line, as it writes it (issue 37, GPSR Art. 19). */
  manufacturer_address: { kind: "text", bmecat: { in: "udx", element: "UDX.VELOCAT.MANUFACTURER_ADDRESS" }, provider: "MANUFACTURER_ADDRESS", with: "manufacturer", maxLength: 500 },
  /** That maker's electronic address: an e-mail address, or a web address (a contact form). */
  manufacturer_email: { kind: "text", bmecat: { in: "udx", element: "UDX.VELOCAT.MANUFACTURER_EMAIL" }, provider: "MANUFACTURER_EMAIL", with: "manufacturer", maxLength: 255 },
} as const satisfies Record<string, ArticleFieldSpec>;

export type ArticleFields = typeof ARTICLE_FIELDS;
type Fields = ArticleFields;
export type ArticleFieldName = keyof Fields;

/** The table as a list, in its order (the content hash and the export follow it). */
export const ARTICLE_FIELD_LIST: readonly (ArticleFieldSpec & { name: ArticleFieldName })[] = Object.entries(ARTICLE_FIELDS).map(([name, spec]) => ({
  ...(spec as ArticleFieldSpec),
  name: name as ArticleFieldName,
}));

type Scalar<F> = F extends { kind: "integer" } ? number : string;

/** The fields as an import reads them (ImportedArticle): `null` where missing. */
export type ArticleFieldValues = {
  [K in ArticleFieldName]: Fields[K] extends { kind: "texts" } ? { de: string | null; en: string | null } : Scalar<Fields[K]> | null;
};

/** The fields as the site's pages read them (CatalogArticle): absent where missing. */
export type CatalogArticleFields = {
  [K in ArticleFieldName]?: Fields[K] extends { kind: "texts" } ? { de?: string; en?: string } : Scalar<Fields[K]>;
};

/** The fields' columns of the articles table. */
export type ArticleFieldColumns = {
  [K in ArticleFieldName as Fields[K] extends { kind: "texts" } ? `${K}_de` | `${K}_en` : K]: Scalar<Fields[K]> | null;
};

// Every field needs its columns in app/db/schema.ts (and a migration): this line fails to compile otherwise.
const columnsExist: ArticleFieldColumns extends Pick<ArticleRow, keyof ArticleFieldColumns> ? true : never = true;
void columnsExist;

/** The column names of one field: `[name]`, or `[name_de, name_en]` for per-language texts. */
export function fieldColumns(field: { name: ArticleFieldName; kind: ArticleFieldKind }): string[] {
  return field.kind === "texts" ? [`${field.name}_de`, `${field.name}_en`] : [field.name];
}

/** Every column of the table's fields, in its order. */
export const ARTICLE_FIELD_COLUMNS = ARTICLE_FIELD_LIST.flatMap(fieldColumns) as (keyof ArticleFieldColumns)[];

/** Loose records for the conversions below; their callers' types say what they hold. */
type Loose = Record<string, unknown>;

/** An import's values with every field whose `with` field is missing read as none (in place; also returned). */
export function withoutUnattached<T extends ArticleFieldValues>(values: T): T {
  const loose = values as Loose;
  for (const field of ARTICLE_FIELD_LIST) if (field.with !== undefined && loose[field.with] === null) loose[field.name] = null;
  return values;
}

/** Every field missing: what an article without them (a deletion, a test's article) carries. */
export function emptyFieldValues(): ArticleFieldValues {
  const values: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) values[field.name] = field.kind === "texts" ? { de: null, en: null } : null;
  return values as ArticleFieldValues;
}

/** Every column null. */
export function emptyFieldColumns(): ArticleFieldColumns {
  return Object.fromEntries(ARTICLE_FIELD_COLUMNS.map((column) => [column, null])) as ArticleFieldColumns;
}

/** An imported article's fields as its row's columns. */
export function columnsFromValues(values: ArticleFieldValues): ArticleFieldColumns {
  const source = values as Loose;
  const columns: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    const value = source[field.name];
    if (field.kind === "texts") {
      const texts = value as { de: string | null; en: string | null };
      columns[`${field.name}_de`] = texts.de;
      columns[`${field.name}_en`] = texts.en;
    } else columns[field.name] = value;
  }
  return columns as ArticleFieldColumns;
}

/** A row's columns as an import's fields (the demo catalogue goes through the writer like a file). */
export function valuesFromColumns(row: ArticleFieldColumns): ArticleFieldValues {
  const columns = row as Loose;
  const values: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    values[field.name] = field.kind === "texts" ? { de: columns[`${field.name}_de`], en: columns[`${field.name}_en`] } : columns[field.name];
  }
  return values as ArticleFieldValues;
}
