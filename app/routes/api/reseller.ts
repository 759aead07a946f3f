import { localDealers } from "~/dealers/source/dealer-source.server";
import { toProviderReseller } from "~/dealers/source/provider-reseller-format.server";
import { apiCacheHeaders } from "~/utils/json-error.server";
import type { Route } from "./+types/reseller";

/** All dealers, as the provider lists them; the page itself keeps only those with the brand tag. */
export async function loader({ context }: Route.LoaderArgs) {
  const resellers = (await localDealers(context.db).dealers()).map(toProviderReseller);
  return Response.json(resellers, { headers: apiCacheHeaders });
}
