import type { ProviderCategory } from "./provider-schema";

/** For unit tests: a leaf category below the brand's range in the provider's shape, named alike in both languages unless `english` is given. */
export function providerCategory(id: number, name: string, english: { NAME: string; DESCRIPTION: string } = { NAME: name, DESCRIPTION: "" }): ProviderCategory {
  return {
    bbf_cat_name: name,
    bbf_cat_ID_PUBLICGRPORDER: id,
    bbf_cat_ID_PUBLICGRPORDERMAIN: 1962,
    bbf_cat_parent_category: 1000,
    bbf_cat_position: id,
    bbf_cat_symbol: `cat_${id}`,
    translations: { german: { NAME: name, DESCRIPTION: "" }, english },
  };
}
