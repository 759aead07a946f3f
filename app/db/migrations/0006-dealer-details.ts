import { sql, type Kysely } from "kysely";

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

/*
 * The slug rule as it stood when this migration was written (app/dealers/dealer-slug.ts at that
 * time), frozen here: a migration must do the same on every database, whatever the live rule
 * becomes later.
 */
const SPELLED_OUT: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", æ: "ae", ø: "oe", œ: "oe" };
const MAX_SLUG_LENGTH = 80;

function dealerSlugBase(name: string, city: string): string {
  const words = `${name} ${name.toLocaleLowerCase("de").includes(city.toLocaleLowerCase("de")) ? "" : city}`
    .toLocaleLowerCase("de")
    .replace(/[äöüßæøœ]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " und ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = words.length > MAX_SLUG_LENGTH ? words.slice(0, MAX_SLUG_LENGTH).replace(/-[^-]*$/, "") : words;
  return cut === "" ? "haendler" : cut;
}

function assignSlugs(dealers: readonly { name: string; city: string }[]): string[] {
  const used = new Set<string>();
  return dealers.map(({ name, city }) => {
    const base = dealerSlugBase(name, city);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}

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
