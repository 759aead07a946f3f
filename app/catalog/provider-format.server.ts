import type { CategoryRow } from "~/db/schema";
import { textIn } from "~/i18n/localized-text";
import type { ArticleProperty, CatalogArticle, CatalogArticleList, CatalogBlock, CatalogDocument, CatalogMedia, PropertyLists } from "./catalog-article";
import { providerFieldsFromCatalog } from "~/exchange/article-field-codecs";
import type { ProviderArticle, ProviderArticleFields, ProviderArticleList, ProviderBlock, ProviderCategory } from "~/exchange/provider-schema";

/**
 * Our data in the provider's field names, for our provider-compatible API: the inverse of
 * provider-adapter.ts. An English part the data lacks (not translated) is left out, or marked
 * `LANG: "de"` where the shape needs an entry. The shape needs German texts: a catalogue written
 * only in English gives its English ones there (textIn), properties marked `LANG: "en"`.
 */
export function toProviderCategory(row: CategoryRow, slug?: string): ProviderCategory {
  return {
    bbf_cat_name: textIn("de", row.name_de, row.name_en).text,
    bbf_cat_ID_PUBLICGRPORDER: row.id,
    bbf_cat_ID_PUBLICGRPORDERMAIN: row.main_id,
    bbf_cat_parent_category: row.parent_id,
    bbf_cat_position: row.position,
    bbf_cat_symbol: row.symbol,
    translations: {
      german: { NAME: row.name_de, DESCRIPTION: row.description_de },
      english: { NAME: row.name_en, DESCRIPTION: row.description_en },
    },
    ...(slug !== undefined ? { bbf_cat_slug: slug } : {}),
  };
}

function texts(title: string, description: string | undefined): { TEXT1: string; TEXT5?: string } {
  return description === undefined ? { TEXT1: title } : { TEXT1: title, TEXT5: description };
}

type ProviderProperties = ProviderArticle["properties"]["default"];

function toProviderProperties(lists: PropertyLists): ProviderProperties {
  const entries = (list: ArticleProperty[]) =>
    list.map((p) => {
      const entry = { ATTRIBUTE: p.attribute, VALUE: p.value };
      if (p.germanFallback) return { ...entry, LANG: "de" as const };
      return p.englishFallback ? { ...entry, LANG: "en" as const } : entry;
    });
  return { primary: entries(lists.primary), secondary: entries(lists.secondary) };
}

const toProviderMedia = (media: CatalogMedia[]) => media.map((m) => ({ TYPE: m.type, IMAGENAME: m.name }));

const toProviderDocument = (d: CatalogDocument) => ({
  TYPE: d.purpose,
  FILE: d.file,
  LANG: d.language,
  NAME: d.names.de,
  ...(d.names.en !== undefined ? { NAME_EN: d.names.en } : {}),
  SIZE: d.bytes,
});

/**
 * Our extensions, each only where the article has it, so a provider's JSON stays as it was: the
 * table's fields (decision 058), then the documents (decision 050).
 */
function toProviderExtensions(article: CatalogArticle): Pick<ProviderArticle, keyof ProviderArticleFields | "DOCUMENTS"> {
  const { documents } = article;
  return {
    ...providerFieldsFromCatalog(article),
    ...(documents !== undefined && documents.length > 0 ? { DOCUMENTS: documents.map(toProviderDocument) } : {}),
  };
}

/** `listedIn`: the category whose list this is; an article listed there as a further group names its own. */
export function toProviderArticle(article: CatalogArticle, listedIn?: number): ProviderArticle {
  const { titles, descriptions, properties, heading } = article;
  return {
    PARTNO: article.partno,
    PRODCATNAME: textIn("de", heading.de, heading.en).text,
    RESELLERPRICE: article.price,
    eans: article.eans.map((EAN) => ({ EAN })),
    media: toProviderMedia(article.media),
    descriptions: {
      default: texts(textIn("de", titles.de, titles.en).text, descriptions.de),
      ...(titles.en !== undefined ? { english: texts(titles.en, descriptions.en) } : {}),
    },
    properties: {
      default: toProviderProperties(properties.de),
      ...(properties.en ? { english: toProviderProperties(properties.en) } : {}),
    },
    ...(heading.en !== undefined ? { translations: { english: { PRODCATNAME: heading.en } } } : {}),
    ...(article.references.length > 0
      ? {
          references: article.references.map((r) => ({
            TYPE: r.kind === "accessory" ? ("accessories" as const) : ("sparepart" as const),
            PARTNO: r.partno,
            CATEGORY_ID: r.categoryId,
          })),
        }
      : {}),
    ...(listedIn !== undefined && article.homeCategoryId !== undefined && article.homeCategoryId !== listedIn
      ? { CATEGORY_ID: article.homeCategoryId }
      : {}),
    ...toProviderExtensions(article),
  };
}

export function toProviderBlock(block: CatalogBlock): ProviderBlock {
  return {
    PARTNO: block.partno,
    RESELLERPRICE: block.price,
    media: toProviderMedia(block.media),
    descriptions: {
      default: { TEXT1: textIn("de", block.titles.de, block.titles.en).text },
      ...(block.titles.en !== undefined ? { english: { TEXT1: block.titles.en } } : {}),
    },
  };
}

export function toProviderArticleList(list: CatalogArticleList, listedIn?: number): ProviderArticleList {
  return { articles: list.articles.map((a) => toProviderArticle(a, listedIn)), blocks: list.blocks.map(toProviderBlock) };
}
