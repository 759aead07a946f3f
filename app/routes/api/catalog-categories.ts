import { brand } from "~/config/brand";
import { apiCacheHeaders, jsonError } from "~/utils/json-error.server";
import { toProviderCategory } from "~/catalog/provider-format.server";
import { categoriesFromRows } from "~/catalog/category-from-row.server";
import { listCategories } from "~/models/category.server";
import type { Route } from "./+types/catalog-categories";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.shopId !== String(brand.shopId)) {
    return jsonError(404, "not_found", `Unknown shop id '${params.shopId}'. This catalogue serves shop ${brand.shopId}.`);
  }
  const rows = await listCategories(context.db, brand.shopId);
  // Our extension: each category's address, so a site that reads this API links the same pages.
  const slugs = new Map(categoriesFromRows(rows).map((c) => [c.id, c.slug]));
  const categories = rows.map((row) => toProviderCategory(row, slugs.get(row.id)));
  return Response.json(categories, { headers: apiCacheHeaders });
}
