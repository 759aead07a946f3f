import type { DB } from "~/db/database.server";
import type { ArticleDocumentRow } from "~/db/schema";

/** An article's documents in the catalogue's order. */
export function listArticleDocuments(db: DB, partno: string): Promise<ArticleDocumentRow[]> {
  return db.selectFrom("article_documents").selectAll().where("partno", "=", partno).orderBy("position").execute();
}

/** The documents of several articles (a page of the export), each article's in order. */
export async function listDocumentsByArticle(db: DB, partnos: readonly string[]): Promise<Map<string, ArticleDocumentRow[]>> {
  const byArticle = new Map<string, ArticleDocumentRow[]>();
  if (partnos.length === 0) return byArticle;
  const rows = await db.selectFrom("article_documents").selectAll().where("partno", "in", [...partnos]).orderBy("partno").orderBy("position").execute();
  for (const row of rows) byArticle.set(row.partno, [...(byArticle.get(row.partno) ?? []), row]);
  return byArticle;
}
