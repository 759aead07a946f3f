import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import type { CatalogSource } from "./catalog-source.server";
import { leafCategoriesInOrder, pickFeatured, type FeaturedProduct } from "./featured";

/** A remote provider has no data version we could watch: its answer is reused for this long. */
const REMOTE_TTL_MS = 10 * 60 * 1000;

let cache: { key: string; expires: number; value: Promise<FeaturedProduct[]> } | undefined;

async function collect(catalog: CatalogSource): Promise<FeaturedProduct[]> {
  const leaves = leafCategoriesInOrder(await catalog.categories());
  const entries = await Promise.all(
    leaves.map(async (category) => ({ category, blocks: (await catalog.articleList(category.id))?.blocks ?? [] })),
  );
  return pickFeatured(entries);
}

/**
 * The home page's featured product blocks. Reading every leaf category's article list costs a few
 * dozen queries (or HTTP calls to a provider), so the result is kept until the data version changes.
 */
export async function featuredProducts(options: { db: DB; catalog: CatalogSource; catalogApiUrl: string }): Promise<FeaturedProduct[]> {
  const remote = options.catalogApiUrl.startsWith("http");
  const key = remote ? `remote:${options.catalogApiUrl}` : `local:${(await getMeta(options.db, "data_version")) ?? "none"}`;
  const now = Date.now();
  if (!cache || cache.key !== key || cache.expires < now) {
    const value = collect(options.catalog);
    cache = { key, expires: remote ? now + REMOTE_TTL_MS : Number.POSITIVE_INFINITY, value };
    // A failure must not stick: the next request tries again.
    value.catch(() => {
      if (cache?.value === value) cache = undefined;
    });
  }
  return cache.value;
}
