import { type Kysely, sql } from "kysely";

/*
 * place_key changed from normalisePlaceName to placeKey (ae/oe/ue fold to their bare vowel, issue
 * 25): keys stored before would miss "Soest" and "Uelzen" typed as they are spelled. The rows are
 * dropped rather than rewritten here, because the folding is the application's and a migration must
 * not follow later changes of it; ensurePostalCodes refills the empty table from the shipped files
 * at the next start, as it does on a first start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from postal_codes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The same: the old keys come back with the next start of the older application.
  await sql`delete from postal_codes`.execute(db);
}
