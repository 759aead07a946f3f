import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type DB, databasePath, migrateToLatest, openDatabase, openStore } from "~/db/database.server";
import { seedDemoData } from "~/seed/seed.server";
import { buildDataCommands } from "./data-command";
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

interface Template {
  dir: string;
  postgresUrl: string;
  /** Projects that use it and have not torn down yet. */
  users: number;
  remove(): void;
}

/** Shared by the projects of one run that name this set-up (integration and timed): one template for both. */
const TEMPLATE = Symbol.for("velocat.test-template");
const shared = globalThis as { [TEMPLATE]?: Promise<Template> };

/**
 * Runs once per test run: makes sure the server build is current (integration tests serve it),
 * bundles the data commands (tests run them as npm does) and seeds one demo database that every
 * test copies, instead of seeding per test. With VELOCAT_TEST_STORE=postgres that database lives in
 * a throwaway PostgreSQL cluster (the media still in the template folder), stopped and deleted when
 * the run ends, failed or not. Vitest calls this once per project that names it: the first call
 * makes the template, the others wait for it, and the last teardown removes it.
 */
export default async function setup(project: TestProject) {
  shared[TEMPLATE] ??= makeTemplate();
  const template = await shared[TEMPLATE];
  template.users++;
  project.provide("templateDataDir", template.dir);
  project.provide("postgresUrl", template.postgresUrl);
  return () => {
    if (--template.users > 0) return;
    shared[TEMPLATE] = undefined;
    template.remove();
  };
}

async function makeTemplate(): Promise<Template> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
  buildDataCommands();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-template-"));
  const postgres = testStore() === "postgres" ? await startThrowawayPostgres() : undefined;
  const remove = () => {
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
    remove();
    throw error;
  }
  return { dir, postgresUrl: postgres?.url ?? "", users: 0, remove };
}
