import { sql } from "kysely";
import type { DB } from "./database.server";
import { isPostgres } from "./dialect";

/** What a lock taken with `wait: false` returns when another instance holds it. */
export const busy: unique symbol = Symbol("busy");

/**
 * Work that must not run twice at once across instances, on PostgreSQL under an advisory lock
 * (per database, so instances of other sites never meet). The task gets a handle on the one
 * connection that holds the lock and does all its queries through it: it needs no second pool
 * connection (DATABASE_POOL_SIZE may be 1), and waiting or long work is not cut off by
 * DATABASE_STATEMENT_TIMEOUT_MS. SQLite is one machine's file: the task runs on the handle as it is.
 * `wait: false` gives up at once when another holds the lock and returns `busy`.
 */
async function withDatabaseLock<T>(db: DB, name: string, wait: boolean, task: (locked: DB) => Promise<T>): Promise<T | typeof busy> {
  if (!isPostgres(db)) return task(db);
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      if (wait) await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
      else {
        const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(hashtext(${name})) as taken`.execute(connection);
        if (rows[0]?.taken !== true) return busy;
      }
      try {
        return await task(connection);
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
      }
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

/**
 * Work that must happen once however many instances start (seeding an empty database, building the
 * catalogue PDF into the shared MEDIA_DIR): a second instance waits for the first, then finds it done.
 */
export async function withStartUpLock<T>(db: DB, task: (locked: DB) => Promise<T>): Promise<T> {
  const result = await withDatabaseLock(db, "velocat start-up work", true, task);
  if (result === busy) throw new Error("the start-up lock was not taken although it was waited for");
  return result;
}

/**
 * One import into the database at a time, from whichever machine: two would each switch to their
 * own data and the second would silently undo the first. Returns `busy` when another runs.
 */
export function tryImportLock<T>(db: DB, task: (locked: DB) => Promise<T>): Promise<T | typeof busy> {
  return withDatabaseLock(db, "velocat import", false, task);
}
