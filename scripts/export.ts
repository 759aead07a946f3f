import { ExportError, exportCatalogue, formatExportSummary } from "~/export/catalogue-export.server";
import { EXIT } from "~/exchange/import-report";
import { commandBrand } from "./command-brand";
import { parseCommandLine } from "./command-line";
import { withDatabase } from "./with-database";

const USAGE = `Usage:
  npm run export -- bmecat FILE [--media DIR] [--json]

Writes the catalogue as BMEcat 2005 (UTF-8) to FILE and its pictures to DIR (default: FILE's name
with -media beside it: export.xml -> export-media/). MIME_ROOT names DIR relative to FILE's folder,
so \`npm run import -- catalogue FILE\` reads both back. FILE validates against the official
schema plus velocat's extensions (schemas/velocat-udx.xsd); a text too long for the schema is
shortened at a word boundary, with a warning.

Exit codes: 0 done, 1 errors (FILE is left as it was), 2 wrong usage.`;

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), { media: { type: "string" }, json: { type: "boolean", default: false } }, USAGE);
  if (typeof args === "number") return args;
  const { values, positionals } = args;
  const [format, file = "", ...rest] = positionals;
  const problem =
    format === undefined
      ? "Say what to export: bmecat."
      : format !== "bmecat"
        ? `Unknown export format "${format}".`
        : file === ""
          ? "Name the file to write."
          : rest.length > 0
            ? `Unexpected argument "${rest[0]}".`
            : values.media === ""
              ? "--media needs a folder."
              : null;
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const quiet = values.json;
  return withDatabase(async (db, env) => {
    // The supplier the file names: the brand's company of CONTENT_DIR, as the site shows it.
    const brand = commandBrand(env);
    if (!brand) return EXIT.errors;
    try {
      const summary = await exportCatalogue(db, {
        file,
        brand,
        mediaDir: values.media,
        siteMediaDir: env.MEDIA_DIR_ABSOLUTE,
        log: (line) => (quiet ? undefined : console.error(line)),
        quiet,
      });
      if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
      else for (const line of formatExportSummary(summary)) console.log(line);
      return EXIT.done;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof ExportError || typeof code === "string") {
        console.error(`Export failed: ${(error as Error).message}`);
        return EXIT.errors;
      }
      throw error;
    }
  });
}

process.exitCode = await main();
