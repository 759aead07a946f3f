import { describe, expect, it } from "vitest";
import type { CatalogArticle } from "./catalog-article";
import { fromProviderArticle, fromProviderBlock } from "./provider-adapter";
import { toProviderArticle, toProviderBlock } from "./provider-format.server";
import type { ProviderArticle, ProviderBlock } from "~/exchange/provider-schema";

const translated: ProviderArticle = {
  PARTNO: "VB-1",
  PRODCATNAME: "Lenkergriffe",
  RESELLERPRICE: 19.99,
  eans: [{ EAN: "4006381333931" }],
  media: [
    { TYPE: "Bild", IMAGENAME: "VB-1_1" },
    { TYPE: "Video", IMAGENAME: "VB-1_v" },
  ],
  descriptions: { default: { TEXT1: "VIVA Griffe", TEXT5: "Lang" }, english: { TEXT1: "VIVA Grips" } },
  properties: {
    default: { primary: [{ ATTRIBUTE: "Farbe", VALUE: "anthrazit" }], secondary: [{ ATTRIBUTE: "Inhalt", VALUE: "1 Paar" }] },
    english: { primary: [{ ATTRIBUTE: "Colour", VALUE: "anthrazit", LANG: "de" }], secondary: [{ ATTRIBUTE: "Contents", VALUE: "1 pair" }] },
  },
  translations: { english: { PRODCATNAME: "Handlebar grips" } },
  references: [
    { TYPE: "accessories", PARTNO: "VB-2", CATEGORY_ID: 10 },
    { TYPE: "sparepart", PARTNO: "VB-3", CATEGORY_ID: 11 },
  ],
};

const germanOnly: ProviderArticle = {
  PARTNO: "VB-4",
  PRODCATNAME: "Klingeln",
  RESELLERPRICE: null,
  eans: [],
  media: [],
  descriptions: { default: { TEXT1: "Klingel" } },
  properties: { default: { primary: [], secondary: [] } },
};

describe("fromProviderArticle", () => {
  it("names every field our way, keeping what is translated and what is not", () => {
    const article = fromProviderArticle(translated);
    expect(article).toEqual({
      partno: "VB-1",
      price: 19.99,
      media: [
        { type: "Bild", name: "VB-1_1" },
        { type: "Video", name: "VB-1_v" },
      ],
      titles: { de: "VIVA Griffe", en: "VIVA Grips" },
      heading: { de: "Lenkergriffe", en: "Handlebar grips" },
      descriptions: { de: "Lang" },
      eans: ["4006381333931"],
      properties: {
        de: { primary: [{ attribute: "Farbe", value: "anthrazit" }], secondary: [{ attribute: "Inhalt", value: "1 Paar" }] },
        en: {
          primary: [{ attribute: "Colour", value: "anthrazit", germanFallback: true }],
          secondary: [{ attribute: "Contents", value: "1 pair" }],
        },
      },
      references: [
        { kind: "accessory", partno: "VB-2", categoryId: 10 },
        { kind: "sparePart", partno: "VB-3", categoryId: 11 },
      ],
    } satisfies CatalogArticle);
    expect(fromProviderArticle(germanOnly)).toMatchObject({ titles: { de: "Klingel" }, heading: { de: "Klingeln" }, descriptions: {}, references: [] });
    expect(fromProviderArticle(germanOnly).properties).not.toHaveProperty("en");
  });

  it("is undone by our API's formatter, so our API sends what a provider sends", () => {
    for (const article of [translated, germanOnly]) expect(toProviderArticle(fromProviderArticle(article))).toStrictEqual(article);
    const block: ProviderBlock = { PARTNO: "VB-1", RESELLERPRICE: 7.5, media: [{ TYPE: "Bild", IMAGENAME: "VB-1_1" }], descriptions: { default: { TEXT1: "Griffe" } } };
    expect(fromProviderBlock(block)).toEqual({ partno: "VB-1", price: 7.5, media: [{ type: "Bild", name: "VB-1_1" }], titles: { de: "Griffe" } });
    expect(toProviderBlock(fromProviderBlock(block))).toStrictEqual(block);
  });
});
