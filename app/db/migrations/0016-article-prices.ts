import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * article_prices (issue 38, decision 075): every recommended retail price the catalogue gives that
 * the site keeps, with its territory ("" for none) and its first and last valid day (ISO dates,
 * null: open). articles.price_cents stays the price shown today; the price clock moves it when a
 * price starts or ends, without a new import. Articles imported before keep no rows: their one
 * price never ends. The partial index holds the prices the clock reads, those with a date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const deferrable = isPostgres(db) ? sql.raw(" deferrable initially immediate") : sql.raw("");
  await sql`
    create table article_prices (
      partno text not null references articles (partno) on delete cascade${deferrable},
      position integer not null,
      type text not null,
      currency text not null,
      amount_cents integer not null,
      territory text not null,
      valid_from text,
      valid_until text,
      primary key (partno, position)
    )`.execute(db);
  await sql`create index article_prices_dated on article_prices (partno) where valid_from is not null or valid_until is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table article_prices`.execute(db);
}
