import { describe, expect, it } from "vitest";
import { categoryDescriptions, categoryNames, categoryPathName, categoryTrail, findCategoryByPathName } from "./catalog-view";
import { testCategory as category } from "./test-category";
import type { Category } from "./category";

describe("category path names", () => {
  const list = [category(1, "Reifen und Schläuche"), category(2, "Ketten")];

  it("turns spaces into hyphens and back", () => {
    expect(categoryPathName("Reifen und Schläuche")).toBe("Reifen-und-Schläuche");
    expect(findCategoryByPathName(list, "Reifen-und-Schläuche")?.id).toBe(1);
  });
  it("ignores case and returns nothing for unknown names", () => {
    expect(findCategoryByPathName(list, "ketten")?.id).toBe(2);
    expect(findCategoryByPathName(list, "Sättel")).toBeUndefined();
  });
});

describe("category names and descriptions", () => {
  const translated: Category = {
    ...category(1, "Ketten"),
    nameDe: "Ketten", descriptionDe: "Für jede Schaltung", nameEn: "Chains", descriptionEn: "For every drivetrain",
  };
  const untranslated: Category = {
    ...category(2, "Schlösser"),
    nameDe: "Schlösser", descriptionDe: "Sicher geparkt", nameEn: "", descriptionEn: "",
  };

  it("are in the page's language when translated", () => {
    expect(categoryNames(translated)).toEqual({ de: { text: "Ketten", lang: "de" }, en: { text: "Chains", lang: "en" } });
    expect(categoryDescriptions(translated).en).toEqual({ text: "For every drivetrain", lang: "en" });
  });
  it("fall back to German on English pages, marked German", () => {
    expect(categoryNames(untranslated).en).toEqual({ text: "Schlösser", lang: "de" });
    expect(categoryDescriptions(untranslated).en).toEqual({ text: "Sicher geparkt", lang: "de" });
  });
  it("carry the marking into breadcrumbs", () => {
    expect(categoryTrail([untranslated], untranslated)).toEqual([
      { name: { de: { text: "Schlösser", lang: "de" }, en: { text: "Schlösser", lang: "de" } }, href: "/products/articles/Schlösser" },
    ]);
  });
});
