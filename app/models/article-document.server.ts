import type { DB } from "~/db/database.server";
import type { ArticleDocumentRow } from "~/db/schema";

/** An article's documents in the catalogue's order. */
export function listArticleDocuments(db: DB, partno: string): Promise<ArticleDocumentRow[]> {
  return db.selectFrom("article_documents").selectAll().where("partno", "=", partno).orderBy("position").execute();
}
