import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import type { DocumentKind } from "~/db/schema";
import type { Lang } from "~/i18n/language";
import { listDocuments } from "~/models/document.server";

export interface DocumentFile {
  fileName: string;
  /** Measured from the file on disk, so the page never promises a wrong size; null when missing. */
  bytes: number | null;
}

export interface DocumentLink {
  id: string;
  name: { de: string; en: string };
  imageLabel: { de: string; en: string };
  /** The file a visitor of each language downloads (the same one for a bilingual document). */
  files: Record<Lang, DocumentFile>;
}

/** A file of MEDIA_DIR/documents with its size, as a page lists it (the downloads page names its files in content). */
export async function measure(mediaDir: string, fileName: string): Promise<DocumentFile> {
  const file = path.join(mediaDir, "documents", fileName);
  const bytes = await fs.stat(file).then(
    (stat) => stat.size,
    () => null,
  );
  return { fileName, bytes };
}

export async function documentsWithSizes(db: DB, mediaDir: string, kind: DocumentKind): Promise<DocumentLink[]> {
  const rows = await listDocuments(db, kind);
  return Promise.all(
    rows.map(async (row) => {
      const de = await measure(mediaDir, row.file_name);
      const en = row.file_name_en === null ? de : await measure(mediaDir, row.file_name_en);
      return {
        id: row.id,
        name: { de: row.name_de, en: row.name_en },
        imageLabel: { de: row.image_label_de, en: row.image_label_en },
        files: { de, en },
      };
    }),
  );
}
