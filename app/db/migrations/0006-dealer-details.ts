import { sql, type Kysely } from "kysely";
import { assignSlugs } from "~/dealers/dealer/dealer-slug";

/*
 * The dealer locator's second level (issue 14):
 * - dealers.slug: the dealer page's address, unique, kept when other fields change;
 * - dealers.services: a comma list of service keys (app/dealers/dealer-services.ts);
 * - dealers.opening_hours: the week in the canonical text of app/dealers/opening-hours.ts, '' unknown;
 * - dealers.product_lines: what the dealer stocks, as category names or keys, '' = everything;
 * - dealer_stats: first-party counters per day, nothing personal (no IP, no query text except
 *   postal codes and place names that found no dealer).
 * Slugs of existing dealers are made here, in id order, so the first of two namesakes keeps the
 * plain one.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dealers add column slug text`.execute(db);
  await sql`alter table dealers add column services text not null default ''`.execute(db);
  await sql`alter table dealers add column opening_hours text not null default ''`.execute(db);
  await sql`alter table dealers add column product_lines text not null default ''`.execute(db);
  const { rows } = await sql<{ id: number; name: string; city: string }>`select id, name, city from dealers order by id`.execute(db);
  const slugs = assignSlugs(rows);
  for (const [i, row] of rows.entries()) {
    await sql`update dealers set slug = ${slugs[i]} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index dealers_slug on dealers (slug)`.execute(db);

  await db.schema
    .createTable("dealer_stats")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("dealer_stats_pk", ["day", "event", "subject"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("dealer_stats").execute();
  await sql`drop index if exists dealers_slug`.execute(db);
  for (const column of ["slug", "services", "opening_hours", "product_lines"]) {
    await sql`alter table dealers drop column ${sql.ref(column)}`.execute(db);
  }
}
