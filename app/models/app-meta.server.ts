import type { DB } from "~/db/database.server";

export async function getMeta(db: DB, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
