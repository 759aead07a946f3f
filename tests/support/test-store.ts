import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type DB, databasePath, migrateToLatest, openDatabase, openStore } from "~/db/database.server";

/*
 * The store a test run uses (decision 027): SQLite by default, PostgreSQL with
 * VELOCAT_TEST_STORE=postgres (`npm run test:postgres`), where global-setup starts a throwaway
 * cluster. A test opens its database through here and runs unchanged on both.
 */

export type TestStore = "sqlite" | "postgres";

export function testStore(): TestStore {
  return process.env.VELOCAT_TEST_STORE === "postgres" ? "postgres" : "sqlite";
}

/** The database the test template was seeded into, on PostgreSQL (every test copies it). */
export const POSTGRES_TEMPLATE_DATABASE = "velocat_template";

/** A database URL in the test cluster, for a database of that name. */
export function postgresUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * What global-setup provides. A test that reaches here from the `unit` project (no global set-up)
 * is told where it belongs instead of failing on an undefined path.
 */
function fromGlobalSetup(key: "templateDataDir" | "postgresUrl"): string {
  const value = inject(key);
  if (!value) throw new Error(`${key} comes from the global set-up, which only the integration project runs: see USES_GLOBAL_SETUP in vitest.config.ts`);
  return value;
}

async function createPostgresDatabase(template: string | undefined): Promise<TestDatabase> {
  const adminUrl = fromGlobalSetup("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = await openPostgres(adminUrl);
  try {
    // CREATE DATABASE cannot take parameters; both names are ours (a fixed one and random hex).
    await sql.raw(`create database ${name}${template ? ` template ${template}` : ""}`).execute(admin);
  } finally {
    await admin.destroy();
  }
  const databaseUrl = postgresUrlFor(adminUrl, name);
  return { db: await openPostgres(databaseUrl), databaseUrl };
}

function openPostgres(url: string): Promise<DB> {
  return openStore({ DATABASE_URL: url, DATABASE_POOL_SIZE: 4, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, DATA_DIR_ABSOLUTE: "" });
}

/**
 * A database of the test's own in `dir` (SQLite) or in the test cluster (PostgreSQL):
 * `seeded` copies the demo template that global-setup made, otherwise it is empty and unmigrated.
 */
export async function openTestDatabase(dir: string, options: { seeded: boolean }): Promise<DB> {
  return (await openTestStore(dir, options)).db;
}

export interface TestDatabase {
  db: DB;
  /** What a server over this database gets as DATABASE_URL: "" for the SQLite file in its DATA_DIR. */
  databaseUrl: string;
}

/** openTestDatabase, with the DATABASE_URL a server process or a command needs to reach it too. */
export async function openTestStore(dir: string, { seeded }: { seeded: boolean }): Promise<TestDatabase> {
  if (testStore() === "postgres") return createPostgresDatabase(seeded ? POSTGRES_TEMPLATE_DATABASE : undefined);
  if (seeded) fs.copyFileSync(databasePath(fromGlobalSetup("templateDataDir")), databasePath(dir));
  return { db: openDatabase(databasePath(dir)), databaseUrl: "" };
}

/** A second handle on a test server's database (another instance, a restarted worker). */
export function reopenTestDatabase(dataDir: string, databaseUrl: string): Promise<DB> {
  return databaseUrl === "" ? Promise.resolve(openDatabase(databasePath(dataDir))) : openPostgres(databaseUrl);
}

/**
 * An empty, migrated database of the test file's own on the run's store, opened before its tests and
 * removed after them; call at the top of a file and read the handle inside the tests.
 */
export function migratedTestDatabase(prefix: string): () => DB {
  let db: DB | undefined;
  let dir = "";
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    db = await openTestDatabase(dir, { seeded: false });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!db) throw new Error("the test database is opened in beforeAll");
    return db;
  };
}

/**
 * The demo seeds a stock snapshot (app/seed/demo-stock.ts); tests that count what a dealer has in
 * stock, or that nothing was stored, start from none.
 */
export async function withoutDemoStock(db: DB): Promise<void> {
  await db.deleteFrom("dealer_stock").execute();
  await db.deleteFrom("dealer_stock_snapshots").execute();
}
