import { imageJobs, renderImages } from "~/seed/images.server";

/**
 * The shipped content names the home page's pictures, and a server does not start on content whose
 * pictures are missing (decision 059). Benchmarks that start a server on a store of their own, with
 * no demo media, render the demo's few static pictures first.
 */
export async function renderContentPictures(mediaDir: string): Promise<void> {
  await renderImages(mediaDir, imageJobs({ articles: [], categories: [] }));
}
