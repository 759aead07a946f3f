import Database from "better-sqlite3";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databasePath, openDatabase } from "~/db/database.server";
import { SERVER_NODE_FLAGS, serverEntry } from "../../build-dir";
import { type ImportedCatalogue, makeImportedCatalogue } from "./imported-catalogue";

export interface ImportedServer {
  url: string;
  catalogue: ImportedCatalogue;
  close(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server stopped with exit code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/**
 * The production server on a copy of a seeded data directory that was turned into an imported
 * catalogue (makeImportedCatalogue), for browser tests that need data the shared demo server lacks.
 * The database is copied with SQLite's backup, so a server still running on the source is no problem.
 */
export async function startImportedServer(sourceDataDir: string, port: number): Promise<ImportedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-imported-"));
  const source = new Database(databasePath(sourceDataDir), { readonly: true });
  try {
    await source.backup(databasePath(dataDir));
  } finally {
    source.close();
  }
  fs.cpSync(path.join(sourceDataDir, "media"), path.join(dataDir, "media"), { recursive: true });
  const db = openDatabase(databasePath(dataDir));
  let catalogue: ImportedCatalogue;
  try {
    catalogue = await makeImportedCatalogue(db);
  } finally {
    await db.destroy();
  }

  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: "warn", NODE_ENV: "production", ANALYTICS_ID: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The start rebuilds the catalogue PDFs for the changed data first.
    await waitForHealth(url, child, 90_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, catalogue, close };
}
