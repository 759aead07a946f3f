import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { buildCatalogue, CATALOGUE_FILE_NAMES, DOCUMENTS_SUBDIR } from "~/documents/build-documents.server";
import type { DocumentBrand } from "~/documents/document-brand.server";
import { LANGUAGES, type Lang } from "~/i18n/language";
import { getMeta, setMeta } from "~/models/app-meta.server";

/** app_meta key holding the `data_version` the catalogue PDF on disk was built from. */
export const CATALOGUE_VERSION_KEY = "catalogue_data_version";

/**
 * app_meta key holding documentBrandVersion of the brand all generated documents (catalogue,
 * manuals, declarations) were last built for together: a changed address rebuilds them all.
 */
export const DOCUMENTS_BRAND_KEY = "documents_brand_version";

export type CatalogueState = "no-data" | "fresh" | "rebuilt";

/** The catalogue PDF below MEDIA_DIR (`mediaDir`). */
export function catalogueFile(mediaDir: string, lang: Lang = "de"): string {
  return path.join(mediaDir, DOCUMENTS_SUBDIR, CATALOGUE_FILE_NAMES[lang]);
}

/**
 * Builds the catalogue PDFs from the database now, records which data they show and stores their
 * documents row, so a data directory from before the English catalogue links it after one rebuild.
 */
export async function rebuildCatalogue(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<void> {
  // Read before building: data that changes during the build must trigger another one next time.
  const version = await getMeta(db, "data_version");
  const row = await buildCatalogue(db, mediaDir, brand, log);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("documents").where("id", "=", row.id).execute();
    await trx.insertInto("documents").values(row).execute();
  });
  if (version) await setMeta(db, CATALOGUE_VERSION_KEY, version);
}

/**
 * Start-up check: the downloadable catalogue must show the data the site shows. Rebuilds it when the
 * data version it was built from differs from the current one, or when the file is gone.
 */
export async function ensureCatalogueUpToDate(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<CatalogueState> {
  const version = await getMeta(db, "data_version");
  // Nothing seeded or imported yet: there is nothing to print.
  if (!version) return "no-data";
  const built = await getMeta(db, CATALOGUE_VERSION_KEY);
  const missing: string[] = [];
  for (const lang of LANGUAGES) {
    const file = catalogueFile(mediaDir, lang);
    const exists = await fs.stat(file).then(
      (stat) => stat.isFile(),
      () => false,
    );
    if (!exists) missing.push(file);
  }
  if (missing.length === 0 && built === version) return "fresh";
  log(
    missing.length > 0
      ? `Catalogue PDF ${missing.join(" and ")} is missing: building it`
      : built
        ? `Catalogue PDF shows data version ${built}, the database holds ${version}: rebuilding it`
        : `Catalogue PDF has no recorded data version (first start, or built before this check): rebuilding it for data version ${version}`,
  );
  await rebuildCatalogue(db, mediaDir, brand, log);
  return "rebuilt";
}
