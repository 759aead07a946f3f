import type { ArticleDocumentPurpose } from "~/db/schema";
import type { CatalogArticleFields } from "~/exchange/article-fields";
/*
 * A category's articles and product blocks in our own names. The provider's field names (PARTNO,
 * TEXT1, RESELLERPRICE, …) stay in the provider adapter (provider-adapter.ts), its formatter for our
 * API (provider-format.server.ts) and the imports. What a page shows of them (title cleaning,
 * hidden attributes, which media are pictures, the German fallback) is decided in article-view.ts.
 */

/**
 * German, or "" where the catalogue is written only in English; English only where the catalogue
 * has it. Pages show them by the one rule for a missing translation (textIn, localized-text.ts).
 */
export interface Translatable<T> {
  de: T;
  en?: T;
}

export interface CatalogMedia {
  /** "Bild" for a picture; a provider may list other kinds. */
  type: string;
  /** The file's name without folder and extension: `shop/images/{name}.jpg`. */
  name: string;
}

export interface ArticleProperty {
  attribute: string;
  value: string;
  /**
   * Only in English lists: the entry repeats the German text where the catalogue had no
   * translation (the provider's `LANG: "de"`).
   */
  germanFallback?: true;
  /** Only in German lists: the entry repeats the English text where the catalogue has no German one. */
  englishFallback?: true;
}

export interface PropertyLists {
  primary: ArticleProperty[];
  secondary: ArticleProperty[];
}

/** An accessory or spare part of an article, with the category that lists it. */
export interface ArticleReference {
  kind: "accessory" | "sparePart";
  partno: string;
  categoryId: number;
}

/** A product block: an article the category shows off on the home page. */
export interface CatalogBlock {
  partno: string;
  /** The recommended retail price in euros; null when the catalogue gives none. */
  price: number | null;
  /** In the catalogue's order. */
  media: CatalogMedia[];
  /** As the catalogue writes them, brand words and all. */
  titles: Translatable<string>;
}

/** A PDF of an article (issue 28): a manual, data sheet, safety data sheet or declaration of conformity. */
export interface CatalogDocument {
  purpose: ArticleDocumentPurpose;
  /** Relative to the media folder (served under /media), forward slashes. */
  file: string;
  /** "de", "en", or "" for a file in both languages. */
  language: "de" | "en" | "";
  names: Translatable<string>;
  bytes: number;
}

/** With the plain fields of app/exchange/article-fields.ts (manufacturer, safety, …), each absent where missing. */
export interface CatalogArticle extends CatalogBlock, CatalogArticleFields {
  /** The name of the article's product group (the provider's PRODCATNAME). */
  heading: Translatable<string>;
  /** The long description, where there is one; English only beside an English title (the provider's shape has no other place). */
  descriptions: { de?: string; en?: string };
  eans: string[];
  properties: Translatable<PropertyLists>;
  references: ArticleReference[];
  /**
   * The article's own category, whose address is its canonical one (decision 040); absent when it
   * is the category of the list it came in.
   */
  homeCategoryId?: number;
  /** In the catalogue's order; absent or empty when there are none. */
  documents?: CatalogDocument[];
}

export interface CatalogArticleList {
  articles: CatalogArticle[];
  blocks: CatalogBlock[];
}
