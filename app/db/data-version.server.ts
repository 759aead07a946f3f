import type { DB } from "./database.server";
import { getMeta } from "~/models/app-meta.server";

/**
 * The data version (changed by every re-seed or import, also by another process), read at most
 * once per `intervalMs`: in-memory copies of pages and catalogue data ask it on every request.
 * A failed read is not remembered.
 */
export function dataVersionReader(db: DB, intervalMs = 1000): () => Promise<string> {
  let latest: Promise<string> | null = null;
  let readAt = 0;
  return () => {
    const now = Date.now();
    if (!latest || now - readAt >= intervalMs) {
      readAt = now;
      const reading = getMeta(db, "data_version").then((v) => v ?? "");
      reading.catch(() => {
        if (latest === reading) latest = null;
      });
      latest = reading;
    }
    return latest;
  };
}
