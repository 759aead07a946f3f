import type { DB } from "~/db/database.server";
import type { RecallRow } from "~/db/schema";

/** Every published recall, newest first. */
export function listRecalls(db: DB): Promise<RecallRow[]> {
  return db.selectFrom("recalls").selectAll().orderBy("published", "desc").orderBy("id").execute();
}

export function findRecall(db: DB, id: string): Promise<RecallRow | undefined> {
  return db.selectFrom("recalls").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The recalls of one article, newest first. */
export function listRecallsForArticle(db: DB, partno: string): Promise<RecallRow[]> {
  return db.selectFrom("recalls").selectAll().where("partno", "=", partno).orderBy("published", "desc").execute();
}
