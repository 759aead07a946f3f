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

/** Names the categories that have no slug yet (rows written before migration 0010, the seed). */
export async function setCategorySlugs(db: DB, slugs: readonly { id: number; slug: string; slug_key: string }[]): Promise<void> {
  for (const { id, slug, slug_key } of slugs) await db.updateTable("categories").set({ slug, slug_key }).where("id", "=", id).execute();
}

/** The category that had this address before (by its lower-case key); undefined when none did or it is gone. */
export async function findFormerSlug(db: DB, shopId: number, slugKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("category_slug_history as h")
    .innerJoin("categories as c", "c.id", "h.category_id")
    .select("c.id")
    .where("h.shop_id", "=", shopId)
    .where("h.slug_key", "=", slugKey)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Remembers addresses that categories leave, and forgets those taken again: a current slug always
 * wins over history, and an address given to another category must not redirect.
 */
export async function recordFormerSlugs(
  db: DB,
  shopId: number,
  left: readonly { slug: string; slug_key: string; category_id: number }[],
  current: readonly string[],
): Promise<void> {
  for (const row of left) {
    await db
      .insertInto("category_slug_history")
      .values({ shop_id: shopId, ...row })
      .onConflict((oc) => oc.columns(["shop_id", "slug_key"]).doUpdateSet({ slug: row.slug, category_id: row.category_id }))
      .execute();
  }
  for (let i = 0; i < current.length; i += 500) {
    await db.deleteFrom("category_slug_history").where("shop_id", "=", shopId).where("slug_key", "in", current.slice(i, i + 500)).execute();
  }
}
