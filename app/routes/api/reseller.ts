import { localResellers } from "~/catalog/catalog-source.server";
import { apiCacheHeaders } from "~/utils/json-error.server";
import type { Route } from "./+types/reseller";

/** All dealers, as the provider lists them; the page itself keeps only those with the brand tag. */
export async function loader({ context }: Route.LoaderArgs) {
  const resellers = await localResellers(context.db).resellers();
  return Response.json(resellers, { headers: apiCacheHeaders });
}
