/**
 * A catalogue category in our own names. The provider's field names (`bbf_cat_*`) stay in the
 * provider adapter (provider-adapter.ts) and the provider-compatible API routes.
 */
export interface Category {
  id: number;
  /** The menu group it belongs to (brand.groups: parts or accessories). */
  mainId: number;
  parentId: number | null;
  position: number;
  /** The brand's short key, used for tile pictures. */
  symbol: string;
  /** The German name: slugs are made from it, for both languages. */
  name: string;
  /** Its URL segment (category-slug.ts): unique, the same in both languages. */
  slug: string;
  nameDe: string;
  /** Empty when the catalogue has no English name: pages fall back to German. */
  nameEn: string;
  descriptionDe: string;
  descriptionEn: string;
}
