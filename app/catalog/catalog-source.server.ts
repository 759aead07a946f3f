import type { ZodMiniType } from "zod/mini";
import type { DB } from "~/db/database.server";
import { listArticlesListedIn, listBlocksInCategory } from "~/models/article.server";
import { findCategoryById, findFormerSlug, listCategories } from "~/models/category.server";
import { listDealers } from "~/models/dealer.server";
import { type Dealer, completeDealers } from "~/dealers/dealer/dealer";
import { dealerFromRow } from "~/dealers/dealer/dealer-from-row.server";
import { articleFromRecord, blockFromRecord } from "./article-from-record.server";
import type { CatalogArticleList } from "./catalog-article";
import { memoizeByVersion } from "./catalog-memo.server";
import type { Category } from "./category";
import { categoriesFromRows } from "./category-from-row.server";
import { slugKey, withSlugs } from "./category-slug";
import { fromProviderArticleList, fromProviderCategory, fromProviderReseller } from "./provider-adapter";
import { articleListSchema, categoryListSchema, resellerListSchema } from "./provider-schema";

/**
 * Where pages get their catalogue and dealer data, in our own names. By default our own database;
 * with CATALOG_API_URL / RESELLER_API_URL set, the provider's hosts (provider-adapter.ts reads
 * their JSON).
 */
export interface CatalogSource {
  categories(): Promise<Category[]>;
  /** `null` when the category does not exist. */
  articleList(categoryId: number): Promise<CatalogArticleList | null>;
  /** Every dealer, with our extensions filled in where a provider's list lacks them. */
  dealers(): Promise<Dealer[]>;
  /** The category that had this slug before an import renamed it (answers 301); null when none did. */
  formerCategory(slug: string): Promise<number | null>;
}

export class UpstreamError extends Error {
  override name = "UpstreamError";
}

export function localCatalog(db: DB, shopId: number): Pick<CatalogSource, "categories" | "articleList"> {
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

export function localDealers(db: DB): Pick<CatalogSource, "dealers"> {
  return {
    async dealers() {
      return completeDealers((await listDealers(db)).map(dealerFromRow));
    },
  };
}

const TIMEOUT_MS = 5000;

async function fetchJson<T>(url: string, schema: ZodMiniType<T>): Promise<T | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch (error) {
    throw new UpstreamError(`GET ${url} failed: ${(error as Error).message}`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new UpstreamError(`GET ${url} answered ${response.status}`);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new UpstreamError(`GET ${url} sent an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

export function remoteCatalog(baseUrl: string, shopId: number): Pick<CatalogSource, "categories" | "articleList"> {
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

export function remoteDealers(baseUrl: string): Pick<CatalogSource, "dealers"> {
  return {
    async dealers() {
      const list = (await fetchJson(`${baseUrl}/api/reseller`, resellerListSchema)) ?? [];
      return completeDealers(list.map(fromProviderReseller));
    },
  };
}

/**
 * With `dataVersion`, what comes from our own database is kept in memory until the version changes
 * (catalog-memo.server.ts); answers of a provider's hosts are always asked afresh.
 */
export function createCatalogSource(
  db: DB,
  options: { shopId: number; catalogApiUrl: string; resellerApiUrl: string; dataVersion?: () => Promise<string> },
): CatalogSource {
  // A relative base URL points at ourselves, which is the local database without the HTTP hop.
  const remote = (url: string) => url.startsWith("http");
  const local = <K extends keyof CatalogSource>(source: Pick<CatalogSource, K>) =>
    options.dataVersion ? memoizeByVersion(source, options.dataVersion) : source;
  return {
    ...(remote(options.catalogApiUrl)
      ? remoteCatalog(options.catalogApiUrl, options.shopId)
      : local(localCatalog(db, options.shopId))),
    ...(remote(options.resellerApiUrl) ? remoteDealers(options.resellerApiUrl) : local(localDealers(db))),
    // A provider keeps no history of addresses; ours does (migration 0010).
    formerCategory: remote(options.catalogApiUrl) ? async () => null : (slug) => formerCategory(db, options.shopId, slug),
  };
}

/**
 * Remembers answers for the life of one request: a page and its parent route often ask for the
 * same article list, and with a remote provider that would be two HTTP calls.
 */
export function perRequest(source: CatalogSource): CatalogSource {
  let categories: Promise<Category[]> | undefined;
  let dealers: Promise<Dealer[]> | undefined;
  const lists = new Map<number, Promise<CatalogArticleList | null>>();
  return {
    categories: () => (categories ??= source.categories()),
    dealers: () => (dealers ??= source.dealers()),
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
