import { DatabaseOpenError, type DB, migrateToLatest, openStore } from "~/db/database.server";
import { EnvError, type Env, loadEnv } from "~/env.server";

/**
 * The frame of every command-line script: validated environment, migrated database, a one-line
 * message instead of a stack trace for configuration and database problems, the database closed
 * afterwards. Returns the process exit code.
 */
export async function withDatabase(task: (db: DB, env: Env) => Promise<number>): Promise<number> {
  let env: Env;
  let db: DB;
  try {
    env = loadEnv();
    // Commands run once and then exit: a small page cache keeps a 50,000-product import within
    // its memory budget and costs it no measurable time (issue 13, decision 023).
    db = await openStore(env, { cacheMiB: 8 });
    await migrateToLatest(db);
  } catch (error) {
    if (error instanceof EnvError || error instanceof DatabaseOpenError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await task(db, env);
  } finally {
    await db.destroy();
  }
}
