import type { Dealer } from "~/dealers/dealer/dealer";
import type { CatalogArticleList } from "./catalog-article";
import type { Category } from "./category";
import type { CatalogSource } from "./catalog-source.server";

/** Freezes what is shared between requests, so a caller that sorts or edits in place fails loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Keeps what our own database answers until its data version changes (a re-seed or import). The
 * catalogue is read on every page and changes a few times a year, so rendering a page should not
 * mean reading and reshaping the same rows again. Article lists are bounded in number; a list is
 * as large as its category.
 */
export function memoizeByVersion<K extends keyof CatalogSource>(
  source: Pick<CatalogSource, K>,
  version: () => Promise<string>,
  maxLists = 500,
): Pick<CatalogSource, K> {
  // Only the methods the source has (the local half of a mixed local/remote setup).
  const all = source as Partial<CatalogSource>;
  let seen: string | null = null;
  let categories: Promise<Category[]> | undefined;
  let dealers: Promise<Dealer[]> | undefined;
  const lists = new Map<number, Promise<CatalogArticleList | null>>();

  const current = async () => {
    const now = await version();
    if (now !== seen) {
      seen = now;
      categories = undefined;
      dealers = undefined;
      lists.clear();
    }
  };
  // A failed read is not kept: the next request asks the database again.
  const keep = <T>(promise: Promise<T>, forget: () => void): Promise<T> => {
    promise.then(deepFreeze, forget);
    return promise;
  };

  const memo: Partial<CatalogSource> = {};
  const { categories: readCategories, dealers: readDealers, articleList: readList } = all;
  if (readCategories) {
    memo.categories = async () => {
      await current();
      return (categories ??= keep(readCategories(), () => (categories = undefined)));
    };
  }
  if (readDealers) {
    memo.dealers = async () => {
      await current();
      return (dealers ??= keep(readDealers(), () => (dealers = undefined)));
    };
  }
  if (readList) {
    memo.articleList = async (id) => {
      await current();
      let list = lists.get(id);
      if (list) {
        lists.delete(id);
      } else {
        list = keep(readList(id), () => lists.delete(id));
        if (lists.size >= maxLists) lists.delete(lists.keys().next().value as number);
      }
      lists.set(id, list);
      return list;
    };
  }
  return memo as Pick<CatalogSource, K>;
}
