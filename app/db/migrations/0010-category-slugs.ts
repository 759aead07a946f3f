import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * Category addresses and articles in several groups (decision 040):
 * - categories.slug: the category's URL segment, stored so it stays put across imports. Left null
 *   here: the rule that makes slugs is the application's (app/catalog/category-slug.ts) and a
 *   migration must not follow later changes of it; the server fills the missing ones at start and
 *   every import writes them. Unique per shop by its lower-case key (`slug_key`), so two addresses
 *   never differ only in case.
 * - category_slug_history: addresses a category had before (renamed, or named again): they answer
 *   301 to its address now. No foreign key: a category may go, its old address then answers 404.
 * - article_categories: the further groups of an article that a catalogue puts in several. The first
 *   group stays articles.category_id (the article's canonical address); these list it too.
 * On PostgreSQL the new foreign keys are deferrable, like every other one since migration 0005:
 * the import writes in an order they would reject row by row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const deferrable = isPostgres(db) ? sql.raw(" deferrable initially immediate") : sql.raw("");
  await sql`alter table categories add column slug text`.execute(db);
  await sql`alter table categories add column slug_key text`.execute(db);
  await sql`create unique index categories_slug on categories (shop_id, slug_key)`.execute(db);
  await sql`
    create table category_slug_history (
      shop_id integer not null,
      slug_key text not null,
      slug text not null,
      category_id integer not null,
      primary key (shop_id, slug_key)
    )`.execute(db);
  await sql`
    create table article_categories (
      partno text not null references articles (partno) on delete cascade${deferrable},
      category_id integer not null references categories (id) on delete cascade${deferrable},
      position integer not null,
      primary key (category_id, partno)
    )`.execute(db);
  await sql`create index article_categories_partno on article_categories (partno)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table article_categories`.execute(db);
  await sql`drop table category_slug_history`.execute(db);
  await sql`drop index categories_slug`.execute(db);
  await sql`alter table categories drop column slug_key`.execute(db);
  await sql`alter table categories drop column slug`.execute(db);
}
