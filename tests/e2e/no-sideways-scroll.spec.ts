import { expect, test, type Page } from "@playwright/test";
import { sitePaths, withLang } from "../quality/site-pages";
import { catalogue, urlName } from "./helpers";

/**
 * Issue 12: long German words ("Gepäckträgertaschen", "Datenschutzerklärung") made phone pages
 * wider than the screen. Every route, in both languages, at the narrowest common phone widths: the
 * page must not scroll sideways, and no visible text may run past the right edge (text clipped by
 * an `overflow: hidden` box, or in a dialog that scrolls by itself, does not widen the page, but the
 * visitor still loses it). No box of the site scrolls sideways on purpose.
 */
const WIDTHS = [320, 360, 390];

const longestWord = (text: string) => Math.max(0, ...text.split(/[\s/-]+/).map((word) => word.length));

/**
 * The site's routes, plus the catalogue pages with the longest words (a page per category would
 * make this test slow): the article list and the category page whose name has the longest word in
 * either language, the category page whose tiles do, and the article list whose cards do.
 */
async function allPaths(baseURL: string, request: Parameters<typeof catalogue>[0]): Promise<string[]> {
  const { categories, leaves, isLeaf, articlesOf } = await catalogue(request);
  const names = (c: (typeof categories)[number]) => [c.bbf_cat_name, c.translations.german.NAME, c.translations.english.NAME].join(" ");
  const widest = <T,>(items: T[], words: (item: T) => number) => items.reduce((a, b) => (words(b) > words(a) ? b : a));
  const href = (c: (typeof categories)[number]) =>
    `/products/${isLeaf(c) ? "articles/" : ""}${encodeURIComponent(urlName(c.bbf_cat_name))}`;
  const parents = categories.filter((c) => c.bbf_cat_parent_category !== null && !isLeaf(c));
  const childrenOf = (c: (typeof categories)[number]) => categories.filter((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER);
  const titles = new Map(
    await Promise.all(
      leaves.map(async (leaf) => {
        const articles = await articlesOf(leaf);
        const text = articles.map((a) => `${a.descriptions.default.TEXT1} ${a.descriptions.english?.TEXT1 ?? ""}`).join(" ");
        return [leaf, longestWord(text)] as const;
      }),
    ),
  );
  return [
    ...new Set([
      ...(await sitePaths(baseURL)),
      href(widest(leaves, (c) => longestWord(names(c)))),
      href(widest(parents, (c) => longestWord(names(c)))),
      href(widest(parents, (c) => longestWord(childrenOf(c).map(names).join(" ")))),
      href(widest(leaves, (c) => titles.get(c) ?? 0)),
    ]),
  ];
}

/** What sticks out past the right edge: the page's own width, and visible text beyond the viewport. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const hidden = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.matches(".visually-hidden, [aria-hidden='true'], [inert]")) return true;
        const style = getComputedStyle(e);
        if (style.visibility === "hidden" || style.display === "none") return true;
      }
      return false;
    };
    const clipped: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5 && !hidden(node.parentElement)) {
        clipped.push(`"${node.textContent.trim().slice(0, 40)}" ends at ${Math.round(box.right)} px`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, clipped };
  });
}

/*
 * Each page is loaded once per language at the narrowest width, then widened in place: a phone
 * turned or a window resized lays the page out again without a reload. Loading every page afresh at
 * each width took three times the page loads and was the slowest browser test (issue 36).
 */
for (const lang of ["de", "en"] as const) {
  test(`no page scrolls sideways or cuts off text at ${WIDTHS.join(", ")} px (${lang})`, { tag: "@phone" }, async ({ page, request, baseURL, isMobile }) => {
    test.skip(!isMobile, "phone widths; the desktop layout has its own tests");
    test.setTimeout(120_000);
    const problems: string[] = [];
    for (const path of await allPaths(baseURL!, request)) {
      const url = withLang(path, lang);
      await page.setViewportSize({ width: WIDTHS[0]!, height: 740 });
      await page.goto(url);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        // Resize handlers and observers run before the next frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const { scrollWidth, clipped } = await overflow(page);
        if (scrollWidth > width) problems.push(`${url} at ${width} px: page is ${scrollWidth} px wide`);
        for (const text of clipped) problems.push(`${url} at ${width} px: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("without JavaScript no page scrolls sideways at 320 px either", { tag: "@phone" }, async ({ browser, baseURL, isMobile }) => {
  test.skip(!isMobile, "phone widths");
  test.setTimeout(120_000);
  // Without JavaScript the header shows the plain navigation (root.tsx) instead of the hamburger.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 740 }, isMobile: true });
  const page = await context.newPage();
  const problems: string[] = [];
  for (const path of await sitePaths(baseURL!)) {
    for (const lang of ["de", "en"] as const) {
      const url = withLang(path, lang);
      await page.goto(url);
      const { scrollWidth, clipped } = await overflow(page);
      if (scrollWidth > 320) problems.push(`${url}: page is ${scrollWidth} px wide`);
      for (const text of clipped) problems.push(`${url}: ${text}`);
    }
  }
  await context.close();
  expect(problems).toEqual([]);
});

/**
 * Where the browser has a hyphenation dictionary (Chrome on Android and macOS, Safari, Firefox; the
 * test machine's Chromium has none) long words break at a syllable with a hyphen, by the rules of the
 * text's own language: German legal texts on English pages are marked German.
 */
test("headings and titles hyphenate by the language of their text", { tag: "@phone" }, async ({ page, request, isMobile }) => {
  test.skip(!isMobile, "one run is enough");
  const { leaves } = await catalogue(request);
  const list = `/products/articles/${encodeURIComponent(urlName(leaves[0]!.bbf_cat_name))}`;
  const cases = [
    { url: `${list}?lang=de`, selector: ".article-card__title", lang: "de" },
    { url: `${list}?lang=en`, selector: ".article-card__title", lang: "en" },
    { url: "/hinweise?lang=de", selector: ".document-link__name", lang: "de" },
    { url: "/datenschutz?lang=en", selector: "main h1", lang: "de" },
    { url: "/impressum?lang=en", selector: "main h2", lang: "de" },
  ];
  for (const { url, selector, lang } of cases) {
    await page.goto(url);
    const found = await page.locator(selector).first().evaluate((element) => ({
      hyphens: getComputedStyle(element).hyphens,
      lang: element.closest("[lang]")?.getAttribute("lang"),
    }));
    expect(found, `${selector} on ${url}`).toEqual({ hyphens: "auto", lang });
  }
});
