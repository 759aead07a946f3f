import path from "node:path";
import { CONTENT_FILES, type ContentName, type ContentOf } from "./content-files";
import { ContentLoadError } from "./content-store.server";
import { PictureSizes, evaluateContentFile } from "./content-source.server";

/**
 * One content file read once, for work that runs without a server's live store: the seed, the
 * import, export and catalogue commands. As at a server's start, a broken file stops the work with
 * every problem (ContentLoadError): there is no last good content to fall back on.
 */
export function readContent<N extends ContentName>(name: N, folders: { dir: string; mediaDir: string }): ContentOf<N> {
  const entry = CONTENT_FILES.find((file) => file.name === name);
  if (!entry) throw new Error(`no content file named "${name}" is registered (app/content/content-files.ts)`);
  const resolved = { dir: path.resolve(folders.dir), mediaDir: path.resolve(folders.mediaDir) };
  const evaluation = evaluateContentFile(entry, resolved, new PictureSizes(resolved.mediaDir));
  // Without an earlier key there is always an evaluation.
  if (evaluation === "unchanged" || !evaluation.ok) throw new ContentLoadError(evaluation === "unchanged" ? [] : evaluation.problems);
  return evaluation.value as ContentOf<N>;
}
