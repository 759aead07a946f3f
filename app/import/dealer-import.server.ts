import type { DB } from "~/db/database.server";
import type { ImportRunOptions, ImportSummary } from "./import-report";

export interface DealerImportOptions extends ImportRunOptions {
  file: string;
  /** Delete dealers whose id is not in the file. */
  prune: boolean;
}

export async function importDealers(_db: DB, _options: DealerImportOptions): Promise<ImportSummary> {
  throw new Error("not implemented yet");
}
