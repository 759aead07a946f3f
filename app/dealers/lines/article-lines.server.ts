import { articleHref } from "~/catalog/catalog-view";
import { cleanTitle } from "~/utils/article-rules";
import { categoryFromRow } from "~/catalog/category-from-row.server";
import type { DB } from "~/db/database.server";
import type { CategoryRow } from "~/db/schema";
import { type Both, type LocalizedText, bilingual } from "~/i18n/localized-text";
import { findArticleRow } from "~/models/article.server";
import { findCategoryById } from "~/models/category.server";

/** What "dealers for this article" needs to know about the article (`/handlersuche?article=…`). */
export interface ArticleLines {
  partno: string;
  title: Both<LocalizedText>;
  /** The article's own page. */
  href: string;
  /**
   * Every name a dealer's product lines may use for it: German and English names, our id, its symbol
   * and the brand's own key (BMEcat GROUP_ID) of its category and of each ancestor (a dealer listing
   * "Beleuchtung" carries the lamps of every subcategory).
   */
  lines: string[];
}

/** Deep enough for any real catalogue; a parent loop in hand-edited data must not hang the page. */
const MAX_DEPTH = 20;

function namesOf(category: CategoryRow): string[] {
  return [category.name_de, category.name_en, String(category.id), category.symbol, category.source_id ?? ""].filter((name) => name !== "");
}

/**
 * The article a part number names, with its category chain; null when there is none. Read from our
 * own database, which knows the brand's keys of the categories: the provider's JSON lacks them, and
 * finding one article there would mean fetching every category's list.
 */
export async function resolveArticleLines(db: DB, partno: string): Promise<ArticleLines | null> {
  const article = await findArticleRow(db, partno);
  if (!article) return null;
  const chain: CategoryRow[] = [];
  const seen = new Set<number>();
  let id: number | null = article.category_id;
  while (id !== null && !seen.has(id) && chain.length < MAX_DEPTH) {
    seen.add(id);
    const category = await findCategoryById(db, id);
    if (!category) break;
    chain.push(category);
    id = category.parent_id;
  }
  const own = chain[0];
  if (!own) return null;
  return {
    partno: article.partno,
    title: bilingual(cleanTitle(article.title_de), article.title_en === "" ? undefined : cleanTitle(article.title_en)),
    href: articleHref(categoryFromRow(own), article.partno),
    lines: [...new Set(chain.flatMap(namesOf))],
  };
}
