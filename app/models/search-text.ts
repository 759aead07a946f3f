import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { Lang } from "~/i18n/language";
import { foldUmlautDigraphs, umlautsAsDigraphs } from "~/utils/german-spelling";
import { PAGE_PARAM } from "~/utils/page-param";

/*
 * What both search stores share (decision 007; PostgreSQL: decision 029): how text is folded and cut
 * into terms, how a query becomes words, which index terms stand in for a misspelt word, and how
 * much each column weighs. The stores differ only in where the terms live and how they are counted.
 */

/** The search page's parameters (`/search?q=…&page=2`): what it reads, and what the request log keeps. */
export const SEARCH_PAGE_PARAMS = { query: "q", page: PAGE_PARAM } as const;

/** Longer input is cut: no part number, EAN or product name comes near it. */
export const MAX_QUERY_LENGTH = 200;
/** Words beyond this are dropped; each word costs a doclist merge. */
const MAX_WORDS = 8;
/** A word whose prefix reaches fewer articles than this is probably misspelt: look for close terms. */
const FEW_MATCHES = 3;
const MAX_ALTERNATIVES = 12;
/**
 * A close spelling held by fewer articles than this share of the most common close spelling is not
 * what the visitor meant: "Sattle" means "Sattel" (every saddle), not "rattle" (two locks' text), and
 * bm25's idf would rank the rare word first.
 */
const RARE_TYPO_SHARE = 0.2;
/** German compounds (Bügelschloss, Fahrradklingel) are found by their parts from this length on. */
const MIN_COMPOUND_PART = 5;

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

/**
 * Splits user input into words of letters and digits; everything else (quotes, `*`, `:`, brackets) is
 * a separator. Umlauts become their two-letter spelling ("rücklicht" is "ruecklicht"), which
 * matchClauses also looks for without the e, as the index holds an umlaut ("rucklicht").
 */
export function parseQuery(input: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const raw of foldText(umlautsAsDigraphs(input.slice(0, MAX_QUERY_LENGTH))).split(/[^\p{L}\p{N}\-./_]+/u)) {
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

export interface VocabularyTerm {
  term: string;
  /** Articles holding the term. */
  docs: number;
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
 * nothing, and compounds that contain it ("schloss" → "bugelschloss"), best first. A close
 * spelling weighs with the compounds it is part of and brings them ("sattle" → "sattel",
 * "komfortsattel", …): German writes most saddles as one word, so "sattel" alone is a rare term
 * and a rarer near miss ("rattle") must not outweigh it.
 */
function alternativeTerms(terms: readonly VocabularyTerm[], word: string): string[] {
  const typos = prefixDocs(terms, word) < FEW_MATCHES ? allowedTypos(word.length) : 0;
  const compounds = word.length >= MIN_COMPOUND_PART;
  if (typos === 0 && !compounds) return [];
  const close: { term: string; distance: number; docs: number }[] = [];
  const found: { term: string; distance: number; docs: number }[] = [];
  for (const { term, docs } of terms) {
    if (term.startsWith(word)) continue; // already matched by the prefix query
    let distance = typos > 0 ? editDistance(word, term, typos) : typos + 1;
    // A misspelt prefix of a longer term ("klingl" for "klingel…") compares with its start.
    if (typos > 0 && distance > typos && term.length > word.length) {
      distance = editDistance(word, term.slice(0, word.length + 1), typos);
    }
    if (distance <= typos) close.push({ term, distance, docs });
    else if (compounds && term.includes(word)) found.push({ term, distance: typos + 1, docs });
  }
  const weighed = close.map((entry) => {
    const within = entry.term.length >= MIN_COMPOUND_PART ? terms.filter((other) => other.term !== entry.term && other.term.includes(entry.term)) : [];
    return { ...entry, within, weight: within.reduce((sum, other) => sum + other.docs, entry.docs) };
  });
  const commonest = Math.max(0, ...weighed.map((entry) => entry.weight));
  const kept = weighed.filter((entry) => entry.weight >= commonest * RARE_TYPO_SHARE);
  const ranked = [
    ...kept.map(({ term, distance, weight }) => ({ term, distance, docs: weight })),
    ...found,
    ...kept.flatMap(({ within }) => within.map(({ term, docs }) => ({ term, distance: typos + 1, docs }))),
  ];
  ranked.sort((x, y) => x.distance - y.distance || y.docs - x.docs || (x.term < y.term ? -1 : 1));
  return [...new Set(ranked.map((entry) => entry.term))].slice(0, MAX_ALTERNATIVES);
}

/** One phrase of a match: its parts must stand next to each other; `prefix` lets the last part be a word's beginning. */
export interface MatchPhrase {
  parts: string[];
  prefix: boolean;
}

/** Every clause must match; a clause matches when any of its phrases does. */
export type MatchClause = MatchPhrase[];

/**
 * The same phrase as the index holds a word written with an umlaut (ue as u, "ruecklicht" as
 * "rucklicht"; the index drops the dots), when that differs. Part numbers keep their letters.
 */
function umlautSpelling(phrase: MatchPhrase): MatchPhrase[] {
  if (phrase.parts.some((part) => /\p{N}/u.test(part))) return [];
  const parts = phrase.parts.map(foldUmlautDigraphs);
  return parts.join(" ") === phrase.parts.join(" ") ? [] : [{ parts, prefix: phrase.prefix }];
}

/**
 * The match for the words: every word must match, each by prefix or by an alternative term.
 * `terms` reads the index's vocabulary, only when a word may need alternatives.
 */
export async function matchClauses(
  words: readonly QueryWord[],
  terms: () => Promise<readonly VocabularyTerm[]>,
): Promise<MatchClause[]> {
  const clauses: MatchClause[] = [];
  for (const { parts } of words) {
    const last = parts[parts.length - 1] ?? "";
    // One letter or digit as a prefix would reach half the index; it only counts as itself.
    const main = { parts, prefix: last.length >= 2 };
    const spellings = [main, ...umlautSpelling(main)];
    const single = parts[0];
    if (parts.length !== 1 || single === undefined || /\p{N}/u.test(single) || single.length < 4) {
      clauses.push(spellings);
      continue;
    }
    const alternatives = alternativeTerms(await terms(), single).filter((term) => !spellings.some((s) => s.parts[0] === term));
    clauses.push([...spellings, ...alternatives.map((term) => ({ parts: [term], prefix: false }))]);
  }
  return clauses;
}

/**
 * The indexed columns in index order; column 0 (the part number) is stored but not searched. The
 * codes column holds the part number, the same without separators, and the EANs.
 */
export const SEARCH_COLUMNS = [
  "partno",
  "codes",
  "title_de",
  "title_en",
  "prodcatname_de",
  "prodcatname_en",
  "category_de",
  "category_en",
  "description_de",
  "description_en",
] as const;

/**
 * bm25 weights per column of SEARCH_COLUMNS: numbers and titles beat descriptions, and the
 * visitor's language beats the other.
 */
export function columnWeights(lang: Lang): number[] {
  const pair = (mine: number, other: number) => (lang === "de" ? [mine, other] : [other, mine]);
  return [0, 10, ...pair(8, 5), ...pair(5, 3), ...pair(3, 2), ...pair(1.5, 1)];
}

/** The codes column's text: the part number as written and without hyphens, spaces or slashes, then the EANs. */
export function codesText(partno: string, eans: readonly string[]): string {
  return [partno, partno.replace(/[- /]/g, ""), ...eans].join(" ");
}

/**
 * The terms of a column's text, as FTS5's unicode61 tokenizer (remove_diacritics 2) cuts them after
 * the index's ß folding: runs of letters, digits and private-use characters, folded.
 */
export function indexTerms(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((term) => term !== "");
}

/** A page of ranked matches: part numbers with their bm25 score (lower is better), and how many matched. */
export interface RankedPage {
  total: number;
  ranked: { partno: string; score: number }[];
}

/** A store's ranking: the articles matching every clause, by bm25 with these column weights, one page. */
export type RankArticles = (
  db: Kysely<Database>,
  clauses: readonly MatchClause[],
  weights: readonly number[],
  limit: number,
  offset: number,
) => Promise<RankedPage>;

/** Numbers, part numbers and EANs never stand in for a misspelt word, so the vocabulary leaves them out. */
export const isVocabularyTerm = (term: string) => !/\p{N}/u.test(term);

/**
 * What a store's index does for the search (search.server.ts picks one per database): FTS5 on SQLite
 * (search-fts5.server.ts), our own on PostgreSQL (search-postgres.server.ts).
 */
export interface SearchIndex {
  /** Brings the index up to date before a query; returns its generation when that meant reading it. */
  refresh(db: Kysely<Database>): Promise<number | undefined>;
  /** The generation: it moves on whenever the indexed terms change. */
  generation(db: Kysely<Database>): Promise<number>;
  /** Word terms (isVocabularyTerm) with the number of articles holding each, sorted by term. */
  vocabulary(db: Kysely<Database>): Promise<VocabularyTerm[]>;
  rank: RankArticles;
  /** Part numbers whose codes column holds `term` (a folded part number without separators, or an EAN). */
  partnosWithCode(db: Kysely<Database>, term: string): Promise<string[]>;
  /** Refills the index from the tables (after a bulk load, or for repair). */
  rebuild(db: Kysely<Database>): Promise<void>;
  /** Runs a bulk write in `trx` and brings the index up to date once, before the transaction commits. */
  withBulkWrite<T>(trx: Transaction<Database>, write: () => Promise<T>): Promise<T>;
}
