import { describe, expect, it } from "vitest";
import {
  articleHref,
  articleListHref,
  asciiHref,
  categoryDescriptions,
  categoryNames,
  categoryPathName,
  categoryTrail,
  findCategoryByPathName,
} from "./catalog-view";
import { testCategory as category } from "./test-category";
import type { Category } from "./category";

describe("category path names", () => {
  const list = [category(1, "Reifen und Schläuche"), category(2, "Ketten"), { ...category(3, "Zubehör"), slug: "Bremsen-Zubehör" }];

  it("are the category's slug, found again exactly", () => {
    expect(categoryPathName(list[0]!)).toBe("Reifen-und-Schläuche");
    expect(findCategoryByPathName(list, "Reifen-und-Schläuche")).toEqual({ category: list[0], exact: true });
  });
  it("find another case and old name-based links, to be redirected", () => {
    expect(findCategoryByPathName(list, "ketten")).toEqual({ category: list[1], exact: false });
    expect(findCategoryByPathName(list, "Zubehör")).toEqual({ category: list[2], exact: false });
    expect(findCategoryByPathName(list, "Sättel")).toBeUndefined();
  });
  it("build links from the slug, and ASCII addresses for headers", () => {
    expect(articleHref(list[2]!, "VB/17 #1")).toBe("/products/articles/Bremsen-Zubehör/VB%2F17%20%231");
    expect(asciiHref(articleListHref(list[2]!))).toBe("/products/articles/Bremsen-Zubeh%C3%B6r");
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
