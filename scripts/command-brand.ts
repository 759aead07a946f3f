import type { BrandContent } from "~/content/brand-content";
import { ContentLoadError } from "~/content/content-store.server";
import { readContent } from "~/content/read-content.server";
import type { Env } from "~/env.server";

/**
 * The brand of CONTENT_DIR (content/brand.yaml) for a command that names it (the export's supplier,
 * the import's "the brand is the maker"): read once, as a server reads it at its start. A broken
 * file prints its problems with file:line and gives null: the command stops with exit code 1.
 */
export function commandBrand(env: Pick<Env, "CONTENT_DIR_ABSOLUTE" | "MEDIA_DIR_ABSOLUTE">): BrandContent | null {
  try {
    return readContent("brand", { dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE });
  } catch (error) {
    if (!(error instanceof ContentLoadError)) throw error;
    console.error(error.message);
    return null;
  }
}
