import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import type { DB } from "~/db/database.server";
import { mediaDirectory } from "~/utils/media-directory.server";
import { openTestDatabase } from "./test-store";

/** A private copy of the seeded demo (its media and its database) for a suite that rebuilds documents in it. */
export interface SeededCopy {
  dataDir: string;
  mediaDir: string;
  db: DB;
  /** What the suite's builds logged, and the logger that collects it. */
  logs: string[];
  log: (line: string) => void;
}

/**
 * Registers the suite's beforeAll (copy the template, open its database) and afterAll (close and
 * delete); the fields are there once the suite's tests run.
 */
export function seededCopyPerSuite(prefix: string): SeededCopy {
  const logs: string[] = [];
  const copy: SeededCopy = { dataDir: "", mediaDir: "", db: undefined as unknown as DB, logs, log: (line) => logs.push(line) };
  beforeAll(async () => {
    copy.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    copy.mediaDir = mediaDirectory(copy.dataDir);
    fs.cpSync(path.join(inject("templateDataDir"), "media"), copy.mediaDir, { recursive: true });
    copy.db = await openTestDatabase(copy.dataDir, { seeded: true });
  });
  afterAll(async () => {
    await copy.db?.destroy();
    if (copy.dataDir) fs.rmSync(copy.dataDir, { recursive: true, force: true });
  });
  return copy;
}
