import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type DB, openStore } from "~/db/database.server";

/*
 * The stores a bench compares (decision 027): SQLite in a temporary folder always, and PostgreSQL
 * when DATABASE_URL names a server. On PostgreSQL the bench works in a database of its own, created
 * next to DATABASE_URL's and dropped afterwards, so it never touches the data that URL names.
 */

export type StoreKind = "SQLite" | "PostgreSQL";

export interface BenchStore {
  kind: StoreKind;
  db: DB;
  /** A DATA_DIR for a server over this store (it holds the SQLite file, or only media on PostgreSQL). */
  dataDir: string;
  /** What a server process over this store gets as DATABASE_URL: "" for SQLite. */
  databaseUrl: string;
  dispose(): Promise<void>;
}

/** SQLite, then PostgreSQL if DATABASE_URL is set. */
export function benchStoreKinds(): StoreKind[] {
  return process.env.DATABASE_URL ? ["SQLite", "PostgreSQL"] : ["SQLite"];
}

function urlWithDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const settings = (url: string, dataDir: string) => ({
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: 10,
  DATABASE_STATEMENT_TIMEOUT_MS: 600_000,
  DATA_DIR_ABSOLUTE: dataDir,
});

/** An empty, unmigrated store of that kind. */
export async function openBenchStore(kind: StoreKind, label: string): Promise<BenchStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `velocat-bench-${label}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === "SQLite") {
    const db = await openStore(settings("", dataDir));
    return { kind, db, dataDir, databaseUrl: "", dispose: async () => (await db.destroy(), removeDir()) };
  }
  const adminUrl = process.env.DATABASE_URL ?? "";
  const name = `velocat_bench_${randomBytes(5).toString("hex")}`;
  const admin = await openStore(settings(adminUrl, dataDir));
  // CREATE DATABASE takes no parameters; the name is ours (a fixed prefix and hex).
  await sql.raw(`create database ${name}`).execute(admin);
  const databaseUrl = urlWithDatabase(adminUrl, name);
  const db = await openStore(settings(databaseUrl, dataDir));
  return {
    kind,
    db,
    dataDir,
    databaseUrl,
    async dispose() {
      await db.destroy();
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
      await admin.destroy();
      removeDir();
    },
  };
}
