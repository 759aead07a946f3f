import { sql, type Kysely } from "kysely";

/*
 * GPSR Art. 19 asks for a maker's postal and electronic address (issue 37): for an article whose
 * maker is not the brand (articles.manufacturer set), its address in one line as the maker writes
 * it and its e-mail or web address; null where the catalogue has none. The brand's own come from
 * content/brand.yaml, so an article of the brand keeps both null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table articles add column manufacturer_address text`.execute(db);
  await sql`alter table articles add column manufacturer_email text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table articles drop column manufacturer_email`.execute(db);
  await sql`alter table articles drop column manufacturer_address`.execute(db);
}
