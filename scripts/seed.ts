import { seedDemoData } from "~/seed/seed.server";
import { commandBrand } from "./command-brand";
import { withDatabase } from "./with-database";

/** `npm run seed`: rebuilds the demo state in DATA_DIR (contact messages are kept). */
process.exitCode = await withDatabase(async (db, env) => {
  try {
    console.log(`Seeding ${env.DATA_DIR_ABSOLUTE} with DEMO_SEED=${env.DEMO_SEED}`);
    // The demo's names, pictures and documents print the brand's content (decision 061).
    const brand = commandBrand(env);
    if (!brand) return 1;
    await seedDemoData(db, env.MEDIA_DIR_ABSOLUTE, { seed: env.DEMO_SEED, brand, log: (line) => console.log(line) });
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${(error as Error).message}`);
    return 1;
  }
});
