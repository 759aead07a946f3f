import { createHash } from "node:crypto";
import type { ArticleDocumentRow, ArticleRow, PropertyKind, RelationKind } from "~/db/schema";
import { ARTICLE_FIELD_COLUMNS, columnsFromValues, type ArticleFieldColumns } from "~/exchange/article-fields";
import type { ImportedArticle, ImportedDocument, Texts } from "~/exchange/catalogue-model";
import type { Problems } from "~/exchange/import-report";
import { saysNoMoreThan, type RetailPrice } from "~/exchange/retail-price";

// One article's rows as the import writes them, and the fingerprint that tells a changed article
// from an unchanged one (catalogue-plan.server.ts places the articles; this shapes each one).

/** Where an article is listed: its own category (its canonical address) and any further ones (decision 040). */
export interface Placement {
  categoryId: number;
  position: number;
  also: { categoryId: number; position: number }[];
}

export interface FinalArticle {
  row: Omit<ArticleRow, "content_hash"> & { content_hash: string };
  eans: string[];
  media: { type: string; imagename: string }[];
  properties: { kind: PropertyKind; attribute_de: string; value_de: string; attribute_en: string; value_en: string }[];
  relations: { kind: RelationKind; target_partno: string }[];
  /** The further categories that list the article. */
  also: { category_id: number; position: number }[];
  /** Its PDFs in the catalogue's order (article_documents, decision 050). */
  documents: FinalDocument[];
  /** Its kept retail prices (article_prices, decision 075); row.price_cents is the one shown today. */
  prices: RetailPrice[];
}

/** An article_documents row without its article and position. */
export type FinalDocument = Omit<ArticleDocumentRow, "partno" | "position">;

/** Where a document's file is served from and its size; undefined when the file could not be used. */
export type DocumentResolver = (document: ImportedDocument) => { file_name: string; size_bytes: number } | undefined;

/**
 * The rows of one article. Texts are stored as the file writes them: a language the file lacks
 * stays empty, and pages show the other one, marked (textIn in app/i18n/localized-text.ts,
 * decision 044). `imagename` turns a picture's source into the name the site serves it
 * under; `categoryName` gives the heading when the file has none.
 */
export function finalArticle(
  article: ImportedArticle,
  place: Placement,
  options: {
    imagename: (source: string) => string | undefined;
    /** Absent: the source has no documents to resolve (every document is left out). */
    document?: DocumentResolver;
    categoryName: (id: number) => Texts;
    exists: (partno: string) => boolean;
    problems: Problems;
  },
): { final: FinalArticle; untranslated: number } {
  let untranslated = 0;
  const title = article.title;
  if (title.en === "") untranslated++;
  const description = { de: article.description.de, en: article.description.en };
  if (description.de !== null && description.en === null) untranslated++;
  const heading = article.prodcatname ?? options.categoryName(place.categoryId);
  if (heading.en === "") untranslated++;
  const properties = article.properties.map((p) => {
    const attribute = p.attribute;
    const value = p.value;
    if (attribute.en === "" || value.en === "") untranslated++;
    return { kind: p.kind, attribute_de: attribute.de, value_de: value.de, attribute_en: attribute.en, value_en: value.en };
  });
  // Each list keeps its own order: primary features first in file order, then secondary ones.
  properties.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "primary" ? -1 : 1));
  const relations: FinalArticle["relations"] = [];
  for (const ref of article.references) {
    if (!options.exists(ref.target)) {
      options.problems.warnEach("reference to unknown", ref.line, "PRODUCT_REFERENCE", `${article.partno} → ${ref.target}`, "refers to a product that is not in the catalogue: the reference is left out");
      continue;
    }
    relations.push({ kind: ref.kind, target_partno: ref.target });
  }
  const media: FinalArticle["media"] = [];
  for (const image of article.images) {
    const imagename = options.imagename(image.source);
    if (imagename && !media.some((m) => m.imagename === imagename)) media.push({ type: "Bild", imagename });
  }
  const documents: FinalDocument[] = [];
  for (const document of article.documents) {
    const file = options.document?.(document);
    // The same file named twice (two MIME entries, or two sources copied to one name) is listed once.
    if (!file || documents.some((d) => d.file_name === file.file_name)) continue;
    documents.push({ purpose: document.purpose, ...file, language: document.language, name_de: document.names.de, name_en: document.names.en });
  }
  // Relations sorted by kind, as the rows keep them (a position per kind): a product rebuilt from
  // its stored rows (a delta) must hash like the one read from a file.
  relations.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "accessory" ? -1 : 1));
  const final = articleContent({
    row: {
      partno: article.partno,
      category_id: place.categoryId,
      position: place.position,
      prodcatname_de: heading.de,
      prodcatname_en: heading.en,
      title_de: title.de,
      title_en: title.en,
      description_de: description.de,
      description_en: description.en,
      price_cents: article.priceCents,
      ...columnsFromValues(article),
    },
    eans: article.eans,
    media,
    properties,
    relations,
    also: place.also.map((g) => ({ category_id: g.categoryId, position: g.position })),
    documents,
    prices: article.prices,
  });
  return { final, untranslated };
}

/** The columns of the table's fields that hold a value, in the table's order. */
function setColumns(row: Omit<ArticleRow, "content_hash">): Partial<ArticleRow> {
  return Object.fromEntries(ARTICLE_FIELD_COLUMNS.filter((column) => row[column] !== null).map((column) => [column, row[column]]));
}

/** `documents` and `prices` may be left out for an article without any. */
export type ArticleContent = Omit<FinalArticle, "row" | "documents" | "prices"> & { row: Omit<ArticleRow, "content_hash">; documents?: FinalDocument[]; prices?: RetailPrice[] };


/**
 * The one rule for an article's fingerprint, over the rows the site shows: the full import (from the
 * file) and a delta (from the stored rows) both call it, so the same article hashes alike whichever
 * wrote it. Every object is rebuilt in one key order, since JSON.stringify follows insertion order.
 */
export function articleContent(content: ArticleContent): FinalArticle {
  const { row } = content;
  const documents = content.documents ?? [];
  const prices = content.prices ?? [];
  const body = {
    row: {
      partno: row.partno,
      category_id: row.category_id,
      position: row.position,
      prodcatname_de: row.prodcatname_de,
      prodcatname_en: row.prodcatname_en,
      title_de: row.title_de,
      title_en: row.title_en,
      description_de: row.description_de,
      description_en: row.description_en,
      price_cents: row.price_cents,
      // The table's fields (decision 058), each only when set, so the fingerprints of articles
      // without them stay as they were when the column came (migration 0011 and later).
      ...setColumns(row),
    },
    eans: [...content.eans],
    media: content.media.map((m) => ({ type: m.type, imagename: m.imagename })),
    properties: content.properties.map((p) => ({ kind: p.kind, attribute_de: p.attribute_de, value_de: p.value_de, attribute_en: p.attribute_en, value_en: p.value_en })),
    relations: content.relations.map((r) => ({ kind: r.kind, target_partno: r.target_partno })),
    // Only when there are further groups, so the fingerprints of other articles stay as they were.
    ...(content.also.length > 0 ? { also: content.also.map((g) => ({ category_id: g.category_id, position: g.position })) } : {}),
    // Only when there are documents, likewise (decision 050). The size stands in for the bytes: a
    // file replaced under the same name with other content of the same size is not noticed.
    ...(documents.length > 0
      ? { documents: documents.map((d) => ({ purpose: d.purpose, file_name: d.file_name, language: d.language, name_de: d.name_de, name_en: d.name_en, size_bytes: d.size_bytes })) }
      : {}),
    // Only prices beyond the one shown (territories, validity), likewise (decision 075).
    ...(!saysNoMoreThan(prices, row.price_cents)
      ? { prices: prices.map((p) => ({ type: p.type, currency: p.currency, amountCents: p.amountCents, territory: p.territory, validFrom: p.validFrom, validUntil: p.validUntil })) }
      : {}),
  };
  const content_hash = createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 22);
  const full = Object.fromEntries(ARTICLE_FIELD_COLUMNS.map((column) => [column, row[column]])) as ArticleFieldColumns;
  return { also: [], documents: [], ...body, prices: [...prices], row: { ...body.row, ...full, content_hash } };
}
