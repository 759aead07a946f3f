import { z } from "zod";
import { defineContentFile } from "./content-file";

/**
 * Every file of CONTENT_DIR the site reads, one entry each (decision 059; docs/content.md lists
 * them for editors). A plain list: a new file is one more entry, and `get(name)` knows its type.
 * Import this module's types only (`import type`) from pages: the schemas are the server's.
 */

const bilingual = z.strictObject({ de: z.string().trim().min(1), en: z.string().trim().min(1) });

export const CONTENT_FILES = [
  // The machinery's own example until the site's real files are registered (content-pages replaces it).
  defineContentFile({
    name: "example",
    path: "example.yaml",
    format: "yaml",
    schema: z.strictObject({ greeting: bilingual }),
  }),
] as const;

export type ContentEntry = (typeof CONTENT_FILES)[number];
export type ContentName = ContentEntry["name"];
/** What `get(name)` gives: the schema's output for that file. */
export type ContentOf<N extends ContentName> = z.output<Extract<ContentEntry, { name: N }>["schema"]>;
