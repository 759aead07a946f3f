import { describe, expect, it } from "vitest";
import { gridColumns, pageCount, toArticleCard, toArticleDetail } from "./article-view";
import type { CatalogArticle } from "./catalog-article";

const article: CatalogArticle = {
  partno: "VB-1",
  heading: { de: "Lenkergriffe", en: "Handlebar grips" },
  price: 19.99,
  eans: ["4006381333931"],
  media: [
    { type: "Bild", name: "a" },
    { type: "Video", name: "v" },
    { type: "Bild", name: "b" },
  ],
  titles: { de: "VIVA Griffe", en: "VIVA Grips" },
  descriptions: { de: "Lang", en: "Long" },
  properties: {
    de: {
      primary: [
        { attribute: "Material", value: "Gummi" },
        { attribute: "Marke", value: "VIVA" },
        { attribute: "Farbe", value: "Schwarz" },
        { attribute: "Artikelgruppe", value: "Griffe" },
      ],
      secondary: [{ attribute: "Verpackungseinheit", value: "1 Paar" }],
    },
    en: {
      primary: [
        { attribute: "Material", value: "Rubber" },
        { attribute: "Brand", value: "VIVA" },
        { attribute: "Colour", value: "Black" },
        { attribute: "Item group", value: "Grips" },
      ],
      secondary: [{ attribute: "Packing unit", value: "1 pair" }],
    },
  },
  references: [],
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
  const german: CatalogArticle = {
    ...article,
    heading: { de: "Lenkergriffe" },
    price: null,
    titles: { de: "VIVA Griffe" },
    descriptions: { de: "Lang" },
    properties: { de: article.properties.de },
  };
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
        de: { primary: [{ attribute: "Farbe", value: "anthrazit" }, { attribute: "Rahmenform", value: "Trapez" }], secondary: [] },
        en: {
          primary: [
            { attribute: "Colour", value: "anthrazit", germanFallback: true },
            { attribute: "Rahmenform", value: "Trapez", germanFallback: true },
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
    const partly = toArticleDetail({ ...article, titles: { de: "Griffe", en: "Grips" }, descriptions: { de: "Lang" } });
    expect(partly.title.en).toEqual({ text: "Grips", lang: "en" });
    expect(partly.description.en).toEqual({ text: "Lang", lang: "de" });
  });
});

describe("an article without German (an English-only import)", () => {
  const english = toArticleDetail({
    ...article,
    heading: { de: "", en: "Handlebar grips" },
    titles: { de: "", en: "VIVA Grips" },
    descriptions: { en: "Long" },
    properties: {
      de: { primary: [{ attribute: "Material", value: "Rubber", englishFallback: true }], secondary: [] },
      en: { primary: [{ attribute: "Material", value: "Rubber" }], secondary: [] },
    },
  });

  it("shows the English texts on German pages, marked English", () => {
    expect(english.title.de).toEqual({ text: "Grips", lang: "en" });
    expect(english.heading.de).toEqual({ text: "Handlebar grips", lang: "en" });
    expect(english.description.de).toEqual({ text: "Long", lang: "en" });
    // "Material" is the same word in both languages: the German list marks what repeats the English text.
    expect(english.properties.de).toEqual([{ attribute: { text: "Material", lang: "en" }, value: { text: "Rubber", lang: "en" } }]);
  });

  it("needs no marks on English pages", () => {
    expect(english.title.en).toEqual({ text: "Grips", lang: "en" });
    expect(english.properties.en).toEqual([{ attribute: { text: "Material", lang: "en" }, value: { text: "Rubber", lang: "en" } }]);
  });
});

describe("toArticleCard", () => {
  it("takes the German title for English pages when the English one is missing or empty", () => {
    expect(toArticleCard({ ...article, titles: { de: "Griffe", en: " " } }).title.en).toEqual({
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
