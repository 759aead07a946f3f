import type { DB } from "~/db/database.server";
import type { ArticleRow, PropertyKind } from "~/db/schema";

/**
 * An article with its child rows (EANs, media, properties). The child tables only exist as parts of
 * an article, so this module owns all four.
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
  const [eans, media, properties] = await Promise.all([
    db.selectFrom("article_eans").selectAll().where("partno", "in", partnos).orderBy("position").execute(),
    db.selectFrom("article_media").selectAll().where("partno", "in", partnos).orderBy("position").execute(),
    db
      .selectFrom("article_properties")
      .selectAll()
      .where("partno", "in", partnos)
      .orderBy("kind")
      .orderBy("position")
      .execute(),
  ]);
  const eansBy = groupBy(eans);
  const mediaBy = groupBy(media);
  const propsBy = groupBy(properties);
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
  }));
}

export async function listArticlesInCategory(db: DB, categoryId: number): Promise<ArticleRecord[]> {
  const rows = await db
    .selectFrom("articles")
    .selectAll()
    .where("category_id", "=", categoryId)
    .orderBy("position")
    .orderBy("partno")
    .execute();
  return withChildren(db, rows);
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

export async function countArticles(db: DB): Promise<number> {
  const row = await db.selectFrom("articles").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
