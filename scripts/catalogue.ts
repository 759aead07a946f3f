import path from "node:path";
import { describeStore } from "~/db/database.server";
import { withStartUpLock } from "~/db/database-lock.server";
import { catalogueFile, rebuildCatalogue } from "~/documents/catalogue-freshness.server";
import { getMeta } from "~/models/app-meta.server";
import { rebuildAllDocuments } from "~/seed/document-freshness.server";
import { commandBrand } from "./command-brand";
import { parseCommandLine } from "./command-line";
import { withDatabase } from "./with-database";

const USAGE = `Usage: npm run catalogue [-- --all]

Rebuilds the catalogue PDFs (German and English) in MEDIA_DIR/documents from the database, with the
brand of CONTENT_DIR/brand.yaml. --all also rebuilds the manuals and the demo's declarations of
conformity, as a server does after a brand.yaml edit (decision 061).`;

/** `npm run catalogue`: rebuilds the catalogue PDF (with --all: every generated document) in DATA_DIR from the database. */
const args = parseCommandLine(process.argv.slice(2), { all: { type: "boolean", default: false } }, USAGE);
process.exitCode =
  typeof args === "number"
    ? args
    : await withDatabase(async (db, env) => {
        try {
          if (!(await getMeta(db, "data_version"))) {
            console.error(`There is no catalogue data in ${env.DATA_DIR_ABSOLUTE} yet. Run \`npm run seed\` (or \`npm start\` once) first.`);
            return 1;
          }
          const brand = commandBrand(env);
          if (!brand) return 1;
          const log = (line: string) => console.log(line);
          const started = performance.now();
          console.log(`Building the ${args.values.all ? "documents" : "catalogue"} from ${describeStore(env)}`);
          await withStartUpLock(db, (locked) =>
            args.values.all ? rebuildAllDocuments(locked, env.MEDIA_DIR_ABSOLUTE, brand, log) : rebuildCatalogue(locked, env.MEDIA_DIR_ABSOLUTE, brand, log),
          );
          const files = args.values.all
            ? path.dirname(catalogueFile(env.MEDIA_DIR_ABSOLUTE))
            : [catalogueFile(env.MEDIA_DIR_ABSOLUTE, "de"), catalogueFile(env.MEDIA_DIR_ABSOLUTE, "en")].join(" and ");
          console.log(`${args.values.all ? "Documents" : "Catalogue"} ready: ${files} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          return 0;
        } catch (error) {
          console.error(`Building the ${args.values.all ? "documents" : "catalogue"} failed: ${(error as Error).message}`);
          return 1;
        }
      });
