import type { Kysely } from "kysely";
import { portableColumns } from "~/db/dialect";

/*
 * GeoNames postal-code centroids for the dealer search's proximity (decision 010). Filled from
 * resources/postal-codes at first start (ensurePostalCodes), not here: a migration should not
 * depend on files outside the bundle.
 * - postal_code stays text ("01067"); lookups go by (postal_code, country).
 * - place_key is the normalised town name (normalisePlaceName), null for rows that name a company
 *   or PO box rather than a town, so a place search never lands on "Deutsche Post AG".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { real, generatedKey } = portableColumns(db);
  await db.schema
    .createTable("postal_codes")
    .addColumn("id", "integer", generatedKey)
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("place_key", "text")
    .addColumn("lat", real, (c) => c.notNull())
    .addColumn("lng", real, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("postal_codes_code").on("postal_codes").columns(["postal_code", "country"]).execute();
  await db.schema.createIndex("postal_codes_place").on("postal_codes").column("place_key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("postal_codes").ifExists().execute();
}
