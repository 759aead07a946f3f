import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "~/db/schema";
import { indexAllStale, markAllStale, refreshPostgresIndex } from "./search-postgres-index.server";
import type { MatchPhrase, RankArticles, SearchIndex, VocabularyTerm } from "./search-text";

/*
 * The PostgreSQL side of the product search (decision 029): an inverted index of our own
 * (search-postgres-index.server.ts keeps it), ranked by the same bm25 as FTS5 computes it, so both
 * stores give the same order for the same catalogue. Terms are in the C collation, so a prefix is a
 * range of the term index.
 */

type Store = Kysely<Database>;

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/** Kept by search-postgres-index.server.ts like fts5vocab's row table. */
async function postgresVocabulary(db: Store): Promise<VocabularyTerm[]> {
  const { rows } = await sql<{ term: string; docs: number }>`select term, docs from article_search_terms order by term`.execute(db);
  return rows.map((row) => ({ term: row.term, docs: Number(row.docs) }));
}

/** The smallest string above every string that starts with `prefix`, in code point order. */
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop() ?? "";
  return chars.join("") + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/**
 * Documents holding the phrase, with the sum of the column weights of its occurrences (FTS5's
 * aFreq) and the document's length, which every posting carries so that ranking reads no other table.
 */
function phraseQuery(phrase: MatchPhrase, weights: RawBuilder<unknown>): RawBuilder<unknown> {
  const last = phrase.parts.length - 1;
  const joins = phrase.parts.slice(1).map((_, i) => {
    const alias = sql.raw(`x${i + 1}`);
    return sql`join article_search_postings ${alias} on ${alias}.doc = x0.doc and ${alias}.col = x0.col and ${alias}.pos = x0.pos + ${i + 1}`;
  });
  const conditions = phrase.parts.map((part, i) => {
    const term = sql.raw(`x${i}.term`);
    return phrase.prefix && i === last ? sql`${term} >= ${part} and ${term} < ${prefixEnd(part)}` : sql`${term} = ${part}`;
  });
  return sql`
    select x0.doc, sum(${weights}[x0.col + 1]) as f, min(x0.length) as length
    from article_search_postings x0 ${sql.join(joins, sql` `)}
    where ${sql.join(conditions, sql` and `)}
    group by x0.doc`;
}

/**
 * FTS5's bm25, phrase by phrase over the matching documents:
 * idf × f(k1 + 1) / (f + k1(1 − b + b·length/avgdl)), summed, negated (lower is better), where f
 * is the phrase's weighted count in the document and idf = ln((N − n + 0.5)/(n + 0.5)), at least 1e-6.
 * A document matches when it holds a phrase of every clause: each clause is a bit (at most
 * MAX_WORDS of them), and the document's bits must all be set.
 */
const postgresRank: RankArticles = async (db, clauses, weights, limit, offset) => {
  const phrases = clauses.flatMap((clause, c) => clause.map((phrase) => ({ phrase, clause: c })));
  if (phrases.length === 0) return { total: 0, ranked: [] };
  const weightArray = sql.raw(`(array[${weights.map((w) => Number(w).toString()).join(",")}]::float8[])`);
  const name = (i: number) => sql.raw(`p${i}`);
  const ctes = phrases.map(({ phrase }, i) => sql`${name(i)} as (${phraseQuery(phrase, weightArray)})`);
  const tagged = phrases.map(
    ({ clause }, i) => sql`select ${sql.lit(i)} as i, ${sql.lit(2 ** clause)} as c, doc, f, length from ${name(i)}`,
  );
  const idf = sql`ln((s.docs - n.hits + 0.5) / (n.hits + 0.5))`;
  // Operations in fts5_aux.c's order and the phrases summed in query order, so the doubles come out
  // the same as FTS5's and ties stay ties. Constants are literals: as parameters, PostgreSQL would
  // type some of them integer.
  const term = sql`n.idf
    * ((h.f * ${sql.lit(K1 + 1)}) / (h.f + ${sql.lit(K1)} * (${sql.lit(1 - B)} + ${sql.lit(B)} * h.length::float8 / s.avgdl)))`;
  // With several words, the documents holding all of them are found first (cheap), so that only
  // they are scored; with one word every document found matches.
  const several = clauses.length > 1;
  const matchedFilter = several
    ? sql`matched as (select doc from hits group by doc having bit_or(c) = ${sql.lit(2 ** clauses.length - 1)})`
    : sql`matched as (select null::integer as doc)`;
  const matchedJoin = several ? sql`join matched m on m.doc = h.doc` : sql``;
  const { rows } = await sql<{ total: string; partno: string | null; score: number | null }>`
    with ${sql.join(ctes, sql`, `)},
    hits as materialized (${sql.join(tagged, sql` union all `)}),
    stats as (
      select docs::float8 as docs, tokens::float8 / greatest(docs, 1) as avgdl
      from article_search_generation where id = 1
    ),
    idfs as (
      select n.i, case when ${idf} <= 0 then 1e-6 else ${idf} end as idf
      from (select i, count(*)::float8 as hits from hits group by i) n cross join stats s
    ),
    ${matchedFilter},
    scored as materialized (
      select h.doc, -sum(${term} order by h.i) as score
      from hits h join idfs n on n.i = h.i cross join stats s ${matchedJoin}
      group by h.doc
    )
    select t.total, d.partno, p.score
    from (select count(*) as total from scored) t
    left join lateral (select doc, score from scored order by score, doc limit ${limit} offset ${offset}) p on true
    left join article_search_docs d on d.id = p.doc
    order by p.score, p.doc`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    ranked: rows.flatMap((r) => (r.partno === null ? [] : [{ partno: r.partno, score: Number(r.score) }])),
  };
};

async function postgresPartnosWithCode(db: Store, term: string): Promise<string[]> {
  const { rows } = await sql<{ partno: string }>`
    select distinct d.partno from article_search_postings p
    join article_search_docs d on d.id = p.doc
    where p.term = ${term} and p.col = 1
    limit 20`.execute(db);
  return rows.map((r) => r.partno);
}

export const postgresIndex: SearchIndex = {
  // Indexes the articles marked since the last search first.
  refresh: refreshPostgresIndex,
  generation: refreshPostgresIndex,
  vocabulary: postgresVocabulary,
  rank: postgresRank,
  partnosWithCode: postgresPartnosWithCode,
  async rebuild(db) {
    await db.transaction().execute(markAllStale);
    await refreshPostgresIndex(db);
  },
  // The triggers only mark articles during the write; the marked ones are indexed before the commit.
  async withBulkWrite(trx, write) {
    const result = await write();
    await indexAllStale(trx);
    return result;
  },
};
