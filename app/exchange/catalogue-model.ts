import type { RetailPrice } from "./retail-price";
import type { ArticleDocumentPurpose, PropertyKind, RelationKind } from "~/db/schema";
import { emptyFieldValues, type ArticleFieldValues } from "./article-fields";

/**
 * A catalogue as an import reads it, before it becomes rows: what the BMEcat reader and the
 * provider sync both produce, so validation and the atomic switch are written once (decision 023).
 * English "" means "not translated".
 */
export interface Texts {
  de: string;
  en: string;
}

export type MenuGroup = "parts" | "accessories";

/**
 * The group ids of the categories an import makes up (decision 037): the catalogue itself, as the
 * root, when the file has no single top group; and the category of products in no group. Neither
 * can be a real group id: XML 1.0 text cannot hold U+0001. (Not U+0000: PostgreSQL's text refuses it.)
 */
export const CATALOGUE_ROOT_ID = "\u0001root";
export const UNSORTED_GROUP_ID = "\u0001unsorted";

/** A picture as the file names it: resolved against the media folder later. */
export interface MediaRef {
  source: string;
  line: number;
}

export interface ImportedGroup {
  sourceId: string;
  /** null for the root (the catalogue itself). */
  parentSourceId: string | null;
  name: Texts;
  description: Texts;
  order: number;
  image: MediaRef | null;
  /** From the file (our BMEcat extension) or the --group option. */
  menuGroup: MenuGroup | null;
  /** File names of the category's tiles; derived from the id when the file gives none. */
  symbol: string | null;
  line: number;
}

export interface ImportedProperty {
  kind: PropertyKind;
  attribute: Texts;
  value: Texts;
}

export interface ImportedReference {
  kind: RelationKind;
  target: string;
  line: number;
}

export interface ImportedGroupLink {
  sourceId: string;
  /** Position of the article in the group; null keeps file order. */
  order: number | null;
  line: number;
}

/** A document (PDF) of an article as the file names it (issue 28): resolved like a picture. */
export interface ImportedDocument {
  source: string;
  line: number;
  purpose: ArticleDocumentPurpose;
  names: Texts;
  /** "de", "en", or "" for a file in both languages or of unknown language. */
  language: "de" | "en" | "";
  /**
   * The file's size where the source knows it and the file is not copied (the provider sync, whose
   * files stay on the provider's media host); otherwise the writer measures the file.
   */
  bytes?: number;
}

const DOCUMENT_PURPOSES: ReadonlySet<string> = new Set<ArticleDocumentPurpose>(["manual", "data_sheet", "safety_data_sheet", "declaration", "others"]);

/** A purpose as a source writes it; one the site does not know is "others". */
export function documentPurpose(value: string): ArticleDocumentPurpose {
  const folded = value.trim().toLowerCase();
  return DOCUMENT_PURPOSES.has(folded) ? (folded as ArticleDocumentPurpose) : "others";
}

/** Words that name a manual, in German and English: "Bedienungsanleitung", "Montageanleitung", "manual", "instructions". */
const MANUAL_NAME = /anleitung|\bmanuals?\b|\binstructions?\b/i;

/**
 * Documents say what they are (issue 38): a data sheet or "others" whose name calls it a manual or
 * instructions is the article's manual, so the Digital Link's gs1:instructions finds it. BMEcat's
 * MIME_PURPOSE has no value for a manual, and PIMs file manuals as data_sheet or others. A safety
 * data sheet or a declaration keeps its kind whatever its name says.
 */
export function documentPurposeByName(purpose: ArticleDocumentPurpose, names: Texts): ArticleDocumentPurpose {
  return (purpose === "data_sheet" || purpose === "others") && (MANUAL_NAME.test(names.de) || MANUAL_NAME.test(names.en)) ? "manual" : purpose;
}

/** With the plain fields of article-fields.ts (manufacturer, safety, …), each null where missing. */
export interface ImportedArticle extends ArticleFieldValues {
  partno: string;
  line: number;
  title: Texts;
  description: { de: string | null; en: string | null };
  /** The heading of the detail panel; the category's name when the file gives none. */
  prodcatname: Texts | null;
  eans: string[];
  /** The price shown when the file was read (retail-price.ts); null: none. */
  priceCents: number | null;
  /** Every retail price the site keeps, with territory and validity (decision 075). */
  prices: RetailPrice[];
  images: MediaRef[];
  properties: ImportedProperty[];
  references: ImportedReference[];
  groups: ImportedGroupLink[];
  /** Position among the category's featured product blocks; null: not featured. */
  blockOrder: number | null;
  /** PRODUCT@mode: what a T_UPDATE_PRODUCTS delta does with the product (decision 038). */
  mode: ArticleMode;
  documents: ImportedDocument[];
}

export type ArticleMode = "new" | "update" | "delete";

/** An article with nothing but its identity: a deletion, or the start of one built in a test or by a source. */
export const EMPTY_ARTICLE: Omit<ImportedArticle, "partno" | "line" | "mode" | "title" | "description"> = {
  prodcatname: null,
  eans: [],
  priceCents: null,
  prices: [],
  images: [],
  properties: [],
  references: [],
  groups: [],
  blockOrder: null,
  documents: [],
  ...emptyFieldValues(),
};

/** The transaction element of a BMEcat file: a whole catalogue or a delta to the current one. */
export type BmecatTransaction = "T_NEW_CATALOG" | "T_UPDATE_PRODUCTS" | "T_UPDATE_PRICES";

export interface ImportedHeader {
  version: "2005" | "1.2";
  catalogName: Texts;
  mimeRoot: string;
  transaction: BmecatTransaction;
}
