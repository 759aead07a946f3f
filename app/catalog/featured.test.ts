import { describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { featuredProduct, leafCategoriesInOrder, pickFeatured, productCardView } from "./featured";
import type { Category } from "./category";
import type { CatalogBlock } from "./catalog-article";

const category = (id: number, parent: number | null, main: number, position: number, name: string): Category => ({
  name,
  slug: name.replace(/\s+/g, "-"),
  id,
  mainId: main,
  parentId: parent,
  position,
  symbol: `c${id}`,
  nameDe: name, descriptionDe: "", nameEn: name, descriptionEn: "",
});

const block = (partno: string, title: string, price: number, image = `${partno}_1`): CatalogBlock => ({
  partno,
  price,
  media: image ? [{ type: "Bild", name: image }] : [],
  titles: { de: title, en: `${title} EN` },
});

describe("productCardView", () => {
  it("shows the first picture, the title without the brand's words and the price with € and *", () => {
    const view = productCardView(featuredProduct(block("VB-1", "VIVA Original Klingel Ding Markenqualität", 1299.5), "/x"), "de");
    expect(view).toEqual({ imageName: "VB-1_1", title: { text: "Klingel Ding", lang: "de" }, price: "1.299,50\u00a0€*" });
    expect(productCardView(featuredProduct(block("VB-1", "Bikeparts Bell", 7.9), "/x"), "en")).toEqual({
      imageName: "VB-1_1",
      title: { text: "Bell EN", lang: "en" },
      price: "7.90\u00a0€*",
    });
  });
  it("shows the German title, marked German, on English pages when the block has no English, and no price without one", () => {
    const german: CatalogBlock = { partno: "VB-2", price: null, media: [], titles: { de: "VIVA Klingel" } };
    expect(productCardView(featuredProduct(german, "/x"), "en")).toEqual({ imageName: null, title: { text: "Klingel", lang: "de" }, price: null });
  });
});

describe("featured selection", () => {
  const categories = [
    category(1, null, 1, 0, brand.rangeCategoryName),
    category(20, 1, brand.groups.accessories, 1, "Schlösser"),
    category(10, 1, brand.groups.parts, 2, "Lenker"),
    category(11, 10, brand.groups.parts, 2, "Griffe"),
    category(12, 10, brand.groups.parts, 1, "Lenkerband"),
    category(13, 1, brand.groups.parts, 1, "Klingeln"),
  ];

  it("orders leaves like the menu: parts before accessories, by position along the tree", () => {
    expect(leafCategoriesInOrder(categories).map((c) => c.name)).toEqual(["Klingeln", "Lenkerband", "Griffe", "Schlösser"]);
  });

  it("takes one block with a picture per category, spread evenly, with deep links", () => {
    const entries = leafCategoriesInOrder(categories).map((c, i) => ({
      category: c,
      blocks: [block(`X-${i}`, "ohne Bild", 1, ""), block(`P-${i}`, `Titel ${i}`, 10 + i)],
    }));
    const all = pickFeatured(entries);
    expect(all.map((f) => f.partno)).toEqual(["P-0", "P-1", "P-2", "P-3"]);
    expect(all[2]?.href).toBe("/products/articles/Griffe/P-2");
    expect(pickFeatured(entries, 2).map((f) => f.partno)).toEqual(["P-0", "P-2"]);
    expect(pickFeatured(entries, 2)).toEqual(pickFeatured(entries, 2));
  });
});
