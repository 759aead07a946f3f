import { describe, expect, it } from "vitest";
import type { CatalogArticle } from "./catalog-article";
import { readSortParam, withSortParam } from "./list-sort";
import { sortedArticles } from "./sorted-articles.server";

const article = (partno: string, price: number | null, de: string, en?: string) => ({ partno, price, titles: { de, ...(en ? { en } : {}) } }) as unknown as CatalogArticle;
const list = [article("A", 19.95, "Schraube M10", "Screw M10"), article("B", null, "Ahle", "Awl"), article("C", 4.5, "Schraube M5", "Screw M5"), article("D", 19.95, "Zange", "Pliers"), article("E", null, "Öse", "Eyelet")];
const order = (sorted: readonly CatalogArticle[]) => sorted.map((a) => a.partno).join("");

describe("sorting a list (issue 39)", () => {
  it("reads ?sort= and drops what no list knows", () => {
    expect(readSortParam(null)).toBeNull();
    expect(readSortParam("")).toBeNull();
    expect(readSortParam(" Price-ASC ")).toBe("price-asc");
    expect(readSortParam("price")).toBe("invalid");
    expect(readSortParam("<script>")).toBe("invalid");
    expect(withSortParam(new URL("http://x/products/articles/K?sort=x&page=3&lang=en"), null, "page")).toBe("/products/articles/K?lang=en");
  });

  it("sorts by price either way with equal prices in catalogue order and articles without a price last", () => {
    expect(order(sortedArticles(list, "price-asc", "de"))).toBe("CADBE");
    expect(order(sortedArticles(list, "price-desc", "de"))).toBe("ADCBE");
  });

  it("sorts by the shown name in the page's language, numbers as numbers, umlauts as German does", () => {
    expect(order(sortedArticles(list, "name", "de"))).toBe("BECAD");
    expect(order(sortedArticles(list, "name", "en"))).toBe("BEDCA");
  });

  it("keeps the catalogue's order without a sort, and sorts a list once", () => {
    expect(sortedArticles(list, null, "de")).toBe(list);
    expect(sortedArticles(list, "price-asc", "de")).toBe(sortedArticles(list, "price-asc", "de"));
  });
});
