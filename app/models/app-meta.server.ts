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

/** Stores `value` unless `key` has one already (the first writer wins); returns the stored value. */
export async function getOrCreateMeta(db: DB, key: string, create: () => string): Promise<string> {
  const existing = await getMeta(db, key);
  if (existing) return existing;
  await db
    .insertInto("app_meta")
    .values({ key, value: create() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await getMeta(db, key);
  if (!stored) throw new Error(`app_meta ${key} could not be stored`);
  return stored;
}

/** Deletes every key that starts with `prefix` except those in `keep`. */
export async function deleteMetaExcept(db: DB, prefix: string, keep: readonly string[]): Promise<number> {
  const result = await db
    .deleteFrom("app_meta")
    // substr, not LIKE: `_` in a prefix is a wildcard there, and the two stores escape differently.
    .where((eb) => eb(eb.fn<string>("substr", [eb.ref("key"), eb.val(1), eb.val(prefix.length)]), "=", prefix))
    .where("key", "not in", keep.length > 0 ? keep : [""])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
