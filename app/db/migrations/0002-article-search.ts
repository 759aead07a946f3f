import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * Full-text search over articles (decision 007). SQLite-only SQL lives here and in
 * app/models/search.server.ts; nothing else knows the index exists.
 *
 * - article_search_keys gives every article a stable integer: articles has a text key, and its
 *   implicit rowid may be renumbered by VACUUM, which would point triggers at the wrong index rows.
 * - article_search holds its own copy of the text, already folded (ß → ss) the way the search
 *   model folds queries; unicode61 removes case and diacritics on both sides.
 * - Triggers keep it in step with every writer (seeder, future imports, a hand-run UPDATE), so the
 *   index cannot drift; the generation counter tells the model when its cached vocabulary is stale.
 */

const fold = (column: string) => `replace(replace(${column}, 'ß', 'ss'), 'ẞ', 'SS')`;

/** The index row of each article matched by `where`, under its key from article_search_keys. */
function insertIndexRows(where: string): string {
  return `
    insert into article_search (rowid, partno, codes, title_de, title_en, prodcatname_de, prodcatname_en,
                                category_de, category_en, description_de, description_en)
    select k.id, a.partno,
           a.partno || ' ' || replace(replace(replace(a.partno, '-', ''), ' ', ''), '/', '')
             || coalesce(' ' || (select group_concat(e.ean, ' ') from article_eans e where e.partno = a.partno), ''),
           ${fold("a.title_de")}, ${fold("a.title_en")},
           ${fold("a.prodcatname_de")}, ${fold("a.prodcatname_en")},
           ${fold("c.name_de")}, ${fold("c.name_en")},
           ${fold("coalesce(a.description_de, '')")}, ${fold("coalesce(a.description_en, '')")}
    from articles a
    join article_search_keys k on k.partno = a.partno
    join categories c on c.id = a.category_id
    where ${where};`;
}

const deleteIndexRow = (partno: string) =>
  `delete from article_search where rowid = (select id from article_search_keys where partno = ${partno});`;

const bumpGeneration = "update article_search_generation set value = value + 1 where id = 1;";

const refresh = (partno: string) => `${deleteIndexRow(partno)} ${insertIndexRows(`a.partno = ${partno}`)} ${bumpGeneration}`;

/**
 * PostgreSQL has no FTS5 (decision 027): its search is built on unaccent (umlaut folding) and pg_trgm
 * (typos, prefixes of part numbers). Both are "trusted" extensions since PostgreSQL 13, so the
 * database owner may create them without being a superuser.
 * TODO(issue 16, search slice): the tsvector column, its index and app/models/search.server.ts's
 * PostgreSQL queries; until then the search model runs on SQLite only.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`create table article_search_keys (id integer primary key, partno text not null unique)`.execute(db);
  await sql`create table article_search_generation (id integer primary key check (id = 1), value integer not null)`.execute(db);
  await sql`insert into article_search_generation (id, value) values (1, 0)`.execute(db);

  // partno is the key the model joins back on; codes holds it again (also without hyphen) with the EANs.
  await sql`
    create virtual table article_search using fts5(
      partno unindexed, codes, title_de, title_en, prodcatname_de, prodcatname_en,
      category_de, category_en, description_de, description_en,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
    )`.execute(db);
  // The vocabulary (term → documents) feeds typo tolerance and the "few matches" test.
  await sql`create virtual table article_search_vocab using fts5vocab(article_search, row)`.execute(db);

  await sql.raw(`
    create trigger article_search_ai after insert on articles begin
      insert or ignore into article_search_keys (partno) values (new.partno);
      ${refresh("new.partno")}
    end`).execute(db);
  await sql.raw(`
    create trigger article_search_au after update on articles begin
      ${deleteIndexRow("old.partno")}
      delete from article_search_keys where partno = old.partno and old.partno <> new.partno;
      insert or ignore into article_search_keys (partno) values (new.partno);
      ${refresh("new.partno")}
    end`).execute(db);
  await sql.raw(`
    create trigger article_search_ad after delete on articles begin
      ${deleteIndexRow("old.partno")}
      delete from article_search_keys where partno = old.partno;
      ${bumpGeneration}
    end`).execute(db);
  await sql.raw(`create trigger article_search_eans_ai after insert on article_eans begin ${refresh("new.partno")} end`).execute(db);
  await sql.raw(`
    create trigger article_search_eans_au after update on article_eans begin
      ${refresh("old.partno")}
      ${refresh("new.partno")}
    end`).execute(db);
  await sql.raw(`create trigger article_search_eans_ad after delete on article_eans begin ${refresh("old.partno")} end`).execute(db);
  await sql.raw(`
    create trigger article_search_categories_au after update of name_de, name_en on categories begin
      delete from article_search
        where rowid in (select k.id from article_search_keys k join articles a on a.partno = k.partno where a.category_id = new.id);
      ${insertIndexRows("a.category_id = new.id")}
      ${bumpGeneration}
    end`).execute(db);

  // A database seeded before this migration gets its index here, not at the next seed.
  await sql`insert into article_search_keys (partno) select partno from articles order by rowid`.execute(db);
  await sql.raw(insertIndexRows("1 = 1")).execute(db);
  await sql`insert into article_search (article_search) values ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The extensions stay: other databases' objects may use them, and they hold no data.
  if (isPostgres(db)) return;
  for (const trigger of [
    "article_search_ai",
    "article_search_au",
    "article_search_ad",
    "article_search_eans_ai",
    "article_search_eans_au",
    "article_search_eans_ad",
    "article_search_categories_au",
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  for (const table of ["article_search_vocab", "article_search", "article_search_generation", "article_search_keys"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
