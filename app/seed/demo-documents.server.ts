import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ArticleDocumentPurpose } from "~/db/schema";
import { DOCUMENTS_SUBDIR, MANUALS, type BuiltDocument } from "~/documents/build-documents.server";
import { DECLARATION_NAME } from "~/documents/declaration-pdf.server";
import { DOCUMENT_DIR } from "~/import/document-sources.server";
import { BATTERY_NOTICE_ID } from "./product-safety";

/** One of the demo's PDFs as an article lists it: a bilingual file under the media folder, measured on disk. */
export interface DemoDocument {
  /**
   * Relative to the media folder, forward slashes (what article_documents.file_name holds): under
   * the import's own folder for article documents, so a BMEcat round trip names them alike.
   */
  file: string;
  purpose: ArticleDocumentPurpose;
  names: { de: string; en: string };
  bytes: number;
}

/** The demo's article documents by id, from the files the seed has just written. */
export function demoDocuments(built: readonly BuiltDocument[]): Map<string, DemoDocument> {
  const manualNames = new Map(MANUALS.map((m) => [m.id, m.name]));
  const documents = new Map<string, DemoDocument>();
  for (const file of built) {
    const manual = manualNames.get(file.id);
    documents.set(file.id, {
      file: `${DOCUMENT_DIR}/${file.fileName}`,
      // The battery notice tells about disposal and safe use; it is no manual (GS1's "instructions").
      purpose: manual ? (file.id === BATTERY_NOTICE_ID ? "others" : "manual") : "declaration",
      names: manual ? { de: manual.de, en: manual.en } : { de: DECLARATION_NAME.de, en: DECLARATION_NAME.en },
      bytes: file.bytes,
    });
  }
  return documents;
}

/** An article's documents in its order; an id the seed did not build is a bug of the demo data. */
export function documentsOf(ids: readonly string[], documents: ReadonlyMap<string, DemoDocument>): DemoDocument[] {
  return ids.map((id) => {
    const document = documents.get(id);
    if (!document) throw new Error(`the demo links the document "${id}", which the seed did not build`);
    return document;
  });
}

/**
 * Puts the built PDFs where article documents live (DOCUMENT_DIR), as hard links where the disk
 * allows: the downloads page keeps serving the same files from DOCUMENTS_SUBDIR. Linked beside the
 * target and renamed over it, so a running server never answers 404 or half a file meanwhile (a
 * rebuild for a changed brand does this under a live site), and the random part keeps instances apart.
 */
export async function placeArticleDocuments(mediaDir: string, built: readonly BuiltDocument[]): Promise<void> {
  await fs.mkdir(path.join(mediaDir, DOCUMENT_DIR), { recursive: true });
  for (const file of built) {
    const from = path.join(mediaDir, DOCUMENTS_SUBDIR, file.fileName);
    const to = path.join(mediaDir, DOCUMENT_DIR, file.fileName);
    const temp = `${to}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    try {
      await fs.link(from, temp).catch(() => fs.copyFile(from, temp));
      await fs.rename(temp, to);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
}
