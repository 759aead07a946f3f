import type { Category } from "./category";
import type { ProviderCategory } from "./provider-schema";

/*
 * The provider's JSON (a remote catalogue, or our own provider-compatible API) in our own names:
 * nothing beyond this module and the API routes reads the provider's field names.
 */

export function fromProviderCategory(category: ProviderCategory): Category {
  const { german, english } = category.translations;
  return {
    id: category.bbf_cat_ID_PUBLICGRPORDER,
    mainId: category.bbf_cat_ID_PUBLICGRPORDERMAIN,
    parentId: category.bbf_cat_parent_category,
    position: category.bbf_cat_position,
    symbol: category.bbf_cat_symbol,
    name: category.bbf_cat_name,
    nameDe: german.NAME,
    nameEn: english.NAME,
    descriptionDe: german.DESCRIPTION,
    descriptionEn: english.DESCRIPTION,
  };
}
