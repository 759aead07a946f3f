import type { CategoryRow } from "~/db/schema";
import type { Category } from "./category";
import { baseSlug, withSlugs } from "./category-slug";

/** One row as a category. A row without a slug (before the server named it) reads by the base rule. */
export function categoryFromRow(row: CategoryRow): Category {
  return {
    id: row.id,
    mainId: row.main_id,
    parentId: row.parent_id,
    position: row.position,
    symbol: row.symbol,
    // URLs are built from it: the English name where the catalogue has no German one.
    name: row.name_de || row.name_en,
    slug: row.slug ?? (baseSlug(row.name_de || row.name_en) || String(row.id)),
    nameDe: row.name_de,
    nameEn: row.name_en,
    descriptionDe: row.description_de,
    descriptionEn: row.description_en,
  };
}

/** A shop's rows as categories; rows without a slug yet are named by the one rule, among the others. */
export function categoriesFromRows(rows: readonly CategoryRow[]): Category[] {
  return withSlugs(rows.map((row) => ({ ...categoryFromRow(row), slug: row.slug ?? "" })));
}
