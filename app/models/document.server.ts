import type { DB } from "~/db/database.server";
import type { DocumentKind, DocumentRow } from "~/db/schema";

export function listDocuments(db: DB, kind: DocumentKind): Promise<DocumentRow[]> {
  return db.selectFrom("documents").selectAll().where("kind", "=", kind).orderBy("position").execute();
}
