import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { busy, tryImportLock } from "~/db/database-lock.server";
import { processAlive as alive } from "~/utils/process-alive.server";

export class ImportBusyError extends Error {
  override name = "ImportBusyError";
}

/**
 * One import at a time: two would each switch to their own data and the second would silently undo
 * the first. Per database (several machines may import into one PostgreSQL; tryImportLock), and per
 * data folder, whose staging files it owns. The task gets the database handle to use (on
 * PostgreSQL, the connection that holds the lock).
 */
export async function withImportLock<T>(db: DB, dataDir: string, task: (locked: DB) => Promise<T>): Promise<T> {
  const result = await tryImportLock(db, (locked) => withFolderLock(dataDir, () => task(locked)));
  if (result === busy) {
    throw new ImportBusyError("Another import into this database is running (on this machine or another). Wait for it to finish.");
  }
  return result;
}

/** The lock file holds the owner's pid; a lock whose owner died (kill -9, power loss) is taken over. */
async function withFolderLock<T>(dataDir: string, task: () => Promise<T>): Promise<T> {
  const file = path.join(dataDir, "import.lock");
  await fs.mkdir(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) {
        const owner = Number(await fs.readFile(file, "utf8").catch(() => ""));
        throw new ImportBusyError(
          `Another import is running in ${dataDir} (process ${owner || "unknown"}). Wait for it to finish, or delete ${file} if it is not running.`,
        );
      }
      const owner = Number(await fs.readFile(file, "utf8").catch(() => ""));
      if (Number.isInteger(owner) && owner > 0 && alive(owner) && owner !== process.pid) {
        throw new ImportBusyError(`Another import is running in ${dataDir} (process ${owner}). Wait for it to finish.`);
      }
      await fs.rm(file, { force: true });
    }
  }
  await removeStaleStaging(dataDir);
  try {
    return await task();
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Staging files of imports that were killed (kill -9, power loss): nobody else can own them while we hold the lock. */
async function removeStaleStaging(dataDir: string): Promise<void> {
  for (const name of await fs.readdir(dataDir)) {
    const match = /^import-staging-(\d+)\.sqlite$/.exec(name);
    if (match && Number(match[1]) !== process.pid) await fs.rm(path.join(dataDir, name), { force: true });
  }
}
