import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * What the General Product Safety Regulation asks a product page to carry (issue 28):
 * - articles.manufacturer: the maker's name where it is not the brand (BMEcat MANUFACTURER_NAME);
 *   null means the brand itself, whose addresses come from the configuration.
 * - articles.safety_de / safety_en: warnings and safety information (BMEcat REMARKS type="safety"),
 *   paragraphs separated by a blank line; null where the catalogue has none in that language.
 * - article_documents: the PDFs of an article (manuals, data sheets, declarations of conformity),
 *   files under the media folder. `language` is "de", "en" or "" for a file that serves both.
 * - recalls: published product safety recalls. No foreign key to articles: a recall notice stays
 *   published after the article leaves the catalogue. `batches` is a newline list.
 * On PostgreSQL the foreign key is deferrable, like every other one since migration 0005.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const deferrable = isPostgres(db) ? sql.raw(" deferrable initially immediate") : sql.raw("");
  await sql`alter table articles add column manufacturer text`.execute(db);
  await sql`alter table articles add column safety_de text`.execute(db);
  await sql`alter table articles add column safety_en text`.execute(db);
  await sql`
    create table article_documents (
      partno text not null references articles (partno) on delete cascade${deferrable},
      position integer not null,
      purpose text not null,
      file_name text not null,
      language text not null,
      name_de text not null,
      name_en text not null,
      size_bytes integer not null,
      primary key (partno, position)
    )`.execute(db);
  await sql`
    create table recalls (
      id text primary key,
      partno text not null,
      gtin text,
      batches text not null,
      published text not null,
      title_de text not null,
      title_en text not null,
      hazard_de text not null,
      hazard_en text not null,
      remedy_de text not null,
      remedy_en text not null
    )`.execute(db);
  await sql`create index recalls_partno on recalls (partno)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table recalls`.execute(db);
  await sql`drop table article_documents`.execute(db);
  await sql`alter table articles drop column safety_en`.execute(db);
  await sql`alter table articles drop column safety_de`.execute(db);
  await sql`alter table articles drop column manufacturer`.execute(db);
}
