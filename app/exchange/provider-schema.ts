import { z } from "~/utils/zod-mini";
import { ARTICLE_FIELD_LIST, type ArticleFieldName, type ArticleFields } from "./article-fields";

/**
 * The catalogue provider's JSON shapes (specification sections 3 and 7). Our own API produces them
 * and the remote data source validates what a provider host sends, so both sides share one truth.
 * Fields we do not use are allowed through (`looseObject`): the provider may send more.
 */
const text = z.object({ NAME: z.string(), DESCRIPTION: z.string() });

export const categorySchema = z.looseObject({
  bbf_cat_name: z.string(),
  bbf_cat_ID_PUBLICGRPORDER: z.int(),
  bbf_cat_ID_PUBLICGRPORDERMAIN: z.int(),
  bbf_cat_parent_category: z.nullable(z.int()),
  bbf_cat_position: z.int(),
  bbf_cat_symbol: z.string(),
  translations: z.object({ german: text, english: text }),
  /** Our extension: the category's URL segment (decision 040); a provider sends none. */
  bbf_cat_slug: z.optional(z.string()),
});
export type ProviderCategory = z.infer<typeof categorySchema>;

/**
 * `LANG: "de"` marks an English entry that repeats the German text: the catalogue had no
 * translation. Our extension: `LANG: "en"` marks a German entry that repeats the English text
 * (catalogues written only in English).
 */
const attribute = z.object({ ATTRIBUTE: z.string(), VALUE: z.string(), LANG: z.optional(z.enum(["de", "en"])) });
const propertyLists = z.object({ primary: z.array(attribute), secondary: z.array(attribute) });
const descriptionTexts = z.looseObject({ TEXT1: z.string(), TEXT5: z.optional(z.string()) });
const media = z.looseObject({ TYPE: z.string(), IMAGENAME: z.string() });

/** Our extension: accessories and spare parts of an article, with the category that lists each. */
const reference = z.object({
  TYPE: z.enum(["accessories", "sparepart"]),
  PARTNO: z.string(),
  CATEGORY_ID: z.int(),
});
export type ProviderReference = z.infer<typeof reference>;

/**
 * Our extension (issue 28, decision 050): a PDF of the article. `FILE` is relative to the media
 * host (served under /media); `TYPE` is manual, data_sheet, safety_data_sheet, declaration or
 * others (another value is read as others); `LANG` "de", "en" or "" (both); `NAME` German (or ""
 * where only English), `NAME_EN` where translated; `SIZE` in bytes.
 */
const document = z.object({
  TYPE: z.string(),
  /** A path below the media folder: no scheme, no leading "/", no ".." step, no "\\", "?" or "#". */
  FILE: z.string().check(z.regex(/^(?!\/)(?!(.*\/)?\.\.(\/|$))[^\\:?#\0]+$/)),
  LANG: z.enum(["de", "en", ""]),
  NAME: z.string(),
  NAME_EN: z.optional(z.string()),
  SIZE: z.int().check(z.nonnegative()),
});
export type ProviderDocument = z.infer<typeof document>;

/** Each kind of article field (article-fields.ts) in the JSON; a provider that sends none of them still fits. */
const FIELD_KINDS = {
  text: z.optional(z.string()),
  /** German (`default`) and English, each where the catalogue has it. */
  texts: z.optional(z.object({ default: z.optional(z.string()), english: z.optional(z.string()) })),
  integer: z.optional(z.int()),
};
type ProviderFieldShape = { [K in ArticleFieldName as ArticleFields[K]["provider"]]: (typeof FIELD_KINDS)[ArticleFields[K]["kind"]] };
// Built from the table at run time; the mapped type above is what it holds.
const providerFieldShape = Object.fromEntries(ARTICLE_FIELD_LIST.map((field) => [field.provider, FIELD_KINDS[field.kind]])) as ProviderFieldShape;

export const articleSchema = z.looseObject({
  PARTNO: z.string(),
  PRODCATNAME: z.string(),
  /** null: the catalogue gives no recommended retail price. */
  RESELLERPRICE: z.nullable(z.number()),
  eans: z.array(z.object({ EAN: z.string() })),
  media: z.array(media),
  descriptions: z.looseObject({ default: descriptionTexts, english: z.optional(descriptionTexts) }),
  properties: z.looseObject({ default: propertyLists, english: z.optional(propertyLists) }),
  translations: z.optional(z.looseObject({ english: z.object({ PRODCATNAME: z.string() }) })),
  references: z.optional(z.array(reference)),
  /** Our extension: the article's own category, where a list shows it as a further group (decision 040). */
  CATEGORY_ID: z.optional(z.int()),
  /** Our extensions: the table's fields (MANUFACTURER, SAFETY, …; decision 058) and the documents (issue 28, decision 050). */
  ...providerFieldShape,
  DOCUMENTS: z.optional(z.array(document)),
});
export type ProviderArticle = z.infer<typeof articleSchema>;
/** The table's fields in the provider's names. */
export type ProviderArticleFields = Pick<ProviderArticle, keyof ProviderFieldShape>;

export const blockSchema = z.looseObject({
  PARTNO: z.string(),
  RESELLERPRICE: z.nullable(z.number()),
  media: z.array(media),
  descriptions: z.looseObject({ default: descriptionTexts, english: z.optional(descriptionTexts) }),
});
export type ProviderBlock = z.infer<typeof blockSchema>;

export const articleListSchema = z.object({ articles: z.array(articleSchema), blocks: z.array(blockSchema) });
export type ProviderArticleList = z.infer<typeof articleListSchema>;

export const resellerSchema = z.looseObject({
  name: z.string(),
  adresse: z.string(),
  tel: z.string(),
  email: z.string(),
  web: z.optional(z.string()),
  ort: z.string(),
  tag: z.string(),
  position: z.tuple([z.nullable(z.number()), z.nullable(z.number())]),
  /** Our extension: the position is the postal code's centre (true) or the town's ("town"), not the address. */
  approximate: z.optional(z.union([z.literal(true), z.literal("town")])),
  /** Our extensions (issue 14); a provider that sends none of them still fits. */
  slug: z.optional(z.string()),
  /** ISO 3166-1 alpha-2. */
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
  /** IANA zone of the hours, where the country alone does not say it (issue 26). */
  timeZone: z.optional(z.string()),
  /** Service keys (app/dealers/dealer/dealer-services.ts); unknown ones are ignored. */
  services: z.optional(z.array(z.string())),
  /** The week in opening-hours text (app/dealers/hours/opening-hours.ts); absent when unknown. */
  openingHours: z.optional(z.string()),
  /** Category names or keys the dealer stocks; absent for the whole range. */
  productLines: z.optional(z.array(z.string())),
});
export type ProviderReseller = z.infer<typeof resellerSchema>;

export const categoryListSchema = z.array(categorySchema);
export const resellerListSchema = z.array(resellerSchema);
