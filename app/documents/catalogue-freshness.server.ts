import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { buildCatalogue, CATALOGUE_FILE_NAME, DOCUMENTS_SUBDIR } from "~/documents/build-documents.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { mediaDirectory } from "~/seed/seed.server";

/** app_meta key holding the `data_version` the catalogue PDF on disk was built from. */
export const CATALOGUE_VERSION_KEY = "catalogue_data_version";

export type CatalogueState = "no-data" | "fresh" | "rebuilt";

export function catalogueFile(dataDir: string): string {
  return path.join(mediaDirectory(dataDir), DOCUMENTS_SUBDIR, CATALOGUE_FILE_NAME);
}

/** Builds the catalogue PDF from the database now and records which data it shows. */
export async function rebuildCatalogue(db: DB, dataDir: string, log: (line: string) => void): Promise<void> {
  // Read before building: data that changes during the build must trigger another one next time.
  const version = await getMeta(db, "data_version");
  await buildCatalogue(db, mediaDirectory(dataDir), log);
  if (version) await setMeta(db, CATALOGUE_VERSION_KEY, version);
}

/**
 * Start-up check: the downloadable catalogue must show the data the site shows. Rebuilds it when the
 * data version it was built from differs from the current one, or when the file is gone.
 */
export async function ensureCatalogueUpToDate(db: DB, dataDir: string, log: (line: string) => void): Promise<CatalogueState> {
  const version = await getMeta(db, "data_version");
  // Nothing seeded or imported yet: there is nothing to print.
  if (!version) return "no-data";
  const built = await getMeta(db, CATALOGUE_VERSION_KEY);
  const exists = await fs.stat(catalogueFile(dataDir)).then(
    (stat) => stat.isFile(),
    () => false,
  );
  if (exists && built === version) return "fresh";
  log(
    !exists
      ? `Catalogue PDF ${catalogueFile(dataDir)} is missing: building it`
      : built
        ? `Catalogue PDF shows data version ${built}, the database holds ${version}: rebuilding it`
        : `Catalogue PDF has no recorded data version (first start, or built before this check): rebuilding it for data version ${version}`,
  );
  await rebuildCatalogue(db, dataDir, log);
  return "rebuilt";
}
