import { redirect } from "react-router";
import type { CatalogSource } from "./catalog-source.server";
import type { Category } from "./category";
import { asciiHref, findCategoryByPathName } from "./catalog-view";
import { notFound } from "~/utils/http.server";

/**
 * The category a URL names, with the whole list for breadcrumbs and children; 404 when unknown.
 * An address in another case, an old name-based link or an address an import has since changed
 * (decision 040) answers 301 to the category's own address, which `hrefOf` builds for this route.
 */
export async function requireCategory(
  catalog: CatalogSource,
  pathName: string,
  request: Request,
  hrefOf: (category: Category, categories: Category[]) => string,
): Promise<{ categories: Category[]; category: Category }> {
  const categories = await catalog.categories();
  const match = findCategoryByPathName(categories, pathName);
  let moved: Category | undefined = match && !match.exact ? match.category : undefined;
  if (!match) {
    const id = await catalog.formerCategory(pathName);
    moved = id === null ? undefined : categories.find((c) => c.id === id);
    if (!moved) notFound();
  }
  if (moved) throw redirect(`${asciiHref(hrefOf(moved, categories))}${new URL(request.url).search}`, 301);
  if (!match) notFound();
  return { categories, category: match.category };
}
