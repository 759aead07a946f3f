import { sql } from "kysely";
import type { DB } from "./database.server";
import { isPostgres } from "./dialect";

/** One key for every velocat database: the lock is per database, so instances of other sites never meet. */
const START_UP_LOCK = "velocat start-up work";

/**
 * Runs work that must happen once however many instances start (seeding an empty database, building
 * the catalogue PDF into the shared MEDIA_DIR) one instance at a time. On PostgreSQL the task gets a
 * handle on one connection that holds an advisory lock: a second instance waits for it, then finds
 * the work done. That one connection does all of the task's queries, so it needs no second pool
 * connection (DATABASE_POOL_SIZE may be 1), and waiting or a long build is not cut off by
 * DATABASE_STATEMENT_TIMEOUT_MS. SQLite is one machine's file: the task runs on the handle as it is.
 */
export async function withStartUpLock<T>(db: DB, task: (locked: DB) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return task(db);
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`select pg_advisory_lock(hashtext(${START_UP_LOCK}))`.execute(connection);
    try {
      return await task(connection);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${START_UP_LOCK}))`.execute(connection);
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
