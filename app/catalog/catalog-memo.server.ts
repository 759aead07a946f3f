import { versionMemo } from "~/utils/version-memo";
import type { CatalogArticleList } from "./catalog-article";
import type { Category } from "./category";

/** What our own database answers for the catalogue (catalog-source.server.ts's local half). */
export interface LocalCatalog {
  categories(): Promise<Category[]>;
  /** `null` when the category does not exist. */
  articleList(categoryId: number): Promise<CatalogArticleList | null>;
}

/**
 * Keeps the categories and the article lists until the data version changes (app/utils/version-memo.ts).
 * Article lists are bounded in number; a list is as large as its category.
 */
export function memoizeCatalog(source: LocalCatalog, version: () => Promise<string>, maxLists = 500): LocalCatalog {
  const memo = versionMemo(version);
  return {
    categories: memo.value(() => source.categories()),
    articleList: memo.keyed((id: number) => source.articleList(id), maxLists),
  };
}
