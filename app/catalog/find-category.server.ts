import type { CatalogSource } from "./catalog-source.server";
import { findCategoryByPathName } from "./catalog-view";
import { notFound } from "~/utils/http.server";

/** The category a URL names, with the whole list for breadcrumbs and children; 404 when unknown. */
export async function requireCategory(catalog: CatalogSource, pathName: string) {
  const categories = await catalog.categories();
  const category = findCategoryByPathName(categories, pathName);
  if (!category) notFound();
  return { categories, category };
}
