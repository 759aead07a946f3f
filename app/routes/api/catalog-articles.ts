import { brand } from "~/config/brand";
import { apiCacheHeaders, jsonError } from "~/utils/json-error.server";
import { localCatalog } from "~/catalog/catalog-source.server";
import { toProviderArticleList } from "~/catalog/provider-format.server";
import type { Route } from "./+types/catalog-articles";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.categoryId)) {
    return jsonError(400, "bad_request", "The category id must be a positive whole number.");
  }
  const list = await localCatalog(context.db, brand.shopId).articleList(Number(params.categoryId));
  if (!list) return jsonError(404, "not_found", `There is no category with id ${params.categoryId}.`);
  return Response.json(toProviderArticleList(list, Number(params.categoryId)), { headers: apiCacheHeaders });
}
