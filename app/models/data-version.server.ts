import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { getMeta } from "./app-meta.server";

/**
 * A reader of app_meta `keys` joined into one version string, asked at most once per `intervalMs`
 * of `now` (epoch ms; tests move their own clock instead of waiting): in-memory copies of pages and
 * data ask it on every request. A failed read is not remembered.
 */
export function metaVersionReader(db: DB, keys: readonly string[], { intervalMs = 1000, now = Date.now }: { intervalMs?: number; now?: () => number } = {}): () => Promise<string> {
  let latest: Promise<string> | null = null;
  let readAt = 0;
  return () => {
    const at = now();
    if (!latest || at - readAt >= intervalMs) {
      readAt = at;
      const reading = Promise.all(keys.map((key) => getMeta(db, key))).then((values) => values.map((value) => value ?? "").join(":"));
      reading.catch(() => {
        if (latest === reading) latest = null;
      });
      latest = reading;
    }
    return latest;
  };
}

/**
 * The data version (changed by every re-seed or import, also by another process), with the
 * catalogue PDF's: its rebuild after an import changes the downloads page; and the brand version the
 * PDFs were last rebuilt for (decision 061): the article pages name the new files' sizes.
 */
export function dataVersionReader(db: DB, options: { intervalMs?: number; now?: () => number } = {}): () => Promise<string> {
  return metaVersionReader(db, ["data_version", "catalogue_data_version", "documents_brand_version"], options);
}

/** A new data version for an import: random, because two imports of different data must never share one. */
export function newDataVersion(): string {
  return randomBytes(6).toString("hex");
}

/**
 * Inside an import's transaction: the new data version (every server sees it within a second and
 * drops its cached pages and catalogue) and the mark that the data is the brand's own now, so a
 * start never seeds demo data over it.
 */
export async function recordImport(trx: Transaction<Database>, version: string, { imported = true }: { imported?: boolean } = {}): Promise<void> {
  const stamps: [string, string][] = [["data_version", version]];
  // The demo seed writes through the same writer, but its data is not the brand's.
  if (imported) stamps.push(["imported_at", new Date().toISOString()]);
  for (const [key, value] of stamps) {
    await trx
      .insertInto("app_meta")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  }
}
