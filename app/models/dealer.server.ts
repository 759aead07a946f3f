import type { DB } from "~/db/database.server";
import type { DealerRow } from "~/db/schema";

export function listDealers(db: DB): Promise<DealerRow[]> {
  return db.selectFrom("dealers").selectAll().orderBy("name").orderBy("id").execute();
}
