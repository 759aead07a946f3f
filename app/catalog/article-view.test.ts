import { describe, expect, it } from "vitest";
import { gridColumns, pageCount, toArticleCard, toArticleDetail } from "./article-view";
import type { ProviderArticle } from "./provider-schema";

const article: ProviderArticle = {
  PARTNO: "VB-1",
  PRODCATNAME: "Lenkergriffe",
  RESELLERPRICE: 19.99,
  eans: [{ EAN: "4006381333931" }],
  media: [
    { TYPE: "Bild", IMAGENAME: "a" },
    { TYPE: "Video", IMAGENAME: "v" },
    { TYPE: "Bild", IMAGENAME: "b" },
  ],
  descriptions: { default: { TEXT1: "VIVA Griffe", TEXT5: "Lang" }, english: { TEXT1: "VIVA Grips", TEXT5: "Long" } },
  properties: {
    default: {
      primary: [
        { ATTRIBUTE: "Material", VALUE: "Gummi" },
        { ATTRIBUTE: "Marke", VALUE: "VIVA" },
        { ATTRIBUTE: "Farbe", VALUE: "Schwarz" },
        { ATTRIBUTE: "Artikelgruppe", VALUE: "Griffe" },
      ],
      secondary: [{ ATTRIBUTE: "Verpackungseinheit", VALUE: "1 Paar" }],
    },
    english: {
      primary: [
        { ATTRIBUTE: "Material", VALUE: "Rubber" },
        { ATTRIBUTE: "Brand", VALUE: "VIVA" },
        { ATTRIBUTE: "Colour", VALUE: "Black" },
        { ATTRIBUTE: "Item group", VALUE: "Grips" },
      ],
      secondary: [{ ATTRIBUTE: "Packing unit", VALUE: "1 pair" }],
    },
  },
  translations: { english: { PRODCATNAME: "Handlebar grips" } },
};

describe("toArticleDetail", () => {
  const detail = toArticleDetail(article);

  it("sorts primary properties, hides group and brand, then appends the secondary list", () => {
    expect(detail.properties.de.map((p) => p.attribute.text)).toEqual(["Farbe", "Material", "Verpackungseinheit"]);
    expect(detail.properties.en.map((p) => p.attribute.text)).toEqual(["Colour", "Material", "Packing unit"]);
  });
  it("keeps only pictures and strips brand words from the title", () => {
    expect(detail.images).toEqual(["a", "b"]);
    expect(detail.title).toEqual({ de: { text: "Griffe", lang: "de" }, en: { text: "Grips", lang: "en" } });
  });
  it("says every text of a translated article is in the language of its page", () => {
    const texts = (lang: "de" | "en") => [
      detail.title[lang],
      detail.heading[lang],
      detail.description[lang],
      ...detail.properties[lang].flatMap((p) => [p.attribute, p.value]),
    ];
    expect(texts("de").every((t) => t?.lang === "de")).toBe(true);
    expect(texts("en").every((t) => t?.lang === "en")).toBe(true);
  });
});

describe("an article without English (a German-only import)", () => {
  const german: ProviderArticle = {
    ...article,
    RESELLERPRICE: null,
    descriptions: { default: { TEXT1: "VIVA Griffe", TEXT5: "Lang" } },
    properties: { default: article.properties.default },
  };
  delete german.translations;
  const detail = toArticleDetail(german);

  it("shows the German texts on English pages, marked German", () => {
    expect(detail.title.en).toEqual({ text: "Griffe", lang: "de" });
    expect(detail.heading.en).toEqual({ text: "Lenkergriffe", lang: "de" });
    expect(detail.description.en).toEqual({ text: "Lang", lang: "de" });
    expect(detail.properties.en).toEqual(detail.properties.de);
    expect(detail.properties.en.every((p) => p.attribute.lang === "de" && p.value.lang === "de")).toBe(true);
  });
  it("has no price", () => {
    expect(detail.price).toBeNull();
  });
  it("marks only the part of a property that repeats the German text", () => {
    const mixed = toArticleDetail({
      ...article,
      properties: {
        default: { primary: [{ ATTRIBUTE: "Farbe", VALUE: "anthrazit" }, { ATTRIBUTE: "Rahmenform", VALUE: "Trapez" }], secondary: [] },
        english: {
          primary: [
            { ATTRIBUTE: "Colour", VALUE: "anthrazit", LANG: "de" },
            { ATTRIBUTE: "Rahmenform", VALUE: "Trapez", LANG: "de" },
          ],
          secondary: [],
        },
      },
    });
    expect(mixed.properties.en).toEqual([
      { attribute: { text: "Colour", lang: "en" }, value: { text: "anthrazit", lang: "de" } },
      { attribute: { text: "Rahmenform", lang: "de" }, value: { text: "Trapez", lang: "de" } },
    ]);
  });
  it("falls back per text: an English title with a German-only description", () => {
    const partly = toArticleDetail({ ...article, descriptions: { default: { TEXT1: "Griffe", TEXT5: "Lang" }, english: { TEXT1: "Grips" } } });
    expect(partly.title.en).toEqual({ text: "Grips", lang: "en" });
    expect(partly.description.en).toEqual({ text: "Lang", lang: "de" });
  });
});

describe("toArticleCard", () => {
  it("takes the German title for English pages when the English one is missing or empty", () => {
    expect(toArticleCard({ ...article, descriptions: { default: { TEXT1: "Griffe" }, english: { TEXT1: " " } } }).title.en).toEqual({
      text: "Griffe",
      lang: "de",
    });
  });
});

describe("paging helpers", () => {
  it("counts pages of six", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
  });
  it("chooses 1, 2 or 3 columns", () => {
    expect([1, 2, 3, 6].map(gridColumns)).toEqual([1, 2, 3, 3]);
  });
});
