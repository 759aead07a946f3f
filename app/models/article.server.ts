import type { DB } from "~/db/database.server";
import type { ArticleDocumentRow, ArticleRow, PropertyKind, RelationKind } from "~/db/schema";

/**
 * An article with its child rows (EANs, media, properties, relations, documents). The child tables
 * only exist as parts of an article, so this module reads them all, one query per table for a whole
 * list (article-document.server.ts keeps the one-article query of its own table).
 */
export interface ArticleRecord extends ArticleRow {
  eans: string[];
  media: { type: string; imagename: string }[];
  properties: {
    kind: PropertyKind;
    attribute_de: string;
    value_de: string;
    attribute_en: string;
    value_en: string;
  }[];
  /** Accessories and spare parts, each with the category that lists it (for its link). */
  relations: { kind: RelationKind; target_partno: string; target_category_id: number }[];
  /** PDFs in the catalogue's order (migration 0011). */
  documents: Omit<ArticleDocumentRow, "partno" | "position">[];
}

/**
 * These articles, each beside the category that lists it, for the caller to select from: the
 * search's cards, its exact lookup and PostgreSQL's index read articles this way.
 */
export function articlesWithCategory(db: DB, partnos: readonly string[]) {
  return db.selectFrom("articles").innerJoin("categories", "categories.id", "articles.category_id").where("articles.partno", "in", partnos);
}

function groupBy<T extends { partno: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.partno);
    if (list) list.push(row);
    else map.set(row.partno, [row]);
  }
  return map;
}

async function withChildren(db: DB, articles: ArticleRow[]): Promise<ArticleRecord[]> {
  if (articles.length === 0) return [];
  const partnos = articles.map((a) => a.partno);
  const [eans, media, properties, relations, documents] = await Promise.all([
    db.selectFrom("article_eans").selectAll().where("partno", "in", partnos).orderBy("position").execute(),
    db.selectFrom("article_media").selectAll().where("partno", "in", partnos).orderBy("position").execute(),
    db
      .selectFrom("article_properties")
      .selectAll()
      .where("partno", "in", partnos)
      .orderBy("kind")
      .orderBy("position")
      .execute(),
    // Only relations whose target exists: an import checks them, a hand edit might not.
    db
      .selectFrom("article_relations as r")
      .innerJoin("articles as t", "t.partno", "r.target_partno")
      .select(["r.partno", "r.kind", "r.target_partno", "t.category_id as target_category_id"])
      .where("r.partno", "in", partnos)
      .orderBy("r.kind")
      .orderBy("r.position")
      .execute(),
    db.selectFrom("article_documents").selectAll().where("partno", "in", partnos).orderBy("position").execute(),
  ]);
  const eansBy = groupBy(eans);
  const mediaBy = groupBy(media);
  const propsBy = groupBy(properties);
  const relationsBy = groupBy(relations);
  const documentsBy = groupBy(documents);
  return articles.map((article) => ({
    ...article,
    eans: (eansBy.get(article.partno) ?? []).map((e) => e.ean),
    media: (mediaBy.get(article.partno) ?? []).map(({ type, imagename }) => ({ type, imagename })),
    properties: (propsBy.get(article.partno) ?? []).map(({ kind, attribute_de, value_de, attribute_en, value_en }) => ({
      kind,
      attribute_de,
      value_de,
      attribute_en,
      value_en,
    })),
    relations: (relationsBy.get(article.partno) ?? []).map(({ kind, target_partno, target_category_id }) => ({
      kind,
      target_partno,
      target_category_id,
    })),
    documents: (documentsBy.get(article.partno) ?? []).map(({ purpose, file_name, language, name_de, name_en, size_bytes }) => ({
      purpose,
      file_name,
      language,
      name_de,
      name_en,
      size_bytes,
    })),
  }));
}

/** The category's articles in order; `page` reads a slice, so a category of any size fits in memory (export). */
export async function listArticlesInCategory(db: DB, categoryId: number, page?: { offset: number; limit: number }): Promise<ArticleRecord[]> {
  let query = db.selectFrom("articles").selectAll().where("category_id", "=", categoryId).orderBy("position").orderBy("partno");
  if (page) query = query.limit(page.limit).offset(page.offset);
  return withChildren(db, await query.execute());
}

/**
 * What a category's page lists: its own articles, then those a catalogue puts in it as a further
 * group (article_categories, decision 040), each in its place; the article's address stays its own
 * category's (canonical).
 */
export async function listArticlesListedIn(db: DB, categoryId: number): Promise<ArticleRecord[]> {
  const [own, further] = await Promise.all([
    db.selectFrom("articles").selectAll().where("category_id", "=", categoryId).orderBy("position").orderBy("partno").execute(),
    db
      .selectFrom("article_categories as m")
      .innerJoin("articles", "articles.partno", "m.partno")
      .selectAll("articles")
      .select("m.position as listed_position")
      .where("m.category_id", "=", categoryId)
      .where("articles.category_id", "<>", categoryId)
      .orderBy("m.position")
      .orderBy("articles.partno")
      .execute(),
  ]);
  if (further.length === 0) return withChildren(db, own);
  const merged = [
    ...own.map((row) => ({ row, at: row.position })),
    ...further.map(({ listed_position, ...row }) => ({ row: row as ArticleRow, at: listed_position })),
  ].sort((a, b) => a.at - b.at || (a.row.partno < b.row.partno ? -1 : a.row.partno > b.row.partno ? 1 : 0));
  return withChildren(db, merged.map((m) => m.row));
}

/** Articles per category, for callers that must budget (the printed catalogue). */
export async function countArticlesByCategory(db: DB): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("articles")
    .select(["category_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("category_id")
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

export async function listBlocksInCategory(db: DB, categoryId: number): Promise<ArticleRecord[]> {
  const rows = await db
    .selectFrom("blocks")
    .innerJoin("articles", "articles.partno", "blocks.partno")
    .selectAll("articles")
    .where("blocks.category_id", "=", categoryId)
    .orderBy("blocks.position")
    .execute();
  return withChildren(db, rows);
}

/** Every featured block: which category shows which article at which place. */
export function listBlockPlacements(db: DB): Promise<{ category_id: number; partno: string; position: number }[]> {
  return db.selectFrom("blocks").select(["category_id", "partno", "position"]).orderBy("category_id").orderBy("position").execute();
}

export async function countArticles(db: DB): Promise<number> {
  const row = await db.selectFrom("articles").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One article's own row (no child rows), by its exact part number. */
export function findArticleRow(db: DB, partno: string): Promise<ArticleRow | undefined> {
  return db.selectFrom("articles").selectAll().where("partno", "=", partno).executeTakeFirst();
}

/** Every part number with its EANs: what the recall import checks a recall list against. */
export async function listPartnosWithEans(db: DB): Promise<Map<string, string[]>> {
  const [articles, eans] = await Promise.all([
    db.selectFrom("articles").select("partno").execute(),
    db.selectFrom("article_eans").select(["partno", "ean"]).orderBy("partno").orderBy("position").execute(),
  ]);
  const map = new Map<string, string[]>(articles.map((a) => [a.partno, []]));
  for (const { partno, ean } of eans) map.get(partno)?.push(ean);
  return map;
}

/**
 * The article that carries a GTIN, given every form the GTIN may be stored in (storedGtinForms in
 * app/utils/ean.ts): one `in (…)` on the indexed column. Two articles with one GTIN are a data
 * error; the first part number wins, so the answer does not change from one request to the next.
 */
export function findArticleByGtin(db: DB, forms: readonly string[]): Promise<ArticleRow | undefined> {
  return db
    .selectFrom("article_eans")
    .innerJoin("articles", "articles.partno", "article_eans.partno")
    .selectAll("articles")
    .where("article_eans.ean", "in", [...forms])
    .orderBy("articles.partno")
    .executeTakeFirst();
}

/** Which of these part numbers the catalogue has (the stock import and push resolve rows with it). */
export async function existingPartnos(db: DB, partnos: readonly string[] | "all"): Promise<Set<string>> {
  if (partnos === "all") return new Set((await db.selectFrom("articles").select("partno").execute()).map((row) => row.partno));
  const found = new Set<string>();
  const unique = [...new Set(partnos)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom("articles").select("partno").where("partno", "in", unique.slice(i, i + 500)).execute();
    for (const row of rows) found.add(row.partno);
  }
  return found;
}
