import { brand } from "~/config/brand";
import { apiCacheHeaders, jsonError } from "~/utils/json-error.server";
import { toProviderCategory } from "~/catalog/provider-format.server";
import { listCategories } from "~/models/category.server";
import type { Route } from "./+types/catalog-categories";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.shopId !== String(brand.shopId)) {
    return jsonError(404, "not_found", `Unknown shop id '${params.shopId}'. This catalogue serves shop ${brand.shopId}.`);
  }
  const categories = (await listCategories(context.db, brand.shopId)).map(toProviderCategory);
  return Response.json(categories, { headers: apiCacheHeaders });
}
