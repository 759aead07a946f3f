import { describe, expect, it } from "vitest";
import { ARTICLE_FIELD_LIST } from "~/exchange/article-fields";
import { articleFacts } from "./article-facts.server";
import type { CatalogArticle } from "./catalog-article";

/** The table's rows as a newcomer's labelled field would be (decision 058): today's rows carry no label. */
const labelled = ARTICLE_FIELD_LIST.map((field) => ({ ...field, label: "products.partNo" as const }));
const article = (fields: Partial<CatalogArticle>) => ({ partno: "VB-1", ...fields }) as CatalogArticle;

describe("articleFacts", () => {
  it("lists a labelled field's value per language, the texts' falling back with their language", () => {
    const facts = articleFacts(article({ manufacturer: "Acme Tubes", safety: { en: "Keep dry." } }), labelled);
    expect(facts?.de).toEqual([
      { label: "products.partNo", value: { text: "Acme Tubes", lang: "de" } },
      { label: "products.partNo", value: { text: "Keep dry.", lang: "en" } },
    ]);
    expect(facts?.en.map((fact) => fact.value)).toEqual([
      { text: "Acme Tubes", lang: "en" },
      { text: "Keep dry.", lang: "en" },
    ]);
  });

  it("gives no line for an absent or blank field, and nothing at all when every field is empty", () => {
    expect(articleFacts(article({ safety: { de: " " } }), labelled)).toBeUndefined();
    expect(articleFacts(article({ manufacturer: "Acme Tubes" }))).toBeUndefined();
  });
});
