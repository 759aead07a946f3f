import { DatabaseOpenError, databasePath, migrateToLatest, openDatabase, type DB } from "~/db/database.server";
import { EnvError, loadEnv, type Env } from "~/env.server";
import { seedDemoData } from "~/seed/seed.server";

/** `npm run seed`: rebuilds the demo state in DATA_DIR (contact messages are kept). */
async function main(): Promise<number> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let db: DB;
  try {
    db = openDatabase(databasePath(env.DATA_DIR_ABSOLUTE));
    await migrateToLatest(db);
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  try {
    console.log(`Seeding ${env.DATA_DIR_ABSOLUTE} with DEMO_SEED=${env.DEMO_SEED}`);
    await seedDemoData(db, env.DATA_DIR_ABSOLUTE, { seed: env.DEMO_SEED, log: (line) => console.log(line) });
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
