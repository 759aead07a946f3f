import type { Transaction } from "kysely";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import type { Database } from "~/db/schema";
import type { Lang } from "~/i18n/language";
import { type Both, type LocalizedText, bilingual } from "~/i18n/localized-text";
import { cleanTitle } from "~/utils/article-rules";
import { isValidEan13, isValidGtin } from "~/utils/ean";
import { articlesWithCategory } from "./article.server";
import { fts5Index } from "./search-fts5.server";
import { postgresIndex } from "./search-postgres.server";
import { MAX_QUERY_LENGTH, type SearchIndex, type VocabularyTerm, columnWeights, foldText, matchClauses, parseQuery } from "./search-text";

/*
 * Product search (decisions 007 and 029): the index is FTS5 on SQLite (search-fts5.server.ts) and an
 * inverted index of our own on PostgreSQL (search-postgres.server.ts); both rank by the same bm25
 * with the same column weights. Query parsing, typo alternatives and the cards are shared here.
 */

function indexOf(db: DB): SearchIndex {
  return isPostgres(db) ? postgresIndex : fts5Index;
}

export { MAX_QUERY_LENGTH };

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
  /** German category name. */
  categoryName: string;
  /** The article's own (first) category: its address is built from that category's slug. */
  categoryId: number;
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
  categoryId: number;
}

interface Vocabulary {
  generation: number;
  /** Word terms (no digits) in the index, sorted by term. */
  terms: VocabularyTerm[];
}

/** Reading the vocabulary walks the whole index, so it is kept until the index's generation moves on. */
const vocabularies = new WeakMap<DB, Vocabulary>();

/** `generation`: the index's generation if the caller just read it (PostgreSQL reads it when it refreshes). */
async function vocabulary(db: DB, known?: number): Promise<Vocabulary> {
  const index = indexOf(db);
  const generation = known ?? (await index.generation(db));
  const cached = vocabularies.get(db);
  if (cached && cached.generation === generation) return cached;
  const fresh = { generation, terms: await index.vocabulary(db) };
  vocabularies.set(db, fresh);
  return fresh;
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

  const index = indexOf(db);
  const generation = await index.refresh(db);
  const clauses = await matchClauses(words, async () => (await vocabulary(db, generation)).terms);
  const { total, ranked } = await index.rank(db, clauses, columnWeights(options.lang), pageSize, (page - 1) * pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { query, total, page, pages, hits: await hydrate(db, ranked) };
}

/** Card data for the ranked part numbers, in rank order; plain builder calls, no FTS5. */
async function hydrate(db: DB, ranked: readonly { partno: string; score: number }[]): Promise<SearchHit[]> {
  if (ranked.length === 0) return [];
  const partnos = ranked.map((r) => r.partno);
  const [articles, media] = await Promise.all([
    articlesWithCategory(db, partnos)
      .select([
        "articles.partno",
        "articles.title_de",
        "articles.title_en",
        "articles.price_cents",
        "categories.name_de as category_name",
        "categories.id as category_id",
      ])
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
      categoryId: article.category_id,
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
    articlesWithCategory(db, partnos).select(["articles.partno", "categories.name_de", "categories.id"]).execute();

  // An EAN-8 may also be a part number: when no article carries it as EAN, the part number is tried.
  const ean8 = /^\d{8}$/.test(compact) && isValidGtin(compact);
  if (/^\d{13}$/.test(compact) || ean8) {
    if (!ean8 && !isValidEan13(compact)) return undefined;
    const row = await db
      .selectFrom("article_eans")
      .innerJoin("articles", "articles.partno", "article_eans.partno")
      .innerJoin("categories", "categories.id", "articles.category_id")
      .select(["articles.partno", "categories.name_de", "categories.id"])
      .where("article_eans.ean", "=", compact)
      .orderBy("articles.partno")
      .executeTakeFirst();
    if (row || !ean8) return row ? { partno: row.partno, categoryNameDe: row.name_de, categoryId: row.id } : undefined;
  }

  // Likely spellings first, through the primary key: as typed, then hyphenated where letters meet digits.
  const spaced = trimmed.toUpperCase().replace(/\s+/g, "-");
  const hyphenated = compact.replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, "-");
  const candidates = [...new Set([trimmed.toUpperCase(), spaced, compact, hyphenated])];
  const direct = (await lookup(candidates))[0];
  if (direct) return { partno: direct.partno, categoryNameDe: direct.name_de, categoryId: direct.id };

  // Any other spelling: the index holds every part number without separators as one term.
  const index = indexOf(db);
  await index.refresh(db);
  const withCode = await index.partnosWithCode(db, foldText(compact));
  const indexed = withCode.filter((p) => compactCode(p) === compact);
  const found = indexed.length > 0 ? (await lookup(indexed))[0] : undefined;
  return found ? { partno: found.partno, categoryNameDe: found.name_de, categoryId: found.id } : undefined;
}

/**
 * Refills the index from the tables. The triggers keep it current row by row; this is for bulk
 * loads (it also merges the index into one segment) and for repair.
 */
export function rebuildSearchIndex(db: DB): Promise<void> {
  return indexOf(db).rebuild(db);
}

/** Above this many article writes, keeping the index up to date row by row costs more than rebuilding it. */
export const BULK_INDEX_THRESHOLD = 2000;

/**
 * Runs a bulk write (an import of thousands of articles) and brings the index up to date once, in
 * the caller's transaction. On SQLite the triggers are set aside during the write (each article and
 * EAN row would otherwise re-index its article); PostgreSQL's triggers only mark articles, and the
 * marked ones are indexed before the transaction commits.
 */
export function withSearchIndexSuspended<T>(trx: Transaction<Database>, write: () => Promise<T>): Promise<T> {
  return indexOf(trx).withBulkWrite(trx, write);
}
