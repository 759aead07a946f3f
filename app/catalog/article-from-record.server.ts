import type { ArticleRecord } from "~/models/article.server";
import { catalogFieldsFromColumns } from "~/exchange/article-field-codecs";
import { written } from "~/i18n/localized-text";
import type { ArticleProperty, CatalogArticle, CatalogBlock, CatalogDocument, CatalogMedia, Translatable } from "./catalog-article";

/*
 * Our article rows in our own names. An empty column means "not written in that language" (imports
 * of German-only or English-only catalogues): the English part is left out, or a property repeats
 * the other language's text and says so; pages apply the one rule (textIn, localized-text.ts).
 */

const euros = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);

const media = (record: ArticleRecord): CatalogMedia[] => record.media.map((m) => ({ type: m.type, name: m.imagename }));

const titles = (record: ArticleRecord): Translatable<string> =>
  record.title_en !== "" ? { de: record.title_de, en: record.title_en } : { de: record.title_de };

type PropertyRecord = ArticleRecord["properties"][number];

function english(p: PropertyRecord): ArticleProperty {
  if (p.attribute_en !== "" && p.value_en !== "") return { attribute: p.attribute_en, value: p.value_en };
  return { attribute: p.attribute_en || p.attribute_de, value: p.value_en || p.value_de, germanFallback: true };
}

function german(p: PropertyRecord): ArticleProperty {
  if (p.attribute_de !== "" && p.value_de !== "") return { attribute: p.attribute_de, value: p.value_de };
  return { attribute: p.attribute_de || p.attribute_en, value: p.value_de || p.value_en, englishFallback: true };
}

function properties(record: ArticleRecord): CatalogArticle["properties"] {
  const primary = record.properties.filter((p) => p.kind === "primary");
  const secondary = record.properties.filter((p) => p.kind === "secondary");
  const de = (list: PropertyRecord[]) => list.map(german);
  const en = (list: PropertyRecord[]) => list.map(english);
  const translated = record.properties.some((p) => p.attribute_en !== "" || p.value_en !== "");
  return {
    de: { primary: de(primary), secondary: de(secondary) },
    ...(translated ? { en: { primary: en(primary), secondary: en(secondary) } } : {}),
  };
}

const documentLanguage = (language: string): CatalogDocument["language"] => (language === "de" || language === "en" ? language : "");

function documents(record: ArticleRecord): CatalogDocument[] {
  return record.documents.map((d) => ({
    purpose: d.purpose,
    file: d.file_name,
    language: documentLanguage(d.language),
    names: written(d.name_en) ? { de: d.name_de, en: d.name_en } : { de: d.name_de },
    bytes: d.size_bytes,
  }));
}


export function articleFromRecord(record: ArticleRecord): CatalogArticle {
  return {
    partno: record.partno,
    price: euros(record.price_cents),
    media: media(record),
    titles: titles(record),
    heading: record.prodcatname_en !== "" ? { de: record.prodcatname_de, en: record.prodcatname_en } : { de: record.prodcatname_de },
    descriptions: {
      ...(record.description_de !== null && record.description_de !== "" ? { de: record.description_de } : {}),
      ...(record.title_en !== "" && record.description_en !== null ? { en: record.description_en } : {}),
    },
    eans: record.eans,
    properties: properties(record),
    references: record.relations.map((r) => ({
      kind: r.kind === "accessory" ? "accessory" : "sparePart",
      partno: r.target_partno,
      categoryId: r.target_category_id,
    })),
    homeCategoryId: record.category_id,
    // The table's fields (decision 058), and the documents, each left out where the catalogue has none.
    ...catalogFieldsFromColumns(record),
    ...(record.documents.length > 0 ? { documents: documents(record) } : {}),
  };
}

export function blockFromRecord(record: ArticleRecord): CatalogBlock {
  return { partno: record.partno, price: euros(record.price_cents), media: media(record), titles: titles(record) };
}
