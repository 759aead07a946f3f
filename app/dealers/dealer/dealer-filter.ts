import type { ListedDealer } from "./dealer";

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiled once per brand tag: pages test it on every dealer of the list (10,000 in the bench). */
const brandPatterns = new Map<string, RegExp>();

/** True when the tags contain the brand's word on its own: "viva", "VIVA Premium", not "vivax". */
export function hasBrandTag(tags: string, brandTag: string): boolean {
  let pattern = brandPatterns.get(brandTag);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(brandTag)}($|[^\\p{L}\\p{N}])`, "iu");
    brandPatterns.set(brandTag, pattern);
  }
  return pattern.test(tags);
}

/** Case-insensitive substring match on name or city (specification section 4). */
export function matchesDealerQuery(dealer: Pick<ListedDealer, "name" | "city">, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase("de");
  if (wanted === "") return true;
  return dealer.name.toLocaleLowerCase("de").includes(wanted) || dealer.city.toLocaleLowerCase("de").includes(wanted);
}
