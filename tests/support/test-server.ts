import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { type DB, databasePath, openDatabase } from "~/db/database.server";
import { DealerStatsCounter } from "~/dealers/dealer-stats.server";
import { parseEnv } from "~/env.server";
import { buildDirectory } from "../../build-dir";
import { createApp, createServer } from "../../server/app";
import { createLogger } from "../../server/logger";

export interface TestServer {
  url: string;
  db: DB;
  dataDir: string;
  /** The server's dealer-locator counters: not flushed by a timer here, a test calls flush(). */
  dealerStats: DealerStatsCounter;
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
  options: { expressOnly?: boolean; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? copyTemplateDataDir();
  const parsed = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const db = openDatabase(databasePath(dataDir));
  const build = (await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild;
  const logger = createLogger("silent");
  const dealerStats = new DealerStatsCounter({ db, logger });
  let clockOffset = 0;
  const appOptions = { env: parsed, db, logger, build, dealerStats, now: () => Date.now() + clockOffset };
  // expressOnly: every request through Express, to compare the paths that skip it with it.
  const server = (options.expressOnly ? http.createServer(createApp(appOptions).app) : createServer(appOptions)).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    dataDir,
    dealerStats,
    advanceClock(ms) {
      clockOffset += ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
