import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { brand as settings } from "~/config/brand";
import type { DB } from "~/db/database.server";
import type { DocumentTable } from "~/db/schema";
import { loadCatalogue } from "~/documents/catalogue-data.server";
import { renderCatalogue } from "~/documents/catalogue-pdf.server";
import { CATALOGUE_EDITION, CATALOGUE_TEXT } from "~/documents/catalogue-text.server";
import type { DocumentBrand } from "~/documents/document-brand.server";
import { DECLARATION_NAME, renderDeclaration, type DeclarationDefinition } from "~/documents/declaration-pdf.server";
import { batteryNotice } from "~/documents/manuals/battery-notice.server";
import { bellManual } from "~/documents/manuals/bell-manual.server";
import { gripManual } from "~/documents/manuals/grip-manual.server";
import { lockManual } from "~/documents/manuals/lock-manual.server";
import { renderManual, type ManualDefinition } from "~/documents/manuals/manual-layout.server";
import { createPdf, type Pdf, type PdfMeta } from "~/documents/manuals/pdf-frame.server";
import { LANGUAGES, type Lang } from "~/i18n/language";

export const DOCUMENTS_SUBDIR = "documents";
export const MANUALS: readonly ManualDefinition[] = [gripManual, lockManual, batteryNotice, bellManual];
export const CATALOGUE_DOCUMENT_ID = `katalog-${CATALOGUE_EDITION}`;
/** The catalogue is printed once per language; the German name is the one the site has always served. */
export const CATALOGUE_FILE_NAMES: Record<Lang, string> = {
  de: `${settings.slug}-katalog-${CATALOGUE_EDITION}.pdf`,
  en: `${settings.slug}-catalogue-${CATALOGUE_EDITION}.pdf`,
};

const PDF_LABEL = { de: "PDF-Dokument", en: "PDF document" } as const;

function collect(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** Renders a document and returns its bytes and page count; rendering is synchronous once the data is loaded. */
async function renderPdf(meta: PdfMeta, brand: DocumentBrand, render: (doc: Pdf) => number): Promise<{ bytes: Buffer; pages: number }> {
  const doc = createPdf(meta, brand);
  const bytes = collect(doc);
  let pages: number;
  try {
    pages = render(doc);
  } finally {
    // Ending also on failure releases the stream; the error below is what the caller sees.
    doc.end();
  }
  return { bytes: await bytes, pages };
}

/**
 * Readers of the downloads folder must never see a half-written PDF, so write beside it and rename.
 * The random part keeps two machines apart that share MEDIA_DIR and happen to have the same pid.
 */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** A generated PDF under `${mediaDir}/documents/` and its size on disk. */
export interface BuiltDocument {
  id: string;
  fileName: string;
  bytes: number;
}

/**
 * Generates the four manuals into `${mediaDir}/documents/` and returns their rows for the
 * `documents` table and their sizes. They do not depend on the data, so the seed builds them before
 * the catalogue, whose articles link them (issue 28).
 */
export async function buildManuals(mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<{ rows: DocumentTable[]; built: BuiltDocument[] }> {
  const dir = path.join(mediaDir, DOCUMENTS_SUBDIR);
  await fs.mkdir(dir, { recursive: true });
  const rows: DocumentTable[] = [];
  const built: BuiltDocument[] = [];

  for (const manual of MANUALS) {
    const started = performance.now();
    const { bytes, pages } = await renderPdf(
      {
        title: `${manual.name.de} / ${manual.name.en}`,
        subject: `${brand.name}: ${manual.name.de}`,
        keywords: `${brand.name}, ${manual.name.de}, ${manual.name.en}`,
        lang: "de-DE",
      },
      brand,
      (doc) => renderManual(doc, manual),
    );
    await writeAtomically(path.join(dir, manual.fileName), bytes);
    log(`Wrote ${manual.fileName}: ${pages} pages, ${formatSize(bytes.length)}, ${Math.round(performance.now() - started)} ms`);
    built.push({ id: manual.id, fileName: manual.fileName, bytes: bytes.length });
    rows.push({
      id: manual.id,
      kind: "manual",
      position: manual.position,
      name_de: manual.name.de,
      name_en: manual.name.en,
      file_name: manual.fileName,
      // The manuals carry both languages in one file.
      file_name_en: null,
      image_label_de: PDF_LABEL.de,
      image_label_en: PDF_LABEL.en,
    });
  }
  return { rows, built };
}

/** Generates EU declarations of conformity into `${mediaDir}/documents/`; they are linked from articles, not listed on the notes page. */
export async function buildDeclarations(
  mediaDir: string,
  declarations: readonly DeclarationDefinition[],
  brand: DocumentBrand,
  log: (line: string) => void,
): Promise<BuiltDocument[]> {
  const dir = path.join(mediaDir, DOCUMENTS_SUBDIR);
  await fs.mkdir(dir, { recursive: true });
  const built: BuiltDocument[] = [];
  for (const declaration of declarations) {
    const { bytes, pages } = await renderPdf(
      {
        title: `${DECLARATION_NAME.de} / ${DECLARATION_NAME.en}: ${declaration.product.de}`,
        subject: `${brand.name}: ${DECLARATION_NAME.de}`,
        keywords: `${brand.name}, ${DECLARATION_NAME.de}, ${DECLARATION_NAME.en}, CE`,
        lang: "de-DE",
      },
      brand,
      (doc) => renderDeclaration(doc, declaration),
    );
    await writeAtomically(path.join(dir, declaration.fileName), bytes);
    log(`Wrote ${declaration.fileName}: ${pages} pages, ${formatSize(bytes.length)}`);
    built.push({ id: declaration.id, fileName: declaration.fileName, bytes: bytes.length });
  }
  return built;
}

/**
 * Generates the four manuals and the catalogue into `${mediaDir}/documents/` and returns the rows for
 * the `documents` table. The same database gives byte-identical files, so a re-seed changes nothing.
 */
export async function buildDocuments(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<DocumentTable[]> {
  const { rows } = await buildManuals(mediaDir, brand, log);
  return [...rows, await buildCatalogue(db, mediaDir, brand, log)];
}

/**
 * Generates only the catalogue, a German and an English file, into `${mediaDir}/documents/` and returns
 * its row for the `documents` table: the catalogue follows the data, the manuals do not (see
 * ensureCatalogueUpToDate). The data and pictures are loaded once for both languages.
 */
export async function buildCatalogue(db: DB, mediaDir: string, brand: DocumentBrand, log: (line: string) => void): Promise<DocumentTable> {
  const dir = path.join(mediaDir, DOCUMENTS_SUBDIR);
  await fs.mkdir(dir, { recursive: true });
  const started = performance.now();
  const catalogue = await loadCatalogue(db, mediaDir, log);
  if (catalogue.missingImages.length > 0) {
    const sample = catalogue.missingImages.slice(0, 5).join(", ");
    const more = catalogue.missingImages.length > 5 ? ", …" : "";
    log(
      `Catalogue: ${catalogue.missingImages.length} article image(s) missing or unreadable under ${path.join(mediaDir, "shop", "images")} ` +
        `(${sample}${more}); drawing placeholders. Generate the product images before the documents to include them.`,
    );
  }
  for (const lang of LANGUAGES) {
    const text = CATALOGUE_TEXT[lang];
    const { bytes, pages } = await renderPdf(
      {
        title: `${brand.name} ${text.title}`,
        subject: brand.tagline[lang],
        keywords: `${brand.name}, ${text.title}, ${text.keywords}`,
        lang: text.pdfLang,
      },
      brand,
      (doc) => renderCatalogue(doc, catalogue, lang, log),
    );
    const fileName = CATALOGUE_FILE_NAMES[lang];
    await writeAtomically(path.join(dir, fileName), bytes);
    log(
      `Wrote ${fileName}: ${pages} pages, ${catalogue.articleCount} articles, ${formatSize(bytes.length)}, ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  }
  return {
    id: CATALOGUE_DOCUMENT_ID,
    kind: "catalogue",
    position: 1,
    name_de: CATALOGUE_TEXT.de.title,
    name_en: CATALOGUE_TEXT.en.title,
    file_name: CATALOGUE_FILE_NAMES.de,
    file_name_en: CATALOGUE_FILE_NAMES.en,
    image_label_de: PDF_LABEL.de,
    image_label_en: PDF_LABEL.en,
  };
}
