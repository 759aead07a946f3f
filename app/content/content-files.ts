import type { z } from "zod";
import { brandContent } from "./brand-content";
import { defineContentFile } from "./content-file";
import { downloadsContent } from "./downloads-content";
import { homeContent } from "./home-content";
import { legalContent } from "./legal-content";
import { productsContent } from "./products-content";
import { serviceContent } from "./service-content";

/**
 * Every file of CONTENT_DIR the site reads, one entry each (decision 059; docs/content.md lists
 * them for editors, decision 060 says why each is content). A plain list: a new file is one more
 * entry, and `get(name)` knows its type.
 * Import this module's types only (`import type`) from pages: the schemas are the server's.
 */
export const CONTENT_FILES = [
  defineContentFile({ name: "brand", path: "brand.yaml", format: "yaml", schema: brandContent }),
  defineContentFile({ name: "home", path: "home.yaml", format: "yaml", schema: homeContent }),
  defineContentFile({ name: "products", path: "products.yaml", format: "yaml", schema: productsContent }),
  defineContentFile({ name: "service", path: "service.yaml", format: "yaml", schema: serviceContent }),
  defineContentFile({ name: "downloads", path: "downloads.yaml", format: "yaml", schema: downloadsContent }),
  defineContentFile({ name: "impressum", path: "legal/impressum.md", format: "markdown", schema: legalContent }),
  defineContentFile({ name: "datenschutz", path: "legal/datenschutz.md", format: "markdown", schema: legalContent }),
] as const;

export type ContentEntry = (typeof CONTENT_FILES)[number];
export type ContentName = ContentEntry["name"];
/** What `get(name)` gives: the schema's output for that file. */
export type ContentOf<N extends ContentName> = z.output<Extract<ContentEntry, { name: N }>["schema"]>;
