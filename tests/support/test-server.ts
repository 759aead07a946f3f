import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type DB, databasePath, openDatabase } from "~/db/database.server";
import { DealerStatsCounter } from "~/dealers/stats/dealer-stats.server";
import { parseEnv } from "~/env.server";
import { openTestStore, reopenTestDatabase, testStore } from "./test-store";
import { createLogger } from "../../server/logger";
import { importServerBuild } from "../../scripts/server-build";
import type { Readiness } from "../../server/app";

export interface TestServer {
  url: string;
  db: DB;
  dataDir: string;
  /** The server's DATABASE_URL ("" for the SQLite file in dataDir), for a process or handle of a test's own. */
  databaseUrl: string;
  /** The server's dealer-locator counters: not flushed by a timer here, a test calls flush(). */
  dealerStats: DealerStatsCounter;
  /** Calls `listener` whenever the site stores a contact message (where a test wakes its delivery worker); returns the unsubscribe. */
  onMessageStored(listener: () => void): () => void;
  /** Moves the server's clock (data-version checks, page-cache expiry) ahead, in place of waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** A private copy of the seeded demo data folder (database and media), deleted by the server's close(). */
export function copyTemplateDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-test-"));
  fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  return dataDir;
}

/**
 * The production app on a free port, over a private copy of the seeded demo database, or over
 * `dataDir` when the test prepared one.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    dataDir?: string;
    readiness?: () => Readiness;
    /** Another instance over the same database and data folder (its own handle, memos and page cache). */
    sharedWith?: TestServer;
  } = {},
): Promise<TestServer> {
  const shared = options.sharedWith;
  const dataDir = shared?.dataDir ?? options.dataDir ?? copyTemplateDataDir();
  // A folder the test prepared holds its own SQLite file; the template's rows may live in PostgreSQL.
  const { db, databaseUrl } = shared
    ? { db: await reopenTestDatabase(shared.dataDir, shared.databaseUrl), databaseUrl: shared.databaseUrl }
    : options.dataDir === undefined && testStore() === "postgres"
      ? await openTestStore(dataDir, { seeded: true })
      : { db: openDatabase(databasePath(dataDir)), databaseUrl: "" };
  // Tests render thousands of pages from one address; a test of the render budget sets its own.
  const parsed = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "test", LOG_LEVEL: "silent", RENDER_RATE_LIMIT: "0", ...env });
  const { createServer } = await importServerBuild();
  const logger = createLogger("silent");
  const dealerStats = new DealerStatsCounter({ db, logger });
  const listeners = new Set<() => void>();
  const messageStored = () => {
    for (const listener of listeners) listener();
  };
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const appOptions = { env: parsed, db, logger, dealerStats, messageStored, now, readiness: options.readiness };
  const server = createServer(appOptions).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    dataDir,
    databaseUrl,
    dealerStats,
    onMessageStored(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    advanceClock(ms) {
      clockOffset += ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      // The folder belongs to the instance it is shared with.
      if (!shared) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
