import type { APIRequestContext } from "@playwright/test";
import type { ProviderArticle, ProviderCategory } from "~/exchange/provider-schema";

/**
 * Tests pick their examples from the live API instead of hard-coding demo rows, so they keep
 * working with any catalogue that has the property under test.
 */
export async function catalogue(request: APIRequestContext) {
  const categories = (await (await request.get("/catalog/list/categories/37")).json()) as ProviderCategory[];
  const isLeaf = (c: ProviderCategory) => !categories.some((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER);
  const leaves = categories.filter((c) => isLeaf(c) && c.bbf_cat_parent_category !== null);
  const articlesOf = async (c: ProviderCategory) =>
    ((await (await request.get(`/catalog/list/categories/articles/${c.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as {
      articles: ProviderArticle[];
    }).articles;
  return { categories, leaves, articlesOf, isLeaf };
}

export const urlName = (name: string) => name.replace(/ /g, "-");
