import { describe, expect, it } from "vitest";
import { gridColumns, pageCount, toArticleDetail } from "./article-view";
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
};

describe("toArticleDetail", () => {
  const detail = toArticleDetail(article);

  it("sorts primary properties, hides group and brand, then appends the secondary list", () => {
    expect(detail.properties.de.map((p) => p.attribute)).toEqual(["Farbe", "Material", "Verpackungseinheit"]);
    expect(detail.properties.en.map((p) => p.attribute)).toEqual(["Colour", "Material", "Packing unit"]);
  });
  it("keeps only pictures and strips brand words from the title", () => {
    expect(detail.images).toEqual(["a", "b"]);
    expect(detail.title).toEqual({ de: "Griffe", en: "Grips" });
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
