import type { Kysely } from "kysely";

/*
 * A document may exist as one file per language: the catalogue PDF is printed in German and in
 * English. file_name is the German (or the only, bilingual) file; file_name_en the English one, null
 * when the one file serves both languages (the manuals are bilingual).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("documents").addColumn("file_name_en", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("documents").dropColumn("file_name_en").execute();
}
