import type { CategoryRow } from "~/db/schema";
import type { Category } from "./category";

export function categoryFromRow(row: CategoryRow): Category {
  return {
    id: row.id,
    mainId: row.main_id,
    parentId: row.parent_id,
    position: row.position,
    symbol: row.symbol,
    // URLs are built from it: the English name where the catalogue has no German one.
    name: row.name_de || row.name_en,
    nameDe: row.name_de,
    nameEn: row.name_en,
    descriptionDe: row.description_de,
    descriptionEn: row.description_en,
  };
}
