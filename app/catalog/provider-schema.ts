import { z } from "~/utils/zod";

/**
 * The catalogue provider's JSON shapes (specification sections 3 and 7). Our own API produces them
 * and the remote data source validates what a provider host sends, so both sides share one truth.
 * Fields we do not use are allowed through (`looseObject`): the provider may send more.
 */
const text = z.object({ NAME: z.string(), DESCRIPTION: z.string() });

export const categorySchema = z.looseObject({
  bbf_cat_name: z.string(),
  bbf_cat_ID_PUBLICGRPORDER: z.number().int(),
  bbf_cat_ID_PUBLICGRPORDERMAIN: z.number().int(),
  bbf_cat_parent_category: z.number().int().nullable(),
  bbf_cat_position: z.number().int(),
  bbf_cat_symbol: z.string(),
  translations: z.object({ german: text, english: text }),
});
export type ProviderCategory = z.infer<typeof categorySchema>;

/** `LANG: "de"` marks an English entry that repeats the German text: the catalogue had no translation. */
const attribute = z.object({ ATTRIBUTE: z.string(), VALUE: z.string(), LANG: z.literal("de").optional() });
const propertyLists = z.object({ primary: z.array(attribute), secondary: z.array(attribute) });
const descriptionTexts = z.looseObject({ TEXT1: z.string(), TEXT5: z.string().optional() });
const media = z.looseObject({ TYPE: z.string(), IMAGENAME: z.string() });

/** Our extension: accessories and spare parts of an article, with the category that lists each. */
const reference = z.object({
  TYPE: z.enum(["accessories", "sparepart"]),
  PARTNO: z.string(),
  CATEGORY_ID: z.number().int(),
});
export type ProviderReference = z.infer<typeof reference>;

export const articleSchema = z.looseObject({
  PARTNO: z.string(),
  PRODCATNAME: z.string(),
  /** null: the catalogue gives no recommended retail price. */
  RESELLERPRICE: z.number().nullable(),
  eans: z.array(z.object({ EAN: z.string() })),
  media: z.array(media),
  descriptions: z.looseObject({ default: descriptionTexts, english: descriptionTexts.optional() }),
  properties: z.looseObject({ default: propertyLists, english: propertyLists.optional() }),
  translations: z.looseObject({ english: z.object({ PRODCATNAME: z.string() }) }).optional(),
  references: z.array(reference).optional(),
});
export type ProviderArticle = z.infer<typeof articleSchema>;

export const blockSchema = z.looseObject({
  PARTNO: z.string(),
  RESELLERPRICE: z.number().nullable(),
  media: z.array(media),
  descriptions: z.looseObject({ default: descriptionTexts, english: descriptionTexts.optional() }),
});
export type ProviderBlock = z.infer<typeof blockSchema>;

export const articleListSchema = z.object({ articles: z.array(articleSchema), blocks: z.array(blockSchema) });
export type ProviderArticleList = z.infer<typeof articleListSchema>;

export const resellerSchema = z.looseObject({
  name: z.string(),
  adresse: z.string(),
  tel: z.string(),
  email: z.string(),
  web: z.string().optional(),
  ort: z.string(),
  tag: z.string(),
  position: z.tuple([z.number().nullable(), z.number().nullable()]),
  /** Our extension: the position is the postal code's centre, not the address. */
  approximate: z.literal(true).optional(),
  /** Our extensions (issue 14); a provider that sends none of them still fits. */
  slug: z.string().optional(),
  country: z.enum(["DE", "AT", "CH"]).optional(),
  /** Service keys (app/dealers/dealer-services.ts); unknown ones are ignored. */
  services: z.array(z.string()).optional(),
  /** The week in opening-hours text (app/dealers/opening-hours.ts); absent when unknown. */
  openingHours: z.string().optional(),
  /** Category names or keys the dealer stocks; absent for the whole range. */
  productLines: z.array(z.string()).optional(),
});
export type ProviderReseller = z.infer<typeof resellerSchema>;

export const categoryListSchema = z.array(categorySchema);
export const resellerListSchema = z.array(resellerSchema);
