import type { DB } from "~/db/database.server";
import type { ImportRunOptions, ImportSummary } from "./import-report";

export interface ProviderSyncOptions extends ImportRunOptions {
  catalogUrl: string;
  resellerUrl: string;
  shopId: number;
}

export async function syncFromProvider(_db: DB, _options: ProviderSyncOptions): Promise<ImportSummary> {
  throw new Error("not implemented yet");
}
