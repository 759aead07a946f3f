import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type MatchClause, type RankArticles, type SearchIndex, type VocabularyTerm, isVocabularyTerm } from "./search-text";

/*
 * The SQLite side of the product search: the FTS5 index of migration 0002 (decision 007). This
 * module and that migration are the only places that speak FTS5; search.server.ts picks it or the
 * PostgreSQL index (search-postgres.server.ts) by store.
 */

type Store = Kysely<Database>;

async function fts5Generation(db: Store): Promise<number> {
  const { rows } = await sql<{ value: number }>`select value from article_search_generation where id = 1`.execute(db);
  return Number(rows[0]?.value ?? 0);
}

async function fts5Vocabulary(db: Store): Promise<VocabularyTerm[]> {
  // Digits sort before letters, so the range skips EANs and part numbers without reading them.
  const result = await sql<{ term: string; doc: number }>`
    select term, doc from article_search_vocab where term >= 'a' order by term`.execute(db);
  return result.rows.filter((row) => isVocabularyTerm(row.term)).map((row) => ({ term: row.term, docs: Number(row.doc) }));
}

/** `"term"` or, for prefix matching, `"term"*`; parts only hold letters and digits, so quoting is safe. */
function phrase(parts: readonly string[], prefix: boolean): string {
  return `"${parts.join(" ")}"${prefix ? "*" : ""}`;
}

/** The FTS5 expression for the clauses: `"a b"*` for a phrase, OR within a clause, AND between them. */
function fts5Expression(clauses: readonly MatchClause[]): string {
  return clauses
    .map((clause) => {
      const phrases = clause.map((p) => phrase(p.parts, p.prefix));
      return phrases.length === 1 ? (phrases[0] ?? "") : `(${phrases.join(" OR ")})`;
    })
    .join(" AND ");
}

function isFtsError(error: unknown): boolean {
  return error instanceof Error && /fts5|syntax error|unterminated|no such column/i.test(error.message);
}

const fts5Rank: RankArticles = async (db, clauses, weights, limit, offset) => {
  try {
    // One pass over the matches ranks and counts them. Only the page's rows are joined to their part
    // numbers: reading a column of the FTS table costs a lookup per row it is read for.
    const result = await sql<{ total: number; partno: string | null; score: number | null }>`
      with matched as materialized (
        select rowid as id, bm25(article_search, ${sql.join(weights.map((x) => sql.lit(x)))}) as score
        from article_search where article_search match ${fts5Expression(clauses)}
      )
      select t.total, k.partno, p.score
      from (select count(*) as total from matched) t
      left join (select id, score from matched order by score, id limit ${limit} offset ${offset}) p
      left join article_search_keys k on k.id = p.id
      order by p.score, p.id`.execute(db);
    return {
      total: Number(result.rows[0]?.total ?? 0),
      ranked: result.rows.flatMap((r) => (r.partno === null ? [] : [{ partno: r.partno, score: Number(r.score) }])),
    };
  } catch (error) {
    // parseQuery leaves nothing FTS5 could read as syntax; this is the net under that promise.
    if (isFtsError(error)) return { total: 0, ranked: [] };
    throw error;
  }
};

async function fts5PartnosWithCode(db: Store, term: string): Promise<string[]> {
  try {
    const { rows } = await sql<{ partno: string }>`
      select partno from article_search where article_search match ${`codes : "${term}"`} limit 20`.execute(db);
    return rows.map((r) => r.partno);
  } catch (error) {
    if (isFtsError(error)) return [];
    throw error;
  }
}

async function fts5Rebuild(trx: Transaction<Database>): Promise<void> {
  await sql`delete from article_search`.execute(trx);
  await sql`delete from article_search_keys`.execute(trx);
  await sql`insert into article_search_keys (partno) select partno from articles order by rowid`.execute(trx);
  await sql`
    insert into article_search (rowid, partno, codes, title_de, title_en, prodcatname_de, prodcatname_en,
                                category_de, category_en, description_de, description_en)
    select k.id, a.partno,
           a.partno || ' ' || replace(replace(replace(a.partno, '-', ''), ' ', ''), '/', '')
             || coalesce(' ' || (select group_concat(e.ean, ' ') from article_eans e where e.partno = a.partno), ''),
           replace(replace(a.title_de, 'ß', 'ss'), 'ẞ', 'SS'), replace(replace(a.title_en, 'ß', 'ss'), 'ẞ', 'SS'),
           replace(replace(a.prodcatname_de, 'ß', 'ss'), 'ẞ', 'SS'), replace(replace(a.prodcatname_en, 'ß', 'ss'), 'ẞ', 'SS'),
           replace(replace(c.name_de, 'ß', 'ss'), 'ẞ', 'SS'), replace(replace(c.name_en, 'ß', 'ss'), 'ẞ', 'SS'),
           replace(replace(coalesce(a.description_de, ''), 'ß', 'ss'), 'ẞ', 'SS'),
           replace(replace(coalesce(a.description_en, ''), 'ß', 'ss'), 'ẞ', 'SS')
    from articles a
    join article_search_keys k on k.partno = a.partno
    join categories c on c.id = a.category_id`.execute(trx);
  await sql`insert into article_search (article_search) values ('optimize')`.execute(trx);
  await sql`update article_search_generation set value = value + 1 where id = 1`.execute(trx);
}

/**
 * Runs a bulk write with the index triggers of migration 0002 set aside, then rebuilds the index
 * once in the same transaction: each article and each EAN row would otherwise re-index its article
 * (five index writes per article). The triggers are restored from their own stored SQL, so this
 * code never has to repeat them.
 */
async function fts5WithTriggersSuspended<T>(trx: Transaction<Database>, write: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name like 'article_search_%'`.execute(trx);
  for (const trigger of rows) await sql.raw(`drop trigger ${trigger.name}`).execute(trx);
  const result = await write();
  for (const trigger of rows) await sql.raw(trigger.sql).execute(trx);
  await fts5Rebuild(trx);
  return result;
}

export const fts5Index: SearchIndex = {
  // The triggers of migration 0002 keep the index current as rows are written.
  refresh: async () => undefined,
  generation: fts5Generation,
  vocabulary: fts5Vocabulary,
  rank: fts5Rank,
  partnosWithCode: fts5PartnosWithCode,
  rebuild: (db) => db.transaction().execute(fts5Rebuild),
  withBulkWrite: fts5WithTriggersSuspended,
};
