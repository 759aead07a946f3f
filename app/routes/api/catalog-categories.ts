import { brand } from "~/config/brand";
import { apiCacheHeaders, jsonError } from "~/utils/json-error.server";
import { localCatalog } from "~/catalog/catalog-source.server";
import type { Route } from "./+types/catalog-categories";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.shopId !== String(brand.shopId)) {
    return jsonError(404, "not_found", `Unknown shop id '${params.shopId}'. This catalogue serves shop ${brand.shopId}.`);
  }
  const categories = await localCatalog(context.db, brand.shopId).categories();
  return Response.json(categories, { headers: apiCacheHeaders });
}
