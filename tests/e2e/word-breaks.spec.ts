import { expect, test, type Page } from "@playwright/test";
import { withLang } from "../quality/site-pages";
import { catalogue, urlName } from "./helpers";

/*
 * Issue 37, item 20: on a phone, long German names broke mid-word without a hyphen
 * ("GEPÄCKTRÄGERTASC|HEN", "Systemgepäcktr|äger"). Where a line breaks is the browser's layout of
 * the real fonts at 390 px, so only a browser can tell; a unit test sees the soft hyphens, not the
 * lines. Each heading, tile name and card title is measured character by character: wherever the
 * next character starts a new line inside a word, the one before must be a (soft) hyphen.
 */
const NAMES = "h1, h2, .tile__name, .article-card__title, .panel__name, .category-index a";

const longestWord = (text: string) => Math.max(0, ...text.split(/[\s/-]+/).map((word) => word.length));

/** The catalogue pages with the longest words in their names: banner, tiles, cards and a panel. */
async function pagesWithLongWords(request: Parameters<typeof catalogue>[0]): Promise<string[]> {
  const { categories, leaves, isLeaf, articlesOf } = await catalogue(request);
  type Category = (typeof categories)[number];
  const name = (c: Category) => c.translations.german.NAME || c.bbf_cat_name;
  const widest = <T,>(items: T[], words: (item: T) => number) => items.reduce((a, b) => (words(b) > words(a) ? b : a));
  const parents = categories.filter((c) => c.bbf_cat_parent_category !== null && !isLeaf(c));
  const childrenOf = (c: Category) => categories.filter((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER);
  const listOf = (c: Category) => `/products/articles/${encodeURIComponent(urlName(c.bbf_cat_name))}`;
  const withArticles = await Promise.all(leaves.map(async (leaf) => ({ leaf, articles: await articlesOf(leaf) })));
  const title = (a: (typeof withArticles)[number]["articles"][number]) => a.descriptions.default.TEXT1;
  const cards = widest(withArticles, ({ articles }) => Math.max(0, ...articles.map((a) => longestWord(title(a)))));
  const article = widest(cards.articles, (a) => longestWord(title(a)));
  return [
    "/products",
    listOf(widest(leaves, (c) => longestWord(name(c)))),
    `/products/${encodeURIComponent(urlName(widest(parents, (c) => longestWord(childrenOf(c).map(name).join(" "))).bbf_cat_name))}`,
    listOf(cards.leaf),
    `${listOf(cards.leaf)}/${encodeURIComponent(article.PARTNO)}`,
  ];
}

/** Words of the page's names that a line break cuts anywhere but at a hyphen. */
function cutWords(page: Page) {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    const range = document.createRange();
    const topOf = (node: Text, index: number) => {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      // The character after a soft-hyphen break has two boxes: the hyphen drawn at the line's end, then its own.
      const rects = range.getClientRects();
      const rect = rects[rects.length - 1];
      return rect && rect.width > 0 ? rect.top : null;
    };
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data;
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          if (/\s/.test(text[i]!)) {
            lastTop = null;
            continue;
          }
          const top = topOf(node, i);
          if (top === null) continue;
          if (lastTop !== null && top > lastTop + 2 && !/[\u00AD\-‐/]/.test(text[i - 1]!)) {
            const start = text.slice(0, i).search(/\S+$/);
            cut.push(`${text.slice(start, i)}|${text.slice(i).split(/\s/)[0]}`.replace(/\u00AD/g, ""));
          }
          lastTop = top;
        }
      }
    }
    return cut;
  }, NAMES);
}

test("no word of a heading or name is cut without a hyphen at 390 px", { tag: "@phone" }, async ({ page, request, isMobile }) => {
  test.skip(!isMobile, "a phone's width; desktop lines are wide enough");
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const lang of ["de", "en"] as const) {
    for (const path of await pagesWithLongWords(request)) {
      await page.goto(withLang(path, lang));
      for (const word of await cutWords(page)) found.push(`${withLang(path, lang)}: ${word}`);
    }
  }
  expect(found).toEqual([]);
});
