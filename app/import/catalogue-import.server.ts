import type { DB } from "~/db/database.server";
import type { ImportRunOptions, ImportSummary } from "./import-report";

export type MenuGroup = "parts" | "accessories";

export interface CatalogueImportOptions extends ImportRunOptions {
  file: string;
  /** Where MIME_SOURCE paths are resolved (below MIME_ROOT); default: the file's folder. */
  mediaDir?: string;
  /** GROUP_ID → menu group; kept with the data for later imports. */
  groups?: Record<string, MenuGroup>;
}

export async function importCatalogue(_db: DB, _options: CatalogueImportOptions): Promise<ImportSummary> {
  throw new Error("not implemented yet");
}
