import { describeStore } from "~/db/database.server";
import { withStartUpLock } from "~/db/database-lock.server";
import { catalogueFile, rebuildCatalogue } from "~/documents/catalogue-freshness.server";
import { getMeta } from "~/models/app-meta.server";
import { readBrandContent } from "./brand-content";
import { withDatabase } from "./with-database";

/** `npm run catalogue`: rebuilds only the catalogue PDF in DATA_DIR from the database. */
process.exitCode = await withDatabase(async (db, env) => {
  try {
    if (!(await getMeta(db, "data_version"))) {
      console.error(`There is no catalogue data in ${env.DATA_DIR_ABSOLUTE} yet. Run \`npm run seed\` (or \`npm start\` once) first.`);
      return 1;
    }
    const brand = readBrandContent(env);
    const started = performance.now();
    console.log(`Building the catalogue from ${describeStore(env)}`);
    await withStartUpLock(db, (locked) => rebuildCatalogue(locked, env.MEDIA_DIR_ABSOLUTE, brand, (line) => console.log(line)));
    const files = [catalogueFile(env.MEDIA_DIR_ABSOLUTE, "de"), catalogueFile(env.MEDIA_DIR_ABSOLUTE, "en")].join(" and ");
    console.log(`Catalogue ready: ${files} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    console.error(`Building the catalogue failed: ${(error as Error).message}`);
    return 1;
  }
});
