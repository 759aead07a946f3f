import type { ProviderReseller } from "~/catalog/provider-schema";

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when the tag contains the brand's word on its own: "viva", "VIVA Premium", not "vivax". */
export function hasBrandTag(tag: string, brandTag: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(brandTag)}($|[^\\p{L}\\p{N}])`, "iu").test(tag);
}

/** Case-insensitive substring match on name or city (specification section 4). */
export function matchesDealerQuery(dealer: Pick<ProviderReseller, "name" | "ort">, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase("de");
  if (wanted === "") return true;
  return dealer.name.toLocaleLowerCase("de").includes(wanted) || dealer.ort.toLocaleLowerCase("de").includes(wanted);
}
