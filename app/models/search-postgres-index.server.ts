import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { articlesWithCategory } from "./article.server";
import { SEARCH_COLUMNS, codesText, indexTerms, isVocabularyTerm } from "./search-text";

/*
 * Upkeep of PostgreSQL's search index (decision 029; the queries are in search-postgres.server.ts).
 * Migration 0002's triggers only mark changed articles in article_search_stale; the terms are cut
 * here with search-text's indexTerms, the tokenizer the queries use, the same way on every database
 * whatever its locale. Whoever searches first indexes what is marked, so a hand-run UPDATE is found
 * like an import, and an import indexes its articles before it commits.
 *
 * Besides one row per term occurrence (article_search_postings) the index keeps what FTS5 keeps for
 * its queries: each article's length in terms and a stable number (article_search_docs), the number
 * of articles and terms (article_search_generation) and, for typo alternatives, the number of
 * articles that hold each word (article_search_terms, words without digits only, as the
 * vocabulary reads them).
 */

type Store = Kysely<Database>;

/** The searched columns after the codes (SEARCH_COLUMNS[1]), as the indexer selects them. */
type TextColumn = Exclude<(typeof SEARCH_COLUMNS)[number], "partno" | "codes">;
const TEXT_COLUMNS = SEARCH_COLUMNS.filter((c): c is TextColumn => c !== "partno" && c !== "codes");

/** Articles indexed per transaction: a statement's arrays stay a few MB. */
const REFRESH_BATCH = 500;


/** The generation counter, and whether changed articles wait to be indexed. */
async function indexState(db: Store): Promise<{ generation: number; stale: boolean }> {
  const { rows } = await sql<{ value: number; stale: boolean }>`
    select value, exists (select 1 from article_search_stale) as stale
    from article_search_generation where id = 1`.execute(db);
  return { generation: Number(rows[0]?.value ?? 0), stale: rows[0]?.stale === true };
}

/**
 * Indexes the articles marked stale, a batch per transaction, and returns the index's generation.
 * Rows another instance is indexing at this moment are skipped (SKIP LOCKED): that one finishes them.
 */
export async function refreshPostgresIndex(db: Store): Promise<number> {
  for (;;) {
    const { generation, stale } = await indexState(db);
    if (!stale) return generation;
    if ((await db.transaction().execute((trx) => indexStaleBatch(trx, true))) === 0) return generation;
  }
}

/** Indexes every marked article inside the caller's transaction (an import, the seed). */
export async function indexAllStale(trx: Store): Promise<void> {
  while ((await indexStaleBatch(trx, false)) === REFRESH_BATCH);
}

/**
 * Marks every article for indexing and drops documents of vanished ones: a repair, and the last
 * step of the seed. Articles already indexed keep their numbers, so ties keep their order.
 */
export async function markAllStale(trx: Store): Promise<void> {
  await sql`
    insert into article_search_stale (partno)
    select partno from (
      select a.partno, d.id from articles a left join article_search_docs d on d.partno = a.partno
      union all
      select d.partno, d.id from article_search_docs d where not exists (select 1 from articles a where a.partno = d.partno)
    ) x
    order by id nulls last, partno
    on conflict do nothing`.execute(trx);
}

async function indexStaleBatch(trx: Store, skipLocked: boolean): Promise<number> {
  const lock = skipLocked ? sql`for update skip locked` : sql``;
  // The batch is picked once (a materialized CTE): as an IN subquery, a plan made before the table's
  // statistics caught up could run it again for every row, which took minutes on 100,000 marks.
  const { rows } = await sql<{ partno: string; seq: string }>`
    with batch as materialized (
      select partno from article_search_stale order by seq limit ${REFRESH_BATCH} ${lock}
    )
    delete from article_search_stale s using batch b where s.partno = b.partno
    returning s.partno, s.seq`.execute(trx);
  if (rows.length === 0) return 0;
  await indexArticles(trx, rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.partno));
  return rows.length;
}

/** The terms of each searched column (SEARCH_COLUMNS from column 1) of these articles, if they exist. */
async function articleTerms(trx: Store, partnos: readonly string[]): Promise<Map<string, string[][]>> {
  const [articles, eans] = await Promise.all([
    articlesWithCategory(trx, partnos)
      .select([
        "articles.partno",
        "articles.title_de",
        "articles.title_en",
        "articles.prodcatname_de",
        "articles.prodcatname_en",
        "categories.name_de as category_de",
        "categories.name_en as category_en",
        "articles.description_de",
        "articles.description_en",
      ])
      .execute(),
    trx
      .selectFrom("article_eans")
      .select(["partno", "ean"])
      .where("partno", "in", partnos)
      .orderBy("partno")
      .orderBy("position")
      .execute(),
  ]);
  const eansOf = new Map<string, string[]>();
  for (const { partno, ean } of eans) {
    const list = eansOf.get(partno) ?? [];
    list.push(ean);
    eansOf.set(partno, list);
  }
  // Column 1 is the codes; the others are read by their SEARCH_COLUMNS names, in that order.
  return new Map(
    articles.map((a) => [a.partno, [codesText(a.partno, eansOf.get(a.partno) ?? []), ...TEXT_COLUMNS.map((c) => a[c] ?? "")].map(indexTerms)]),
  );
}

/** Replaces the index rows of these articles (new ones are numbered in this order); vanished articles leave it. */
async function indexArticles(trx: Store, partnos: readonly string[]): Promise<void> {
  const termsOf = await articleTerms(trx, partnos);
  const present = partnos.filter((p) => termsOf.has(p));

  // What the old rows counted, taken off before they go; kept documents keep their number.
  const { rows: oldWords } = await sql<{ term: string; docs: number }>`
    select p.term, count(distinct p.doc)::int as docs
    from article_search_postings p join article_search_docs d on d.id = p.doc
    where d.partno = any(${partnos}) group by p.term`.execute(trx);
  const { rows: oldTotals } = await sql<{ docs: number; tokens: string | null }>`
    select count(*)::int as docs, sum(length) as tokens from article_search_docs where partno = any(${partnos})`.execute(trx);
  await sql`delete from article_search_docs where partno = any(${partnos.filter((p) => !termsOf.has(p))})`.execute(trx);
  await sql`
    delete from article_search_postings
    where doc in (select id from article_search_docs where partno = any(${present}))`.execute(trx);

  const lengths = present.map((p) => (termsOf.get(p) ?? []).reduce((sum, column) => sum + column.length, 0));
  // WITH ORDINALITY keeps the batch's order, so new documents are numbered in the order they were marked.
  const { rows: ids } = await sql<{ id: number; partno: string }>`
    insert into article_search_docs (partno, length)
    select partno, length from unnest(${present}::text[], ${lengths}::int[]) with ordinality as u(partno, length, n)
    order by n
    on conflict (partno) do update set length = excluded.length
    returning id, partno`.execute(trx);

  const postings = { terms: [] as string[], docs: [] as number[], cols: [] as number[], positions: [] as number[], lengths: [] as number[] };
  const lengthOf = new Map(present.map((partno, i) => [partno, lengths[i] ?? 0]));
  const wordDocs = new Map<string, number>();
  for (const { term, docs } of oldWords) if (isVocabularyTerm(term)) wordDocs.set(term, -docs);
  for (const { id, partno } of ids) {
    const columns = termsOf.get(partno) ?? [];
    columns.forEach((terms, c) => {
      terms.forEach((term, pos) => {
        postings.terms.push(term);
        postings.docs.push(Number(id));
        postings.cols.push(c + 1);
        postings.positions.push(pos);
        postings.lengths.push(lengthOf.get(partno) ?? 0);
      });
    });
    for (const term of new Set(columns.flat())) if (isVocabularyTerm(term)) wordDocs.set(term, (wordDocs.get(term) ?? 0) + 1);
  }
  if (postings.terms.length > 0) {
    await sql`
      insert into article_search_postings (term, doc, col, pos, length)
      select * from unnest(
        ${postings.terms}::text[], ${postings.docs}::int[], ${postings.cols}::smallint[],
        ${postings.positions}::int[], ${postings.lengths}::int[]
      )`.execute(trx);
  }
  await updateWordCounts(trx, wordDocs);

  const oldTokens = Number(oldTotals[0]?.tokens ?? 0);
  const newTokens = lengths.reduce((sum, n) => sum + n, 0);
  await sql`
    update article_search_generation
    set value = value + 1, docs = docs + ${ids.length - Number(oldTotals[0]?.docs ?? 0)}, tokens = tokens + ${newTokens - oldTokens}
    where id = 1`.execute(trx);
}

/**
 * Adds the changes to the per-word article counts. Rows are written in term order, so two instances
 * indexing at once lock shared words in the same order and cannot deadlock.
 */
async function updateWordCounts(trx: Store, deltas: ReadonlyMap<string, number>): Promise<void> {
  const changed = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (changed.length === 0) return;
  const terms = changed.map(([term]) => term);
  await sql`
    insert into article_search_terms (term, docs)
    select term, docs from unnest(${terms}::text[], ${changed.map(([, d]) => d)}::int[]) as u(term, docs)
    order by term collate "C"
    on conflict (term) do update set docs = article_search_terms.docs + excluded.docs`.execute(trx);
  await sql`delete from article_search_terms where term = any(${terms}) and docs <= 0`.execute(trx);
}
