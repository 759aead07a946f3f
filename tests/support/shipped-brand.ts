import path from "node:path";
import type { BrandContent } from "~/content/brand-content";
import { type BrandNames, brandNames } from "~/exchange/article-fields";
import { readContent } from "~/content/read-content.server";
import { projectRoot } from "../../build-dir.js";

/**
 * The brand as the repository ships it (content/brand.yaml): what tests expect on a page, in a mail
 * or an export of the demo site. Read through the same schema as a server reads it.
 */
export function shippedBrand(): BrandContent {
  const dir = path.join(projectRoot, "content");
  // brand.yaml names no picture: the media folder is never looked into.
  return readContent("brand", { dir, mediaDir: dir });
}

/** The shipped brand's names, as an import compares a maker with them. */
export function shippedBrandNames(): BrandNames {
  return brandNames(shippedBrand());
}
