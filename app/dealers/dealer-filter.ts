import type { ProviderReseller } from "~/catalog/provider-schema";

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiled once per brand tag: pages test it on every dealer of the list (10,000 in the bench). */
const brandPatterns = new Map<string, RegExp>();

/** True when the tag contains the brand's word on its own: "viva", "VIVA Premium", not "vivax". */
export function hasBrandTag(tag: string, brandTag: string): boolean {
  let pattern = brandPatterns.get(brandTag);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(brandTag)}($|[^\\p{L}\\p{N}])`, "iu");
    brandPatterns.set(brandTag, pattern);
  }
  return pattern.test(tag);
}

/** Case-insensitive substring match on name or city (specification section 4). */
export function matchesDealerQuery(dealer: Pick<ProviderReseller, "name" | "ort">, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase("de");
  if (wanted === "") return true;
  return dealer.name.toLocaleLowerCase("de").includes(wanted) || dealer.ort.toLocaleLowerCase("de").includes(wanted);
}
