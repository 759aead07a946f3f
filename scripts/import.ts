import sharp from "sharp";
import { brand } from "~/config/brand";
import { withStartUpLock } from "~/db/database-lock.server";
import { importCatalogue } from "~/import/catalogue-import.server";
import { importDealers } from "~/import/dealer-import.server";
import { importStock } from "~/import/stock-import.server";
import { importRecalls } from "~/import/recall-import.server";
import { EXIT, formatSummary, type ImportSummary, printable } from "~/exchange/import-report";
import { type BrandNames, brandNames } from "~/exchange/article-fields";
import { syncFromProvider } from "~/import/provider-sync.server";
import { ensureDocumentsUpToDate } from "~/seed/document-freshness.server";
import { commandBrand } from "./command-brand";
import { dealerOptions } from "./dealer-options";
import { parseCommandLine } from "./command-line";
import { withDatabase } from "./with-database";

const USAGE = `Usage:
  npm run import -- catalogue FILE [--media DIR] [--etim ETIM-FILE]... [--group accessories=GROUP_ID,...] [--strict] [--dry-run] [--json]
  npm run import -- dealers FILE [--map FIELD=HEADER]... [--country CC] [--encoding NAME] [--prune] [--dry-run] [--json]
  npm run import -- recalls FILE [--dry-run] [--json]
  npm run import -- provider [--catalog-url URL] [--reseller-url URL] [--dry-run] [--json]
  npm run import -- stock FILE [--dry-run] [--json]

Exit codes: 0 done (perhaps with warnings), 1 errors (nothing was changed), 2 wrong usage.
--strict: warnings count as errors (a catalogue with any warning is refused).
--map name=Kunde --map lat=geo_lat: use a column the importer does not know by its name (repeatable).
--country CC: the country of dealers whose row names none. --encoding NAME: the CSV's encoding
(utf-8, utf-16le, windows-1251, iso-8859-2, ...) instead of detecting it.
--etim: ETIM's model export (the CSV release ZIP or folder, or ETIMIXF XML) that names ETIM-coded features.
  One per language: --etim de=FILE --etim en=FILE where a CSV release's name does not say.
See docs/importing.md.`;

class UsageError extends Error {}

// Memory outside the heap: libvips keeps recent operations and runs a thread per core for every
// picture (category tiles, the printed catalogue). The server limits it the same way (issue 12).
sharp.cache(false);
sharp.concurrency(1);

/** `--group accessories=G1,G2 --group parts=G3` → { G1: "accessories", G2: "accessories", G3: "parts" }. */
function parseGroups(values: string[] | undefined): Record<string, "parts" | "accessories"> | undefined {
  if (!values) return undefined;
  const mapping: Record<string, "parts" | "accessories"> = {};
  for (const value of values) {
    const match = /^(parts|accessories)=(.+)$/.exec(value.trim());
    const [, group, ids] = match ?? [];
    if (!group || !ids) throw new UsageError(`--group ${value}: write it as accessories=GROUP_ID,GROUP_ID or parts=GROUP_ID`);
    for (const id of ids.split(",").map((s) => s.trim()).filter(Boolean)) mapping[id] = group as "parts" | "accessories";
  }
  return mapping;
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    process.argv.slice(2),
    {
      media: { type: "string" },
      etim: { type: "string", multiple: true },
      group: { type: "string", multiple: true },
      prune: { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      "catalog-url": { type: "string" },
      "reseller-url": { type: "string" },
      map: { type: "string", multiple: true },
      country: { type: "string" },
      encoding: { type: "string" },
    },
    USAGE,
  );
  if (typeof args === "number") return args;
  const { values, positionals } = args;
  const [command, file = "", ...rest] = positionals;
  const needsFile = command === "catalogue" || command === "dealers" || command === "recalls" || command === "stock";
  const problem =
    command === undefined
      ? "Say what to import: catalogue, dealers, recalls, stock or provider."
      : !["catalogue", "dealers", "recalls", "stock", "provider"].includes(command)
        ? `Unknown import "${command}".`
        : needsFile && !file
          ? `Name the ${command} file to import.`
          : rest.length > 0 || (!needsFile && file)
            ? `Unexpected argument "${needsFile ? rest[0] : file}".`
            : ((values.prune || values.map || values.country || values.encoding) && command !== "dealers") ||
                ((values.media || values.group || values.strict || values.etim) && command !== "catalogue")
              ? `That option does not belong to "${command}".`
              : null;
  let groups: ReturnType<typeof parseGroups>;
  try {
    groups = parseGroups(values.group);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const dealerFlags = dealerOptions(values);
  if ("problem" in dealerFlags) {
    console.error(`${dealerFlags.problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const quiet = values.json;
  return withDatabase(async (db, env) => {
    let summary: ImportSummary;
    const dryRun = values["dry-run"];
    // Notes name dealers and files as the file writes them: printable, like the report.
    const log = (line: string) => (quiet ? undefined : console.error(printable(line)));
    // A maker of the brand's name is the brand (its addresses are content/brand.yaml's): the names
    // as CONTENT_DIR has them now; read only by the imports that have makers.
    const makerBrand = (): BrandNames | null => {
      const content = commandBrand(env);
      return content && brandNames(content);
    };
    if (command === "catalogue") {
      const brandOfMaker = makerBrand();
      if (!brandOfMaker) return EXIT.errors;
      summary = await importCatalogue(db, {
        file,
        brand: brandOfMaker,
        mediaDir: values.media,
        etim: values.etim,
        groups,
        downloads: { timeoutMs: env.IMPORT_PICTURE_TIMEOUT_SECONDS * 1000, maxBytes: env.IMPORT_PICTURE_MAX_MB * 1024 * 1024, hosts: env.IMPORT_PICTURE_HOSTS },
        strict: values.strict,
        dryRun,
        dataDir: env.DATA_DIR_ABSOLUTE,
        siteMediaDir: env.MEDIA_DIR_ABSOLUTE,
        log,
        quiet,
      });
    } else if (command === "dealers") {
      summary = await importDealers(db, {
        file,
        ...dealerFlags,
        prune: values.prune,
        dryRun,
        dataDir: env.DATA_DIR_ABSOLUTE,
        siteMediaDir: env.MEDIA_DIR_ABSOLUTE,
        log,
        quiet,
      });
    } else if (command === "stock") {
      summary = await importStock(db, { file, dryRun, dataDir: env.DATA_DIR_ABSOLUTE, siteMediaDir: env.MEDIA_DIR_ABSOLUTE, log, quiet });
    } else if (command === "recalls") {
      summary = await importRecalls(db, { file, dryRun, dataDir: env.DATA_DIR_ABSOLUTE, siteMediaDir: env.MEDIA_DIR_ABSOLUTE, log, quiet });
    } else {
      const remote = (url: string) => (/^https?:\/\//.test(url) ? url : "");
      const catalogUrl = (values["catalog-url"] ?? env.SYNC_CATALOG_URL) || remote(env.CATALOG_API_URL);
      const resellerUrl = (values["reseller-url"] ?? env.SYNC_RESELLER_URL) || remote(env.RESELLER_API_URL);
      if (!/^https?:\/\//.test(catalogUrl) || !/^https?:\/\//.test(resellerUrl)) {
        console.error(`The provider's hosts are needed: --catalog-url and --reseller-url (or SYNC_CATALOG_URL and SYNC_RESELLER_URL), each an http(s) URL.\n\n${USAGE}`);
        return EXIT.usage;
      }
      const brandOfMaker = makerBrand();
      if (!brandOfMaker) return EXIT.errors;
      summary = await syncFromProvider(db, {
        catalogUrl,
        resellerUrl,
        shopId: brand.shopId,
        brand: brandOfMaker,
        dryRun,
        dataDir: env.DATA_DIR_ABSOLUTE,
        siteMediaDir: env.MEDIA_DIR_ABSOLUTE,
        log,
        quiet,
      });
    }
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else for (const line of formatSummary(summary)) console.log(line);
    if (summary.usage && summary.usage.length > 0) {
      console.error(`${summary.usage.map(printable).join("\n")}\n\n${USAGE}`);
      return EXIT.usage;
    }
    // The printed catalogue follows the data; a running server links the new file once it is written.
    // Recalls, dealers and stock are not in it.
    if (summary.applied && command !== "dealers" && command !== "recalls" && command !== "stock") {
      try {
        // The PDFs print the brand as CONTENT_DIR has it now (decision 061); a broken file was named above.
        const brand = commandBrand(env);
        if (brand) await withStartUpLock(db, (locked) => ensureDocumentsUpToDate(locked, env.MEDIA_DIR_ABSOLUTE, brand, log));
        else console.error("The import is live, but the catalogue PDF was not rebuilt: fix content/brand.yaml, then run `npm run catalogue`.");
      } catch (error) {
        console.error(`The import is live, but the catalogue PDF could not be rebuilt: ${(error as Error).message}. Run \`npm run catalogue\` to try again.`);
      }
    }
    return summary.errors.length > 0 ? EXIT.errors : EXIT.done;
  });
}

process.exitCode = await main();
