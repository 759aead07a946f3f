import { describe, expect, it } from "vitest";
import type { Category } from "~/catalog/category";
import { resolveProductLines } from "./resolve-product-lines";

function category(id: number, name: string, english: string, parent: number | null, symbol: string): Category {
  return {
    name,
    slug: name.replace(/\s+/g, "-"),
    id,
    mainId: 1962,
    parentId: parent,
    position: id,
    symbol,
    nameDe: name, descriptionDe: "", nameEn: english, descriptionEn: "",
  };
}

const categories = [
  category(1, "VIVA Sortiment", "VIVA range", null, "ROOT"),
  category(2, "Reifen und Schläuche", "Tyres and tubes", 1, "REIFEN"),
  category(3, "Beleuchtung", "Lighting", 1, "LICHT"),
  category(4, "Licht-Sets", "Light sets", 3, "LICHTSET"),
];

describe("resolveProductLines", () => {
  it("links lines named by category name (spaces or hyphens, any case) or symbol, in both languages", () => {
    expect(resolveProductLines(["reifen-und-schläuche", "LICHT", "Licht Sets"], categories)).toEqual([
      { name: { de: { text: "Reifen und Schläuche", lang: "de" }, en: { text: "Tyres and tubes", lang: "en" } }, href: "/products/articles/Reifen-und-Schläuche" },
      { name: { de: { text: "Beleuchtung", lang: "de" }, en: { text: "Lighting", lang: "en" } }, href: "/products/Beleuchtung" },
      { name: { de: { text: "Licht-Sets", lang: "de" }, en: { text: "Light sets", lang: "en" } }, href: "/products/articles/Licht-Sets" },
    ]);
  });

  it("shows a line the catalogue does not know as written, marked German, and each line once", () => {
    expect(resolveProductLines(["Laufräder", " ", "Beleuchtung", "beleuchtung"], categories)).toEqual([
      { name: { de: { text: "Laufräder", lang: "de" }, en: { text: "Laufräder", lang: "de" } }, href: null },
      { name: { de: { text: "Beleuchtung", lang: "de" }, en: { text: "Lighting", lang: "en" } }, href: "/products/Beleuchtung" },
    ]);
  });
});

describe("resolveProductLines and the article filter", () => {
  it("read a line alike: English names, written-out umlauts and ids link too", () => {
    expect(resolveProductLines(["Tyres and tubes", "reifen und schlaeuche", "4"], categories).map((line) => line.href)).toEqual([
      "/products/articles/Reifen-und-Schläuche",
      "/products/articles/Licht-Sets",
    ]);
  });
});
