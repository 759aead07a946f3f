import type { DB } from "~/db/database.server";
import type { CategoryRow } from "~/db/schema";

export function listCategories(db: DB, shopId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom("categories")
    .selectAll()
    .where("shop_id", "=", shopId)
    // Top-level categories (no parent) first: SQLite's default, but PostgreSQL puts NULL last.
    .orderBy("parent_id", (ob) => ob.asc().nullsFirst())
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export function findCategoryById(db: DB, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countCategories(db: DB): Promise<number> {
  const row = await db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
