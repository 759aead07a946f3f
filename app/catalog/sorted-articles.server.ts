import type { Lang } from "~/i18n/language";
import { articleTitles } from "./article-view";
import type { CatalogArticle } from "./catalog-article";
import type { ListSort } from "./list-sort";

const collators: Record<Lang, Intl.Collator> = { de: new Intl.Collator("de", { numeric: true }), en: new Intl.Collator("en", { numeric: true }) };

/**
 * A category's articles in another order, remembered per list (the catalogue memo keeps one list
 * per data version, so a sorted copy goes with it): 20,000 articles are sorted once, not per request.
 * Prices: equal ones keep the catalogue's order, articles without a price come last in both orders.
 * Names: by the title the page shows, in its language (numbers as numbers: "M5" before "M10").
 */
const memo = new WeakMap<readonly CatalogArticle[], Map<string, CatalogArticle[]>>();

export function sortedArticles(articles: readonly CatalogArticle[], sort: ListSort | null, lang: Lang): readonly CatalogArticle[] {
  if (sort === null) return articles;
  const key = sort === "name" ? `name-${lang}` : sort;
  let sorted = memo.get(articles);
  if (!sorted) memo.set(articles, (sorted = new Map()));
  const known = sorted.get(key);
  if (known) return known;
  const list = [...articles];
  if (sort === "name") {
    const titles = new Map(list.map((a) => [a, articleTitles(a.titles)[lang].text]));
    list.sort((a, b) => collators[lang].compare(titles.get(a) ?? "", titles.get(b) ?? ""));
  } else {
    const direction = sort === "price-asc" ? 1 : -1;
    list.sort((a, b) => (a.price === null ? (b.price === null ? 0 : 1) : b.price === null ? -1 : direction * (a.price - b.price)));
  }
  sorted.set(key, list);
  return list;
}
