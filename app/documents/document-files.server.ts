import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import type { DocumentKind } from "~/db/schema";
import { listDocuments } from "~/models/document.server";

export interface DocumentLink {
  id: string;
  name: { de: string; en: string };
  imageLabel: { de: string; en: string };
  fileName: string;
  /** Measured from the file on disk, so the page never promises a wrong size; null when missing. */
  bytes: number | null;
}

export async function documentsWithSizes(db: DB, dataDir: string, kind: DocumentKind): Promise<DocumentLink[]> {
  const rows = await listDocuments(db, kind);
  return Promise.all(
    rows.map(async (row) => {
      const file = path.join(dataDir, "media", "documents", row.file_name);
      const bytes = await fs.stat(file).then(
        (stat) => stat.size,
        () => null,
      );
      return {
        id: row.id,
        name: { de: row.name_de, en: row.name_en },
        imageLabel: { de: row.image_label_de, en: row.image_label_en },
        fileName: row.file_name,
        bytes,
      };
    }),
  );
}
