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
 * PostgreSQL has no FTS5 (decision 029): app/models/search-postgres.server.ts keeps an inverted index
 * of its own in these tables and ranks it with FTS5's bm25. The triggers only mark what changed; the
 * terms are cut in TypeScript, so they do not depend on the database's locale. Terms use the C
 * collation: a prefix is then a range of the term index, and order is code point order as in FTS5.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Besides the generation: the number of documents and of their terms, for bm25's average length.
  await sql`
    create table article_search_generation (
      id integer primary key check (id = 1),
      value integer not null,
      docs bigint not null,
      tokens bigint not null
    )`.execute(db);
  await sql`insert into article_search_generation (id, value, docs, tokens) values (1, 0, 0, 0)`.execute(db);
  await sql`
    create table article_search_docs (
      id integer generated always as identity primary key,
      partno text not null unique,
      length integer not null
    )`.execute(db);
  await sql`
    create table article_search_postings (
      term text collate "C" not null,
      doc integer not null references article_search_docs (id) on delete cascade,
      col smallint not null,
      pos integer not null,
      length integer not null
    )`.execute(db);
  // Every column in the term index: a search reads postings by index alone (phrases too, by term and
  // place), and each posting carries its document's length (in terms, for bm25), so ranking needs
  // no other table.
  await sql`create index article_search_postings_term on article_search_postings (term, doc, col, pos) include (length)`.execute(db);
  await sql`create index article_search_postings_doc on article_search_postings (doc)`.execute(db);
  // fts5vocab's row table: articles per word, for typo alternatives.
  await sql`create table article_search_terms (term text collate "C" primary key, docs integer not null)`.execute(db);
  await sql`
    create table article_search_stale (
      partno text primary key,
      seq bigint generated always as identity unique
    )`.execute(db);

  await sql`
    create function article_search_mark_article() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into article_search_stale (partno) values (old.partno) on conflict do nothing;
      end if;
      if tg_op <> 'DELETE' then
        insert into article_search_stale (partno) values (new.partno) on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  // Only columns the index reads: a price or stock update leaves it alone.
  await sql`
    create trigger article_search_articles
    after insert or delete or update of partno, title_de, title_en, prodcatname_de, prodcatname_en,
                                        description_de, description_en, category_id
    on articles for each row execute function article_search_mark_article()`.execute(db);
  await sql`
    create trigger article_search_eans after insert or update or delete on article_eans
    for each row execute function article_search_mark_article()`.execute(db);
  await sql`
    create function article_search_mark_category() returns trigger language plpgsql as $$
    begin
      insert into article_search_stale (partno)
        select partno from articles where category_id = new.id order by partno
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger article_search_categories after update of name_de, name_en on categories
    for each row execute function article_search_mark_category()`.execute(db);

  // A database seeded before this migration is indexed at its first search.
  await sql`insert into article_search_stale (partno) select partno from articles order by partno`.execute(db);
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

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ["article_search_articles", "articles"],
    ["article_search_eans", "article_eans"],
    ["article_search_categories", "categories"],
  ] as const) {
    await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
  }
  await sql`drop function if exists article_search_mark_article()`.execute(db);
  await sql`drop function if exists article_search_mark_category()`.execute(db);
  for (const table of [
    "article_search_stale",
    "article_search_terms",
    "article_search_postings",
    "article_search_docs",
    "article_search_generation",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return downPostgres(db);
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
