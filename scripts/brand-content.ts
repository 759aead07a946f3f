import { readContent } from "~/content/read-content.server";
import type { Env } from "~/env.server";

/**
 * The brand's content (content/brand.yaml) for a command that makes something of it: the seed's
 * names, pictures and documents, the catalogue. Read once, as at a server's start: a broken file
 * stops the command with every problem and its file:line (ContentLoadError).
 */
export function readBrandContent(env: Pick<Env, "CONTENT_DIR_ABSOLUTE" | "MEDIA_DIR_ABSOLUTE">) {
  return readContent("brand", { dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE });
}
