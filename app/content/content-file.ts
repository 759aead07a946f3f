import type { z } from "zod";

/**
 * What the content registry (content-files.ts) says about one file of CONTENT_DIR: the name pages
 * ask for, its path under the folder, how it is written and the zod schema it must satisfy.
 *
 * - `yaml`: the whole file is one YAML mapping, validated as it is.
 * - `markdown`: optional YAML front matter between `---` lines, then Markdown; the schema validates
 *   `{ ...frontMatter, body }`, where `body` is the Markdown source (render it with renderMarkdown).
 *
 * Schemas should be strict (`z.strictObject`), so a misspelt key is an error instead of a value that
 * silently vanishes.
 */
export type ContentFormat = "yaml" | "markdown";

export interface ContentFile<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  /** Under CONTENT_DIR, with forward slashes, e.g. `legal/impressum.md`. */
  path: string;
  format: ContentFormat;
  schema: S;
}

/** One registry entry; `name` keeps its literal type, so `get(name)` knows the schema's output. */
export function defineContentFile<const N extends string, S extends z.ZodType>(file: ContentFile<N, S>): ContentFile<N, S> {
  return file;
}

/** A problem of a content file, with the line an editor has to look at (1 when the file as a whole is wrong). */
export interface ContentProblem {
  /** The file as the editor sees it, e.g. `content/home.yaml`. */
  file: string;
  line: number;
  message: string;
}

/** `content/home.yaml:12: slides.0.image: …`, the form every problem is printed and logged in. */
export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}:${problem.line}: ${problem.message}`;
}
