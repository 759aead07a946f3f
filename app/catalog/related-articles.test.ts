import { describe, expect, it } from "vitest";
import { testCategory } from "./test-category";
import type { ArticleReference, CatalogArticle, CatalogArticleList } from "./catalog-article";
import { NO_RELATED_ARTICLES, resolveRelatedArticles } from "./related-articles";

const untranslated = { name: "", description: "" };
const category = (id: number, name: string) => testCategory(id, name, untranslated);

const article = (partno: string, title: string, price: number | null, references: ArticleReference[] = []): CatalogArticle => ({
  partno,
  heading: { de: "Teil" },
  price,
  eans: [],
  media: price === null ? [] : [{ type: "Bild", name: `${partno}_1` }],
  titles: { de: title },
  descriptions: {},
  properties: { de: { primary: [], secondary: [] } },
  references,
});

const categories = [category(10, "Fahrrad Lampen"), category(20, "Ketten")];
const lists: Record<number, CatalogArticleList> = {
  10: { articles: [article("L-1", "Lampe", 29.9), article("L-2", "Halter", null)], blocks: [] },
  20: { articles: [article("K-1", "Kettenschloss", 3.5)], blocks: [] },
};

function reader() {
  const asked: number[] = [];
  return {
    asked,
    read: (id: number) => {
      asked.push(id);
      return Promise.resolve(lists[id] ?? null);
    },
  };
}

describe("resolveRelatedArticles", () => {
  it("lists accessories and spare parts in their order, each with its own deep link, reading each category once", async () => {
    const { asked, read } = reader();
    const main = article("M-1", "Rahmen", 499, [
      { kind: "accessory", partno: "L-2", categoryId: 10 },
      { kind: "sparePart", partno: "K-1", categoryId: 20 },
      { kind: "accessory", partno: "L-1", categoryId: 10 },
    ]);
    const related = await resolveRelatedArticles(main, categories, read);
    expect(related.accessories).toEqual([
      { partno: "L-2", title: { de: { text: "Halter", lang: "de" }, en: { text: "Halter", lang: "de" } }, price: null, image: null, href: "/products/articles/Fahrrad-Lampen/L-2" },
      { partno: "L-1", title: { de: { text: "Lampe", lang: "de" }, en: { text: "Lampe", lang: "de" } }, price: 29.9, image: "L-1_1", href: "/products/articles/Fahrrad-Lampen/L-1" },
    ]);
    expect(related.spareParts.map((r) => r.href)).toEqual(["/products/articles/Ketten/K-1"]);
    expect(asked.sort()).toEqual([10, 20]);
  });

  it("leaves out references whose category or article is gone, repeats and the article itself", async () => {
    const main = article("L-1", "Lampe", 29.9, [
      { kind: "sparePart", partno: "K-9", categoryId: 20 },
      { kind: "sparePart", partno: "K-1", categoryId: 99 },
      { kind: "accessory", partno: "L-1", categoryId: 10 },
      { kind: "accessory", partno: "L-2", categoryId: 10 },
      { kind: "accessory", partno: "L-2", categoryId: 10 },
    ]);
    const related = await resolveRelatedArticles(main, categories, reader().read);
    expect(related.accessories.map((r) => r.partno)).toEqual(["L-2"]);
    expect(related.spareParts).toEqual([]);
  });

  it("reads nothing for an article without references", async () => {
    const { asked, read } = reader();
    expect(await resolveRelatedArticles(article("X-1", "Ding", 1), categories, read)).toEqual(NO_RELATED_ARTICLES);
    expect(asked).toEqual([]);
  });
});
