import path from "node:path";
import { readContent } from "~/content/read-content.server";
import { imageJobs, renderImages } from "~/seed/images.server";

/**
 * The shipped content names the home page's pictures, and a server does not start on content whose
 * pictures are missing (decision 059). Benchmarks that start a server on a store of their own, with
 * no demo media, render the demo's few static pictures first, in the shipped brand's colours.
 */
export async function renderContentPictures(mediaDir: string): Promise<void> {
  const brand = readContent("brand", { dir: path.resolve(import.meta.dirname, "../../content"), mediaDir });
  await renderImages(mediaDir, imageJobs({ articles: [], categories: [] }, brand.colors));
}
