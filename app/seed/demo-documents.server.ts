import type { DB } from "~/db/database.server";
import type { ArticleDocumentPurpose, ArticleDocumentTable } from "~/db/schema";
import { DOCUMENTS_SUBDIR, MANUALS, type BuiltDocument } from "~/documents/build-documents.server";
import { DECLARATION_NAME } from "~/documents/declaration-pdf.server";
import { insertChunked } from "~/db/insert-chunked.server";
import type { DemoData } from "./generate";
import { BATTERY_NOTICE_ID } from "./product-safety";

/** One of the demo's PDFs as an article lists it: a bilingual file under the media folder, measured on disk. */
export interface DemoDocument {
  /** Relative to the media folder, forward slashes (what article_documents.file_name holds). */
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
      file: `${DOCUMENTS_SUBDIR}/${file.fileName}`,
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
 * Writes the demo's article_documents rows. The catalogue writer does not write documents yet
 * (engineer gpsr-data's part of issue 28): until it does, the seed writes them itself, after the
 * switch, for every demo article at once.
 */
export async function writeDemoArticleDocuments(db: DB, data: DemoData, documents: ReadonlyMap<string, DemoDocument>): Promise<number> {
  const rows: ArticleDocumentTable[] = data.articles.flatMap((article) =>
    documentsOf(article.documents, documents).map((d, index) => ({
      partno: article.partno,
      position: index + 1,
      purpose: d.purpose,
      file_name: d.file,
      // The demo's PDFs hold both languages.
      language: "",
      name_de: d.names.de,
      name_en: d.names.en,
      size_bytes: d.bytes,
    })),
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("article_documents").execute();
    await insertChunked(trx, "article_documents", rows);
  });
  return rows.length;
}
