import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type DB, databasePath, migrateToLatest, openDatabase, openStore } from "~/db/database.server";
import { seedDemoData } from "~/seed/seed.server";
import { startThrowawayPostgres } from "./postgres";
import { shippedBrand } from "./shipped-brand";
import { POSTGRES_TEMPLATE_DATABASE, testStore } from "./test-store";
import { mediaDirectory } from "~/utils/media-directory.server";

declare module "vitest" {
  export interface ProvidedContext {
    templateDataDir: string;
    /** The throwaway cluster's URL when VELOCAT_TEST_STORE=postgres, else "". */
    postgresUrl: string;
  }
}

/**
 * Runs once per test run: makes sure the server build is current (integration tests serve it) and
 * seeds one demo database that every test copies, instead of seeding per test. With
 * VELOCAT_TEST_STORE=postgres that database lives in a throwaway PostgreSQL cluster (the media
 * still in the template folder), stopped and deleted when the run ends, failed or not.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-template-"));
  const postgres = testStore() === "postgres" ? await startThrowawayPostgres() : undefined;
  const teardown = () => {
    postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let db: DB;
    if (postgres) {
      const url = postgres.createDatabase(POSTGRES_TEMPLATE_DATABASE);
      db = await openStore({ DATABASE_URL: url, DATABASE_POOL_SIZE: 4, DATABASE_STATEMENT_TIMEOUT_MS: 60_000, DATA_DIR_ABSOLUTE: dir });
    } else {
      db = openDatabase(databasePath(dir));
    }
    try {
      await migrateToLatest(db);
      await seedDemoData(db, mediaDirectory(dir), { seed: 1962, brand: shippedBrand(), log: () => {} });
    } finally {
      await db.destroy();
    }
  } catch (error) {
    teardown();
    throw error;
  }
  project.provide("templateDataDir", dir);
  project.provide("postgresUrl", postgres?.url ?? "");
  return teardown;
}
