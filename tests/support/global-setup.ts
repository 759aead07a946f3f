import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { databasePath, migrateToLatest, openDatabase } from "~/db/database.server";
import { seedDemoData } from "~/seed/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

/**
 * Runs once per test run: makes sure the server build is current (integration tests serve it) and
 * seeds one demo database that every test copies, instead of seeding per test.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-template-"));
  const db = openDatabase(databasePath(dir));
  await migrateToLatest(db);
  await seedDemoData(db, dir, { seed: 1962, log: () => {} });
  await db.destroy();
  project.provide("templateDataDir", dir);

  return () => fs.rmSync(dir, { recursive: true, force: true });
}
