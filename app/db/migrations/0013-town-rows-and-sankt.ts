import { type Kysely, sql } from "kysely";

/*
 * Issue 37: place_key folds "St." to "Sankt" ("Sankt Gallen" is "St. Gallen"), and rows of large
 * customers' postal codes that name a person or a firm ("Steuerberater Gerhard Baade" in D-12345)
 * no longer get a key. As in 0009 the rows are dropped rather than rewritten, so the keys stay the
 * application's rule; ensurePostalCodes refills the table from the shipped files at the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from postal_codes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from postal_codes`.execute(db);
}
