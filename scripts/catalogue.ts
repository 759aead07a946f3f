import { DatabaseOpenError, databasePath, migrateToLatest, openDatabase, type DB } from "~/db/database.server";
import { catalogueFile, rebuildCatalogue } from "~/documents/catalogue-freshness.server";
import { EnvError, loadEnv, type Env } from "~/env.server";
import { getMeta } from "~/models/app-meta.server";

/** `npm run catalogue`: rebuilds only the catalogue PDF in DATA_DIR from the database. */
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
    if (!(await getMeta(db, "data_version"))) {
      console.error(`There is no catalogue data in ${env.DATA_DIR_ABSOLUTE} yet. Run \`npm run seed\` (or \`npm start\` once) first.`);
      return 1;
    }
    const started = performance.now();
    console.log(`Building the catalogue from ${databasePath(env.DATA_DIR_ABSOLUTE)}`);
    await rebuildCatalogue(db, env.DATA_DIR_ABSOLUTE, (line) => console.log(line));
    console.log(`Catalogue ready: ${catalogueFile(env.DATA_DIR_ABSOLUTE)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    console.error(`Building the catalogue failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
