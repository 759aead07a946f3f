import { rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { busy, tryImportLock } from "~/db/database-lock.server";
import { processAlive as alive } from "~/utils/process-alive.server";

export class ImportBusyError extends Error {
  override name = "ImportBusyError";
}

/** The staging database of this process (catalogue-staging.server.ts), in the data folder it locks. */
export function stagingFile(dataDir: string, pid = process.pid): string {
  return path.join(dataDir, `import-staging-${pid}.sqlite`);
}

/**
 * Deletes a staging database with the files SQLite keeps beside it: even with journal_mode OFF a
 * "-journal" file was left after SQLITE_FULL and after a stop (issue 25).
 */
export function removeStaging(file: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * The one line for a full disk (issue 25: a raw SQLite stack trace before), or null for any other
 * error. SQLite says SQLITE_FULL, the file system ENOSPC.
 */
export function diskFullMessage(error: unknown, dataDir: string): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "SQLITE_FULL" && code !== "ENOSPC") return null;
  return `no space left on device while staging the import in ${dataDir}: free space there, or set DATA_DIR to a disk with room; nothing was changed`;
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
      // A full disk or a read-only folder is not another import.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (attempt > 0) {
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
  // Ctrl-C or a stop: the lock and the staging file go with the process (the database rolls back
  // what it had not committed by itself). Synchronous, because the process ends right after.
  const onSignal = (signal: NodeJS.Signals) => {
    removeStaging(stagingFile(dataDir));
    rmSync(file, { force: true });
    process.exit(128 + (os.constants.signals[signal] ?? 0));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await task();
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await fs.rm(file, { force: true });
  }
}

/** Staging files of imports that were killed (kill -9, power loss): nobody else can own them while we hold the lock. */
async function removeStaleStaging(dataDir: string): Promise<void> {
  for (const name of await fs.readdir(dataDir)) {
    const match = /^import-staging-(\d+)\.sqlite(-journal|-wal|-shm)?$/.exec(name);
    if (match && Number(match[1]) !== process.pid) removeStaging(stagingFile(dataDir, Number(match[1])));
  }
}
