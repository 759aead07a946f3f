import { sql, type Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import type { Database } from "~/db/schema";
import type { Lang } from "~/i18n/language";
import { type Both, type LocalizedText, bilingual } from "~/i18n/localized-text";
import { cleanTitle } from "~/utils/article-rules";
import { isValidEan13 } from "~/utils/ean";

/*
 * Product search over the FTS5 index of migration 0002 (decision 007). This module is the only
 * place that speaks FTS5: a PostgreSQL store would swap its insides (tsvector, pg_trgm) and keep
 * the two exported functions.
 */

/** Longer input is cut: no part number, EAN or product name comes near it. */
export const MAX_QUERY_LENGTH = 200;
/** Words beyond this are dropped; each word costs a doclist merge. */
const MAX_WORDS = 8;
/** A word whose prefix reaches fewer articles than this is probably misspelt: look for close terms. */
const FEW_MATCHES = 3;
const MAX_ALTERNATIVES = 12;
/** German compounds (Bügelschloss, Fahrradklingel) are found by their parts from this length on. */
const MIN_COMPOUND_PART = 5;

export interface SearchOptions {
  query: string;
  lang: Lang;
  page: number;
  pageSize: number;
}

/** An article found, with what its card shows (the same fields as catalog/article-view's ArticleCard). */
export interface SearchHit {
  partno: string;
  title: Both<LocalizedText>;
  /** null: the catalogue gives no retail price. */
  price: number | null;
  image: string | null;
  /** German category name: article URLs are built from it in either language. */
  categoryName: string;
  /** Relevance, higher is better (bm25 negated). */
  score: number;
}

export interface SearchResult {
  /** The query as searched (trimmed and cut to MAX_QUERY_LENGTH). */
  query: string;
  total: number;
  page: number;
  pages: number;
  hits: SearchHit[];
}

export interface ExactArticle {
  partno: string;
  categoryNameDe: string;
}

/**
 * What the index stores and queries compare: lower case, ß as ss, no diacritics. unicode61 folds
 * case and diacritics itself; ß it keeps, so the migration and this function both spell it out.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/ẞ/g, "ss")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/**
 * A query word: its parts were joined by hyphens, dots or slashes ("E-Bike", "VB-17439") and must
 * stay adjacent, so they become one FTS5 phrase.
 */
export interface QueryWord {
  parts: string[];
}

/** Splits user input into words of letters and digits; everything else (quotes, `*`, `:`, brackets) is a separator. */
export function parseQuery(input: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const raw of foldText(input.slice(0, MAX_QUERY_LENGTH)).split(/[^\p{L}\p{N}\-./_]+/u)) {
    const parts = raw.split(/[^\p{L}\p{N}]+/u).filter((p) => p !== "");
    const key = parts.join(" ");
    if (parts.length === 0 || seen.has(key)) continue;
    seen.add(key);
    words.push({ parts });
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/**
 * Optimal-string-alignment (restricted Damerau–Levenshtein) distance: insertions, deletions,
 * substitutions and swaps of neighbours each cost one. Gives up above `max` and returns max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  // Three rows of the matrix (i - 2, i - 1, i), flat; `cell` reads them without unchecked indexing.
  const rows = new Int32Array(width * 3);
  const cell = (row: number, j: number) => rows[(row % 3) * width + j] ?? 0;
  for (let j = 0; j < width; j++) rows[width + j] = j; // row i - 1 = 0 sits in slot 1
  for (let i = 1; i <= a.length; i++) {
    const row = i + 1; // slots rotate: row i lives in slot (i + 1) % 3
    rows[(row % 3) * width] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(cell(row - 1, j) + 1, cell(row, j - 1) + 1, cell(row - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, cell(row - 2, j - 2) + 1);
      }
      rows[(row % 3) * width + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
  }
  return Math.min(cell(a.length + 1, b.length), max + 1);
}

/** Typos allowed in a word of this length: none in short words, where one edit is a different word. */
function allowedTypos(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

interface VocabularyTerm {
  term: string;
  /** Articles holding the term. */
  docs: number;
}

interface Vocabulary {
  generation: number;
  /** Word terms (no digits) in the index, sorted by term. */
  terms: VocabularyTerm[];
}

/** Reading the vocabulary walks the whole index, so it is kept until the triggers bump the generation. */
const vocabularies = new WeakMap<DB, Vocabulary>();

async function vocabulary(db: DB): Promise<Vocabulary> {
  const { rows } = await sql<{ value: number }>`select value from article_search_generation where id = 1`.execute(db);
  const generation = Number(rows[0]?.value ?? 0);
  const cached = vocabularies.get(db);
  if (cached && cached.generation === generation) return cached;
  // Digits sort before letters, so the range skips EANs and part numbers without reading them.
  const result = await sql<{ term: string; doc: number }>`
    select term, doc from article_search_vocab where term >= 'a' order by term`.execute(db);
  const terms = result.rows.filter((row) => !/\p{N}/u.test(row.term)).map((row) => ({ term: row.term, docs: Number(row.doc) }));
  const fresh = { generation, terms };
  vocabularies.set(db, fresh);
  return fresh;
}

function lowerBound(terms: readonly VocabularyTerm[], value: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid]?.term ?? "") < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Articles reached by `prefix*`, counted per term, so an upper bound; enough to tell "none or few". */
function prefixDocs(terms: readonly VocabularyTerm[], prefix: string): number {
  let sum = 0;
  for (let i = lowerBound(terms, prefix); sum < FEW_MATCHES; i++) {
    const entry = terms[i];
    if (!entry?.term.startsWith(prefix)) break;
    sum += entry.docs;
  }
  return sum;
}

/**
 * Index terms that stand in for a word: close spellings when the word itself finds (almost)
 * nothing, and compounds that contain it ("schloss" → "bugelschloss"), best first.
 */
export function alternativeTerms(terms: readonly VocabularyTerm[], word: string): string[] {
  const typos = prefixDocs(terms, word) < FEW_MATCHES ? allowedTypos(word.length) : 0;
  const compounds = word.length >= MIN_COMPOUND_PART;
  if (typos === 0 && !compounds) return [];
  const found: { term: string; distance: number; docs: number }[] = [];
  for (const { term, docs } of terms) {
    if (term.startsWith(word)) continue; // already matched by the prefix query
    let distance = typos > 0 ? editDistance(word, term, typos) : typos + 1;
    // A misspelt prefix of a longer term ("klingl" for "klingel…") compares with its start.
    if (typos > 0 && distance > typos && term.length > word.length) {
      distance = editDistance(word, term.slice(0, word.length + 1), typos);
    }
    if (distance <= typos) found.push({ term, distance, docs });
    else if (compounds && term.includes(word)) found.push({ term, distance: typos + 1, docs });
  }
  found.sort((x, y) => x.distance - y.distance || y.docs - x.docs || (x.term < y.term ? -1 : 1));
  return found.slice(0, MAX_ALTERNATIVES).map((f) => f.term);
}

/** `"term"` or, for prefix matching, `"term"*`; parts only hold letters and digits, so quoting is safe. */
function phrase(parts: readonly string[], prefix: boolean): string {
  return `"${parts.join(" ")}"${prefix ? "*" : ""}`;
}

/** The FTS5 expression for the words: every word must match, each by prefix or by an alternative. */
export async function buildMatchExpression(db: DB, words: readonly QueryWord[]): Promise<string> {
  const clauses: string[] = [];
  for (const { parts } of words) {
    const last = parts[parts.length - 1] ?? "";
    // One letter or digit as a prefix would reach half the index; it only counts as itself.
    const main = phrase(parts, last.length >= 2);
    const single = parts[0];
    if (parts.length !== 1 || single === undefined || /\p{N}/u.test(single) || single.length < 4) {
      clauses.push(main);
      continue;
    }
    const alternatives = alternativeTerms((await vocabulary(db)).terms, single);
    clauses.push(alternatives.length === 0 ? main : `(${[main, ...alternatives.map((t) => phrase([t], false))].join(" OR ")})`);
  }
  return clauses.join(" AND ");
}

/**
 * bm25 weights per column of article_search (partno, codes, titles, product names, category names,
 * descriptions): numbers and titles beat descriptions, and the visitor's language beats the other.
 */
function weights(lang: Lang): number[] {
  const pair = (mine: number, other: number) => (lang === "de" ? [mine, other] : [other, mine]);
  return [0, 10, ...pair(8, 5), ...pair(5, 3), ...pair(3, 2), ...pair(1.5, 1)];
}

function isFtsError(error: unknown): boolean {
  return error instanceof Error && /fts5|syntax error|unterminated|no such column/i.test(error.message);
}

function emptyResult(query: string, page: number): SearchResult {
  return { query, total: 0, page, pages: 1, hits: [] };
}

export async function searchArticles(db: DB, options: SearchOptions): Promise<SearchResult> {
  const query = options.query.slice(0, MAX_QUERY_LENGTH).trim();
  const page = Math.max(1, Math.floor(options.page));
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  const words = parseQuery(query);
  if (words.length === 0) return emptyResult(query, page);

  const match = await buildMatchExpression(db, words);
  const w = weights(options.lang);
  let total: number;
  let ranked: { partno: string; score: number }[];
  try {
    // One pass over the matches ranks and counts them. Only the page's rows are joined to their part
    // numbers: reading a column of the FTS table costs a lookup per row it is read for.
    const result = await sql<{ total: number; partno: string | null; score: number | null }>`
      with matched as materialized (
        select rowid as id, bm25(article_search, ${sql.join(w.map((x) => sql.lit(x)))}) as score
        from article_search where article_search match ${match}
      )
      select t.total, k.partno, p.score
      from (select count(*) as total from matched) t
      left join (select id, score from matched order by score, id limit ${pageSize} offset ${(page - 1) * pageSize}) p
      left join article_search_keys k on k.id = p.id
      order by p.score, p.id`.execute(db);
    total = Number(result.rows[0]?.total ?? 0);
    ranked = result.rows.flatMap((r) => (r.partno === null ? [] : [{ partno: r.partno, score: Number(r.score) }]));
  } catch (error) {
    // parseQuery leaves nothing FTS5 could read as syntax; this is the net under that promise.
    if (isFtsError(error)) return emptyResult(query, page);
    throw error;
  }

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { query, total, page, pages, hits: await hydrate(db, ranked) };
}

/** Card data for the ranked part numbers, in rank order; plain builder calls, no FTS5. */
async function hydrate(db: DB, ranked: readonly { partno: string; score: number }[]): Promise<SearchHit[]> {
  if (ranked.length === 0) return [];
  const partnos = ranked.map((r) => r.partno);
  const [articles, media] = await Promise.all([
    db
      .selectFrom("articles")
      .innerJoin("categories", "categories.id", "articles.category_id")
      .select([
        "articles.partno",
        "articles.title_de",
        "articles.title_en",
        "articles.price_cents",
        "categories.name_de as category_name",
      ])
      .where("articles.partno", "in", partnos)
      .execute(),
    db
      .selectFrom("article_media")
      .select(["partno", "imagename"])
      .where("partno", "in", partnos)
      .where("type", "=", "Bild")
      .orderBy("position")
      .execute(),
  ]);
  const byPartno = new Map(articles.map((a) => [a.partno, a]));
  const imageBy = new Map<string, string>();
  for (const m of media) if (!imageBy.has(m.partno)) imageBy.set(m.partno, m.imagename);
  const hits: SearchHit[] = [];
  for (const { partno, score } of ranked) {
    const article = byPartno.get(partno);
    if (!article) continue;
    hits.push({
      partno,
      categoryName: article.category_name,
      // An import leaves title_en empty when the catalogue has no English: the German title stands in.
      title: bilingual(cleanTitle(article.title_de), cleanTitle(article.title_en)),
      price: article.price_cents === null ? null : Math.round(article.price_cents) / 100,
      image: imageBy.get(partno) ?? null,
      score: -Number(score),
    });
  }
  return hits;
}

/** Upper case without spaces, hyphens, dots or slashes: how part numbers and EANs are compared. */
function compactCode(value: string): string {
  return value.toUpperCase().replace(/[\s\-./_]+/g, "");
}

/**
 * The article a part number or EAN-13 names exactly, so the search can open it directly. Part
 * numbers match regardless of case, spaces and hyphens ("vb 17439", "VB17439" → "VB-17439").
 */
export async function findExactArticle(db: DB, query: string): Promise<ExactArticle | undefined> {
  const trimmed = query.slice(0, MAX_QUERY_LENGTH).trim();
  const compact = compactCode(trimmed);
  if (compact === "" || compact.length > 40 || !/^[\p{L}\p{N}]+$/u.test(compact)) return undefined;

  const lookup = (partnos: readonly string[]) =>
    db
      .selectFrom("articles")
      .innerJoin("categories", "categories.id", "articles.category_id")
      .select(["articles.partno", "categories.name_de"])
      .where("articles.partno", "in", partnos)
      .execute();

  if (/^\d{13}$/.test(compact)) {
    if (!isValidEan13(compact)) return undefined;
    const row = await db
      .selectFrom("article_eans")
      .innerJoin("articles", "articles.partno", "article_eans.partno")
      .innerJoin("categories", "categories.id", "articles.category_id")
      .select(["articles.partno", "categories.name_de"])
      .where("article_eans.ean", "=", compact)
      .orderBy("articles.partno")
      .executeTakeFirst();
    return row ? { partno: row.partno, categoryNameDe: row.name_de } : undefined;
  }

  // Likely spellings first, through the primary key: as typed, then hyphenated where letters meet digits.
  const spaced = trimmed.toUpperCase().replace(/\s+/g, "-");
  const hyphenated = compact.replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, "-");
  const candidates = [...new Set([trimmed.toUpperCase(), spaced, compact, hyphenated])];
  const direct = (await lookup(candidates))[0];
  if (direct) return { partno: direct.partno, categoryNameDe: direct.name_de };

  // Any other spelling: the index holds every part number without separators as one term.
  let indexed: string[];
  try {
    const { rows } = await sql<{ partno: string }>`
      select partno from article_search where article_search match ${`codes : "${foldText(compact)}"`} limit 20`.execute(db);
    indexed = rows.map((r) => r.partno).filter((p) => compactCode(p) === compact);
  } catch (error) {
    if (isFtsError(error)) return undefined;
    throw error;
  }
  const found = indexed.length > 0 ? (await lookup(indexed))[0] : undefined;
  return found ? { partno: found.partno, categoryNameDe: found.name_de } : undefined;
}

/**
 * Refills the index from the tables. The triggers keep it current row by row; this is for bulk
 * loads (it also merges the index into one segment) and for repair.
 */
export async function rebuildSearchIndex(db: DB): Promise<void> {
  // TODO(issue 16, search slice): PostgreSQL has no search index yet (migration 0002), so no rebuild.
  if (isPostgres(db)) return;
  await db.transaction().execute(rebuildSearchIndexIn);
}

async function rebuildSearchIndexIn(trx: Transaction<Database>): Promise<void> {
  {
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
}

/** Above this many article writes, keeping the index up to date row by row costs more than rebuilding it. */
export const BULK_INDEX_THRESHOLD = 2000;

/**
 * Runs a bulk write (an import of thousands of articles) with the index triggers of migration 0002
 * set aside, then rebuilds the index once, inside the caller's transaction: each article and each
 * EAN row would otherwise re-index its article (five index writes per article). The triggers are
 * restored from their own stored SQL, so this code never has to repeat them.
 */
export async function withSearchIndexSuspended<T>(trx: Transaction<Database>, write: () => Promise<T>): Promise<T> {
  // As in rebuildSearchIndex: no triggers to set aside on PostgreSQL yet.
  if (isPostgres(trx)) return write();
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name like 'article_search_%'`.execute(trx);
  for (const trigger of rows) await sql.raw(`drop trigger ${trigger.name}`).execute(trx);
  const result = await write();
  for (const trigger of rows) await sql.raw(trigger.sql).execute(trx);
  await rebuildSearchIndexIn(trx);
  return result;
}
