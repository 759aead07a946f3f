import type { DB } from "~/db/database.server";
import { listCategories, setCategorySlugs } from "~/models/category.server";
import { categoriesFromRows } from "./category-from-row.server";
import { slugKey } from "./category-slug";

/**
 * Stores a slug for every category that has none (rows from before migration 0010, the demo seed),
 * by the one rule and beside the slugs already stored. Returns how many it named.
 */
export async function ensureCategorySlugs(db: DB, shopId: number): Promise<number> {
  const rows = await listCategories(db, shopId);
  const missing = new Set(rows.filter((r) => r.slug === null).map((r) => r.id));
  if (missing.size === 0) return 0;
  const named = categoriesFromRows(rows).filter((c) => missing.has(c.id));
  await setCategorySlugs(db, named.map((c) => ({ id: c.id, slug: c.slug, slug_key: slugKey(c.slug) })));
  return named.length;
}
