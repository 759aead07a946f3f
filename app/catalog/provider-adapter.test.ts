import { describe, expect, it } from "vitest";
import { completeDealers } from "~/dealers/dealer/dealer";
import type { CatalogArticle } from "./catalog-article";
import { fromProviderArticle, fromProviderBlock, fromProviderReseller, parseProviderReseller } from "./provider-adapter";
import { toProviderArticle, toProviderBlock, toProviderReseller } from "./provider-format.server";
import type { ProviderArticle, ProviderBlock, ProviderReseller } from "./provider-schema";

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

const reseller: ProviderReseller = {
  name: "Wiener Radwerk",
  adresse: "Graben 3, 1010 Wien",
  tel: "+43 1 5123456",
  email: "office@wiener-radwerk.example.com",
  web: "https://www.wiener-radwerk.example.com",
  ort: "Wien",
  tag: "viva, city",
  position: [48.2077, 16.3705],
  approximate: true,
  slug: "wiener-radwerk-wien",
  country: "AT",
  services: ["workshop"],
  openingHours: "Mo-Fr 09:00-18:00",
  productLines: ["Klingeln"],
};

describe("fromProviderReseller", () => {
  it("names a dealer our way and is undone by our API's formatter", () => {
    const [dealer] = completeDealers([fromProviderReseller(reseller)]);
    expect(dealer).toMatchObject({ address: reseller.adresse, city: reseller.ort, phone: reseller.tel, website: reseller.web, tags: reseller.tag });
    expect(dealer && toProviderReseller(dealer)).toStrictEqual(reseller);
  });

  it("leaves what a provider does not send absent, not undefined: dealers travel in the page's data", () => {
    const { name, adresse, tel, email, ort, tag, position } = reseller;
    expect(Object.keys(parseProviderReseller({ name, adresse, tel, email, ort, tag, position }))).toEqual([
      "name",
      "address",
      "city",
      "phone",
      "email",
      "tags",
      "position",
    ]);
    expect(() => parseProviderReseller({ name, adresse })).toThrow();
  });
});
