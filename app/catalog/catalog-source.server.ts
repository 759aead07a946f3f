import type { DB } from "~/db/database.server";
import { articleListSchema, categoryListSchema } from "~/exchange/provider-schema";
import { listArticlesListedIn, listBlocksInCategory } from "~/models/article.server";
import { findCategoryById, findFormerSlug, listCategories } from "~/models/category.server";
import { fetchJson, UpstreamError } from "~/utils/fetch-json.server";
import { articleFromRecord, blockFromRecord } from "./article-from-record.server";
import type { CatalogArticleList } from "./catalog-article";
import { type LocalCatalog, memoizeCatalog } from "./catalog-memo.server";
import type { Category } from "./category";
import { categoriesFromRows } from "./category-from-row.server";
import { slugKey, withSlugs } from "./category-slug";
import { fromProviderArticleList, fromProviderCategory } from "./provider-adapter";

/**
 * Where pages get their catalogue, in our own names. By default our own database; with
 * CATALOG_API_URL set, the provider's host (provider-adapter.ts reads its JSON). The dealers have
 * their own source (app/dealers/dealer-source.server.ts).
 */
export interface CatalogSource extends LocalCatalog {
  /** The category that had this slug before an import renamed it (answers 301); null when none did. */
  formerCategory(slug: string): Promise<number | null>;
}

export function localCatalog(db: DB, shopId: number): LocalCatalog {
  return {
    async categories() {
      return categoriesFromRows(await listCategories(db, shopId));
    },
    async articleList(categoryId) {
      const category = await findCategoryById(db, categoryId);
      if (!category || category.shop_id !== shopId) return null;
      const [articles, blocks] = await Promise.all([
        listArticlesListedIn(db, categoryId),
        listBlocksInCategory(db, categoryId),
      ]);
      return { articles: articles.map(articleFromRecord), blocks: blocks.map(blockFromRecord) };
    },
  };
}

export async function formerCategory(db: DB, shopId: number, slug: string): Promise<number | null> {
  return (await findFormerSlug(db, shopId, slugKey(slug))) ?? null;
}

export function remoteCatalog(baseUrl: string, shopId: number): LocalCatalog {
  return {
    async categories() {
      const list = await fetchJson(`${baseUrl}/catalog/list/categories/${shopId}`, categoryListSchema);
      if (!list) throw new UpstreamError(`The catalogue host does not know shop ${shopId}`);
      // A provider's categories carry no slug (ours do): named by the same rule as ours.
      return withSlugs(list.map(fromProviderCategory));
    },
    async articleList(categoryId) {
      const list = await fetchJson(`${baseUrl}/catalog/list/categories/articles/${categoryId}`, articleListSchema);
      return list && fromProviderArticleList(list);
    },
  };
}

/**
 * With `dataVersion`, what comes from our own database is kept in memory until the version changes
 * (catalog-memo.server.ts); answers of a provider's host are always asked afresh.
 */
export function createCatalogSource(
  db: DB,
  options: { shopId: number; catalogApiUrl: string; dataVersion?: () => Promise<string> },
): CatalogSource {
  // A relative base URL points at ourselves, which is the local database without the HTTP hop.
  const remote = options.catalogApiUrl.startsWith("http");
  const local = (source: LocalCatalog) => (options.dataVersion ? memoizeCatalog(source, options.dataVersion) : source);
  return {
    ...(remote ? remoteCatalog(options.catalogApiUrl, options.shopId) : local(localCatalog(db, options.shopId))),
    // A provider keeps no history of addresses; ours does (migration 0010).
    formerCategory: remote ? async () => null : (slug) => formerCategory(db, options.shopId, slug),
  };
}

/**
 * Remembers answers for the life of one request: a page and its parent route often ask for the
 * same article list, and with a remote provider that would be two HTTP calls.
 */
export function perRequest(source: CatalogSource): CatalogSource {
  let categories: Promise<Category[]> | undefined;
  const lists = new Map<number, Promise<CatalogArticleList | null>>();
  return {
    categories: () => (categories ??= source.categories()),
    formerCategory: (slug) => source.formerCategory(slug),
    articleList(id) {
      let list = lists.get(id);
      if (!list) {
        list = source.articleList(id);
        lists.set(id, list);
      }
      return list;
    },
  };
}
