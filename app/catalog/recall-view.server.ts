import type { DB } from "~/db/database.server";
import type { RecallRow } from "~/db/schema";
import { bilingual } from "~/i18n/localized-text";
import { findArticleRow } from "~/models/article.server";
import { findRecall, listRecalls, listRecallsForArticle } from "~/models/recall.server";
import { toArticleCard } from "./article-view";
import type { CatalogSource } from "./catalog-source.server";
import { articleHref, asciiHref } from "./catalog-view";
import type { RecallDetail, RecalledArticle, RecallSummary } from "./recall-view";


function summaryOf(row: RecallRow): RecallSummary {
  return { id: row.id, published: row.published, partno: row.partno, title: bilingual(row.title_de, row.title_en) };
}

/** Every recall, newest first. */
export async function recallOverview(db: DB): Promise<RecallSummary[]> {
  return (await listRecalls(db)).map(summaryOf);
}

/** The recalls an article page announces, newest first. */
export async function recallNotices(db: DB, partno: string): Promise<RecallSummary[]> {
  return (await listRecallsForArticle(db, partno)).map(summaryOf);
}

/** One recall with its article, or null for an id that names none. */
export async function recallDetail(db: DB, catalog: CatalogSource, id: string): Promise<RecallDetail | null> {
  const row = await findRecall(db, id);
  if (!row) return null;
  return {
    ...summaryOf(row),
    gtin: row.gtin,
    batches: row.batches.split("\n").filter(Boolean),
    hazard: bilingual(row.hazard_de, row.hazard_en),
    remedy: bilingual(row.remedy_de, row.remedy_en),
    article: await recalledArticle(db, catalog, row.partno),
  };
}

/** The article through the catalogue the pages read (its picture, its canonical address). */
async function recalledArticle(db: DB, catalog: CatalogSource, partno: string): Promise<RecalledArticle | null> {
  const record = await findArticleRow(db, partno);
  if (!record) return null;
  const category = (await catalog.categories()).find((c) => c.id === record.category_id);
  if (!category) return null;
  const article = (await catalog.articleList(category.id))?.articles.find((a) => a.partno === partno);
  if (!article) return null;
  const card = toArticleCard(article);
  return { href: asciiHref(articleHref(category, partno)), name: card.title, image: card.image, eans: article.eans };
}
