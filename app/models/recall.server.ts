import type { Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import { insertChunked } from "~/db/insert-chunked.server";
import type { Database, RecallRow } from "~/db/schema";

/** Every published recall, newest first. */
export function listRecalls(db: DB): Promise<RecallRow[]> {
  return db.selectFrom("recalls").selectAll().orderBy("published", "desc").orderBy("id").execute();
}

export function findRecall(db: DB, id: string): Promise<RecallRow | undefined> {
  return db.selectFrom("recalls").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The recalls of one article, newest first. */
export function listRecallsForArticle(db: DB, partno: string): Promise<RecallRow[]> {
  return db.selectFrom("recalls").selectAll().where("partno", "=", partno).orderBy("published", "desc").orderBy("id").execute();
}

/** The addresses and dates the sitemap lists. */
export function listRecallIds(db: DB): Promise<Pick<RecallRow, "id" | "published">[]> {
  return db.selectFrom("recalls").select(["id", "published"]).orderBy("published", "desc").orderBy("id").execute();
}

/**
 * The whole recall list, replaced inside the caller's transaction (the import's, the seed's): a
 * recall list is one document, so it is never half old and half new.
 */
export async function replaceRecalls(trx: Transaction<Database>, rows: readonly RecallRow[]): Promise<void> {
  await trx.deleteFrom("recalls").execute();
  await insertChunked(trx, "recalls", rows);
}
