import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { getMeta } from "./app-meta.server";

/**
 * The data version (changed by every re-seed or import, also by another process), read at most
 * once per `intervalMs` of `now` (epoch ms; tests move their own clock instead of waiting): in-memory
 * copies of pages and catalogue data ask it on every request. A failed read is not remembered.
 */
export function dataVersionReader(db: DB, { intervalMs = 1000, now = Date.now }: { intervalMs?: number; now?: () => number } = {}): () => Promise<string> {
  let latest: Promise<string> | null = null;
  let readAt = 0;
  return () => {
    const at = now();
    if (!latest || at - readAt >= intervalMs) {
      readAt = at;
      // The catalogue PDF's version too: its rebuild after an import changes the downloads page.
      const reading = Promise.all([getMeta(db, "data_version"), getMeta(db, "catalogue_data_version")]).then(
        ([data, catalogue]) => `${data ?? ""}:${catalogue ?? ""}`,
      );
      reading.catch(() => {
        if (latest === reading) latest = null;
      });
      latest = reading;
    }
    return latest;
  };
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
