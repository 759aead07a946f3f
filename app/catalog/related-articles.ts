import { toArticleCard, type ArticleCard } from "./article-view";
import { articleHref } from "./catalog-view";
import type { Category } from "./category";
import type { CatalogArticle, CatalogArticleList } from "./catalog-article";

/** An accessory or spare part as the detail panel links it: a small card with its own deep link. */
export interface RelatedArticle extends ArticleCard {
  href: string;
}

export interface RelatedArticles {
  accessories: RelatedArticle[];
  spareParts: RelatedArticle[];
}

export const NO_RELATED_ARTICLES: RelatedArticles = { accessories: [], spareParts: [] };

/**
 * Resolves the article's references (BMEcat PRODUCT_REFERENCE) to the articles they name, each
 * through the category that lists it, in the order given. A reference whose category or article is
 * gone (the catalogue changed, or a provider host sent a stale one) is left out, not an error.
 */
export async function resolveRelatedArticles(
  article: CatalogArticle,
  categories: readonly Category[],
  articleList: (categoryId: number) => Promise<CatalogArticleList | null>,
): Promise<RelatedArticles> {
  const { references } = article;
  if (references.length === 0) return NO_RELATED_ARTICLES;
  // Several references usually share a category: read each list once.
  const lists = new Map<number, Promise<CatalogArticleList | null>>();
  const listOf = (id: number) => {
    let list = lists.get(id);
    if (!list) {
      list = articleList(id);
      lists.set(id, list);
    }
    return list;
  };
  const resolved = await Promise.all(
    references.map(async (reference) => {
      const category = categories.find((c) => c.id === reference.categoryId);
      if (!category) return null;
      const target = (await listOf(reference.categoryId))?.articles.find((a) => a.partno === reference.partno);
      if (!target) return null;
      const related: RelatedArticle = {
        ...toArticleCard(target),
        href: articleHref(category, target.partno),
      };
      return { kind: reference.kind, related };
    }),
  );
  const result: RelatedArticles = { accessories: [], spareParts: [] };
  const seen = new Set<string>();
  for (const entry of resolved) {
    // The article itself and repeats add nothing to the list.
    const key = entry ? `${entry.kind}:${entry.related.partno}` : "";
    if (!entry || seen.has(key) || entry.related.partno === article.partno) continue;
    seen.add(key);
    (entry.kind === "accessory" ? result.accessories : result.spareParts).push(entry.related);
  }
  return result;
}
