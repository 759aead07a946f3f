import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { withStartUpLock } from "~/db/database-lock.server";
import { DOCUMENTS_SUBDIR, MANUALS, buildDeclarations, buildManuals, type BuiltDocument } from "~/documents/build-documents.server";
import { DOCUMENTS_BRAND_KEY, ensureCatalogueUpToDate, rebuildCatalogue } from "~/documents/catalogue-freshness.server";
import { documentBrandVersion, type DocumentBrand } from "~/documents/document-brand.server";
import { DOCUMENT_DIR } from "~/import/document-sources.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { placeArticleDocuments } from "./demo-documents.server";
import { generateDemoData } from "./generate";

/**
 * The generated PDFs follow two things: the data (the catalogue, by data version) and the brand's
 * content (everything, by documentBrandVersion: name, tagline, colours, company). Decision 061.
 */
export type DocumentsState = "no-data" | "fresh" | "rebuilt";

/**
 * Start-up and live check: rebuilds every generated document when the brand they print changed
 * (or was never recorded), else the catalogue alone when the data changed. Returns what it did.
 */
export async function ensureDocumentsUpToDate(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<DocumentsState> {
  if (!(await getMeta(db, "data_version"))) return "no-data";
  const wanted = documentBrandVersion(brand);
  const built = await getMeta(db, DOCUMENTS_BRAND_KEY);
  if (built !== wanted) {
    log(
      built
        ? `The documents print brand version ${built}, content/brand.yaml gives ${wanted}: rebuilding the catalogue, the manuals and the declarations`
        : `The documents have no recorded brand version: rebuilding them for ${wanted}`,
    );
    await rebuildAllDocuments(db, mediaDir, brand, log);
    return "rebuilt";
  }
  return (await ensureCatalogueUpToDate(db, mediaDir, brand, log)) === "rebuilt" ? "rebuilt" : "fresh";
}

/**
 * Builds the manuals, the demo's declarations (when the database was seeded) and the catalogue for
 * `brand`, then records the brand version. Each file is written beside its target and renamed,
 * and the same brand and data give the same bytes: two instances doing this at once leave valid,
 * identical files, whichever rename comes last.
 */
export async function rebuildAllDocuments(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<void> {
  const seed = await demoSeedOf(db);
  const demoDeclarationList = seed === null ? [] : generateDemoData(seed, { brand }).declarations;
  // Before the build replaces them: which of the articles' files are copies of ours.
  const ours = await ownCopies(mediaDir, [...MANUALS.map((manual) => manual.fileName), ...demoDeclarationList.map((d) => d.fileName)]);
  const manuals = await buildManuals(mediaDir, brand, log);
  // A declaration exists for the demo's articles only: made again while an article still links our copy.
  const declarations = await buildDeclarations(mediaDir, demoDeclarationList.filter((d) => ours.has(d.fileName)), brand, log);
  await relinkArticleDocuments(db, mediaDir, [...manuals.built, ...declarations].filter((file) => ours.has(file.fileName)));
  await rebuildCatalogue(db, mediaDir, brand, log);
  await setMeta(db, DOCUMENTS_BRAND_KEY, documentBrandVersion(brand));
}

/** The seed the database was made from, or null when it was never seeded. */
async function demoSeedOf(db: DB): Promise<number | null> {
  if (!(await getMeta(db, "seeded_at"))) return null;
  const seed = Number(await getMeta(db, "seed"));
  return Number.isSafeInteger(seed) ? seed : null;
}

/**
 * Of these generated files, those whose article copy under DOCUMENT_DIR is ours: the same file (the
 * seed's hard link) or the same bytes (its copy where the disk has no links). Decided by the files,
 * not by whether anything was imported: a dealer or recall import leaves the demo's articles as they
 * were, and a catalogue import's own document of the same name is never replaced.
 */
async function ownCopies(mediaDir: string, fileNames: readonly string[]): Promise<Set<string>> {
  const ours = new Set<string>();
  for (const fileName of fileNames) {
    const made = path.join(mediaDir, DOCUMENTS_SUBDIR, fileName);
    const copy = path.join(mediaDir, DOCUMENT_DIR, fileName);
    const [a, b] = await Promise.all([fs.stat(made).catch(() => null), fs.stat(copy).catch(() => null)]);
    if (!a || !b) continue;
    const same = (a.ino === b.ino && a.dev === b.dev) || (a.size === b.size && (await fs.readFile(made)).equals(await fs.readFile(copy)));
    if (same) ours.add(fileName);
  }
  return ours;
}

/**
 * The articles link copies of the PDFs under DOCUMENT_DIR with their sizes (seed.server.ts): put the
 * new files there and give the rows the new sizes, so article pages neither serve nor announce the old.
 */
async function relinkArticleDocuments(db: DB, mediaDir: string, built: readonly BuiltDocument[]): Promise<void> {
  await placeArticleDocuments(mediaDir, built);
  await db.transaction().execute(async (trx) => {
    for (const file of built) {
      await trx.updateTable("article_documents").set({ size_bytes: file.bytes }).where("file_name", "=", `${DOCUMENT_DIR}/${file.fileName}`).execute();
    }
  });
}

/** What a running server needs of its content store: the brand now, and word when a file changed. */
export interface BrandSource {
  get(name: "brand"): DocumentBrand;
  onChange(listener: (name: string) => void): () => void;
}

export interface DocumentFollower {
  /** Stops listening; a rebuild under way finishes. */
  close(): void;
  /** Resolves once no rebuild runs or waits (for tests). */
  idle(): Promise<void>;
  /** The data changed without an import (the price clock): the catalogue PDF follows, like a brand edit. */
  refresh(): void;
}

/**
 * On a running server: rebuilds the documents in the background when content/brand.yaml changes.
 * One rebuild at a time; changes during one cause exactly one more after it. A failure is logged,
 * never thrown: requests go on with the files there are. Instances sharing the database take turns
 * (the start-up lock) and find the work done by the first (the recorded brand version).
 */
export function followBrandContent(options: {
  content: BrandSource;
  db: DB;
  mediaDir: string;
  log: (line: string) => void;
  /**
   * The brand the documents were last made for (a start's). An edit saved while the server was
   * starting is no change to the store, which first read the file after it: it is caught up at once.
   */
  since?: DocumentBrand;
  /** The work for one change; tests give their own. */
  rebuild?: (brand: DocumentBrand) => Promise<DocumentsState>;
}): DocumentFollower {
  const { content, db, mediaDir, log } = options;
  const rebuild =
    options.rebuild ?? ((brand: DocumentBrand) => withStartUpLock(db, (locked) => ensureDocumentsUpToDate(locked, mediaDir, brand, () => {})));
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const rebuildOnce = async (): Promise<void> => {
    const started = performance.now();
    // The brand as it is now: changes while waiting for the lock or a rebuild are one rebuild.
    const brand = content.get("brand");
    try {
      const state = await rebuild(brand);
      const ms = Math.round(performance.now() - started);
      log(
        state === "rebuilt"
          ? `Documents rebuilt for brand version ${documentBrandVersion(brand)} in ${ms} ms`
          : `Documents already show brand version ${documentBrandVersion(brand)} (${state})`,
      );
    } catch (error) {
      log(`Rebuilding the documents for the changed brand failed: ${(error as Error).message}`);
    }
  };

  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await rebuildOnce();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  };

  const unsubscribe = content.onChange((name) => {
    if (name === "brand" && !closed) run();
  });
  if (options.since && documentBrandVersion(options.since) !== documentBrandVersion(content.get("brand"))) run();
  return {
    close() {
      closed = true;
      unsubscribe();
    },
    async idle() {
      while (running) await running;
    },
    refresh() {
      if (!closed) run();
    },
  };
}
