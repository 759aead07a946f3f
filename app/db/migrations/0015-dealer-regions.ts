import { sql, type Kysely } from "kysely";

/*
 * A dealer's state, province or region as its list writes it (issue 38): the US, Canada, Australia
 * and others write it in the address ("Shiloh, NJ 08353"), and it picks among namesake towns.
 * '' where the list has none (every German, Austrian and Swiss dealer so far).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dealers add column region text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dealers drop column region`.execute(db);
}
