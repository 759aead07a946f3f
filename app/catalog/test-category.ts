import type { Category } from "./category";

/** For unit tests: a leaf category below the brand's range, named alike in both languages unless `english` is given. */
export function testCategory(id: number, name: string, english: { name: string; description: string } = { name, description: "" }): Category {
  return {
    id,
    mainId: 1962,
    parentId: 1000,
    position: id,
    symbol: `cat_${id}`,
    name,
    slug: name.replace(/\s+/g, "-"),
    nameDe: name,
    nameEn: english.name,
    descriptionDe: "",
    descriptionEn: english.description,
  };
}
