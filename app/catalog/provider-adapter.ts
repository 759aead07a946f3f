import { catalogFieldsFromProvider } from "~/exchange/article-field-codecs";
import type { ArticleFieldName } from "~/exchange/article-fields";
import { documentPurpose } from "~/exchange/catalogue-model";
import type { ArticleProperty, CatalogArticle, CatalogArticleList, CatalogBlock, CatalogDocument, Translatable } from "./catalog-article";
import type { Category } from "./category";
import type { ProviderArticle, ProviderArticleList, ProviderBlock, ProviderCategory, ProviderDocument } from "~/exchange/provider-schema";

/*
 * The provider's JSON (a remote catalogue, or our own provider-compatible API) in our own names:
 * nothing beyond this module, its counterpart for our API (provider-format.server.ts), the API
 * routes and the imports reads the provider's field names. Dealers have their own
 * (app/dealers/provider-reseller.ts).
 */

export function fromProviderCategory(category: ProviderCategory): Category {
  const { german, english } = category.translations;
  return {
    id: category.bbf_cat_ID_PUBLICGRPORDER,
    mainId: category.bbf_cat_ID_PUBLICGRPORDERMAIN,
    parentId: category.bbf_cat_parent_category,
    position: category.bbf_cat_position,
    symbol: category.bbf_cat_symbol,
    name: category.bbf_cat_name,
    // Our extension; a provider's list has none and is named by category-slug.ts (withSlugs).
    slug: category.bbf_cat_slug ?? "",
    nameDe: german.NAME,
    nameEn: english.NAME,
    descriptionDe: german.DESCRIPTION,
    descriptionEn: english.DESCRIPTION,
  };
}

function translatable<T>(de: T, en: T | undefined): Translatable<T> {
  return en === undefined ? { de } : { de, en };
}

function fromProviderBlockFields(block: ProviderBlock | ProviderArticle): CatalogBlock {
  const { default: german, english } = block.descriptions;
  return {
    partno: block.PARTNO,
    price: block.RESELLERPRICE,
    media: block.media.map((m) => ({ type: m.TYPE, name: m.IMAGENAME })),
    titles: translatable(german.TEXT1, english?.TEXT1),
  };
}

type ProviderProperty = ProviderArticle["properties"]["default"]["primary"][number];

function fromProviderProperty(entry: ProviderProperty): ArticleProperty {
  const fields = { attribute: entry.ATTRIBUTE, value: entry.VALUE };
  if (entry.LANG === "de") return { ...fields, germanFallback: true };
  return entry.LANG === "en" ? { ...fields, englishFallback: true } : fields;
}

function fromProviderProperties(lists: ProviderArticle["properties"]["default"]) {
  return { primary: lists.primary.map(fromProviderProperty), secondary: lists.secondary.map(fromProviderProperty) };
}

function fromProviderDocument(document: ProviderDocument): CatalogDocument {
  return {
    purpose: documentPurpose(document.TYPE),
    file: document.FILE,
    language: document.LANG,
    names: translatable(document.NAME, document.NAME_EN),
    bytes: document.SIZE,
  };
}

/** Our extensions, each only where the JSON has it: the table's fields (decision 058), the documents (decision 050). */
function extensions(article: ProviderArticle): Pick<CatalogArticle, ArticleFieldName | "documents"> {
  const { DOCUMENTS } = article;
  return {
    ...catalogFieldsFromProvider(article),
    ...(DOCUMENTS !== undefined && DOCUMENTS.length > 0 ? { documents: DOCUMENTS.map(fromProviderDocument) } : {}),
  };
}

export function fromProviderArticle(article: ProviderArticle): CatalogArticle {
  const { default: german, english } = article.descriptions;
  const properties = article.properties.english;
  return {
    ...fromProviderBlockFields(article),
    heading: translatable(article.PRODCATNAME, article.translations?.english.PRODCATNAME),
    descriptions: {
      ...(german.TEXT5 !== undefined ? { de: german.TEXT5 } : {}),
      ...(english?.TEXT5 !== undefined ? { en: english.TEXT5 } : {}),
    },
    eans: article.eans.map((e) => e.EAN),
    properties: translatable(
      fromProviderProperties(article.properties.default),
      properties === undefined ? undefined : fromProviderProperties(properties),
    ),
    references: (article.references ?? []).map((r) => ({
      kind: r.TYPE === "accessories" ? "accessory" : "sparePart",
      partno: r.PARTNO,
      categoryId: r.CATEGORY_ID,
    })),
    ...(article.CATEGORY_ID !== undefined ? { homeCategoryId: article.CATEGORY_ID } : {}),
    ...extensions(article),
  };
}

export function fromProviderBlock(block: ProviderBlock): CatalogBlock {
  return fromProviderBlockFields(block);
}

export function fromProviderArticleList(list: ProviderArticleList): CatalogArticleList {
  return { articles: list.articles.map(fromProviderArticle), blocks: list.blocks.map(fromProviderBlock) };
}
