import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fingerprint, importCli } from "../support/import-cli";
import { type Lang, REAL_FILES } from "../support/bmecat-real-expectations";
import { copyTemplateDataDir, startTestServer, type TestServer } from "../support/test-server";

/*
 * BMEcat files that others wrote (vendor exports, test files of BMEcat libraries in Go, PHP, Java
 * and C#), imported with the real command into a fresh site, then looked at as a visitor would:
 * search by part number, the article page, the category pages, the menu. Where each file comes
 * from, and its licence: tests/fixtures/bmecat-real/SOURCES.md. The expectations say what a
 * visitor should see (issue 26), read from the files by hand, not what the import does today.
 *
 * Failing on main at 40da6b5 (before issue 26's work), each for the reason the import gives:
 * every file below. None imports (exit 1, nothing changed), so every "imports …", "holds …",
 * "finds …", "walks …" and delta test fails; the menu-link and page-size tests pass there only
 * because the demo catalogue is still in place. The first errors per file, as the import gives them:
 *   no CATALOG_GROUP_SYSTEM ("the site needs categories"): conceptoffice, naugrimm, sap,
 *     weidmueller (both); EAN-8 87126709 "not a valid GTIN/EAN-13": herrenmode; a wrong check
 *     digit stops the file: olivere (new catalogues, update-products), contorion; missing pictures
 *     are errors: fischer price-validity, kstools (1,213 errors); a group without a name is an
 *     error: fischer udx-726; T_UPDATE_PRICES "no title": olivere update-prices; mode="delete"
 *     read as a product without title: olivere update-products.
 *   "refuses a catalogue without products" passes on main (a guard that must stay).
 *
 * Checked on a merge of i26-reader and i26-trees into this branch (13:40 UTC; pictures, slugs,
 * delta and shape did not merge without conflicts): the Weidmüller files pass; every other file
 * still stops at its pictures (missing ones, or web addresses), which is i26-pictures' part. With
 * stand-in pictures (--media, not committed) herrenmode, fischer price-validity and contorion pass
 * everything; conceptoffice (ISO-8859-1) does not: its category is linked as "Artikelliste-f\uFFFDr-BMECAT"
 * (a replacement character where the file has ü) and the article opened by the search 404s.
 */

type ImportCliResult = Awaited<ReturnType<typeof importCli>>;

// The files name pictures on internet hosts (example.com, a vendor's server, made-up ones): the
// import commands this file starts resolve no host but loopback, so the test is the same with or
// without a network, and a download that fails is the import's warning to give.
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, `--import=${pathToFileURL(path.resolve(import.meta.dirname, "..", "support", "offline-dns.mjs")).href}`].filter(Boolean).join(" ");

const FIXTURES = path.resolve(import.meta.dirname, "..", "fixtures", "bmecat-real");
/** Issue 26: with 1,660 categories an article page and /products are each at most 100 KB of HTML. */
const PAGE_BUDGET_BYTES = 100 * 1024;

// ---------------------------------------------------------------------------------------------
// The visitor's view of a page: React writes text with these five escapes and nothing else.

const REACT_ESCAPES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": "\u00a0" };

/** The text a visitor reads in an HTML fragment: tags, scripts and styles removed, React's escapes undone. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => REACT_ESCAPES[entity] ?? entity)
    .replace(/[ \t\r\n]+/g, " ")
    .replaceAll("\u00AD", "");
}

/** An entity a visitor would read as such ("&sup2;", "&#178;"): the import left it undecoded. */
const UNDECODED_ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]{1,31});/i;

/** The page's <main> (the header's menu and the footer left out). */
function mainOf(html: string): string {
  const start = html.indexOf('<main id="main"');
  const end = html.lastIndexOf("</main>");
  return start === -1 || end === -1 ? "" : html.slice(start, end);
}

/** The inner HTML of the first element with this class (elements of that name nested in it are not expected). */
function elementByClass(html: string, className: string): string | null {
  const match = new RegExp(`<([a-z0-9]+)[^>]*\\bclass="(?:[^"]*\\s)?${className}(?:\\s[^"]*)?"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match ? (match[2] ?? "") : null;
}

function attribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => REACT_ESCAPES[entity] ?? entity);
}

/** Links of a fragment: visible text, href and the article card's part number. */
function linksIn(html: string): { text: string; href: string; partno?: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].flatMap((m) => {
    const attributes = m[1] ?? "";
    const href = /\bhref="([^"]*)"/.exec(attributes)?.[1];
    const partno = /\bdata-partno="([^"]*)"/.exec(attributes)?.[1];
    return href === undefined ? [] : [{ text: visibleText(m[2] ?? "").trim(), href: attribute(href), partno: partno === undefined ? undefined : attribute(partno) }];
  });
}

/** The rows of the properties table: name and value as a visitor reads them. */
function propertyRows(html: string): { name: string; value: string }[] {
  const table = elementByClass(html, "properties") ?? "";
  return [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...(row[1] ?? "").matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((c) => visibleText(c[2] ?? "").trim());
    return { name: cells[0] ?? "", value: cells[1] ?? "" };
  });
}

interface Page {
  status: number;
  url: string;
  html: string;
}

async function get(site: TestServer, pathOrUrl: string): Promise<Page> {
  const response = await fetch(new URL(pathOrUrl, site.url));
  return { status: response.status, url: response.url, html: await response.text() };
}

function withLang(href: string, lang: Lang): string {
  const url = new URL(href, "http://x");
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}`;
}

/** What a visitor does with a part number: types it into the search, which opens the article. */
async function searchPartno(site: TestServer, partno: string, lang: Lang): Promise<Page> {
  return get(site, `/search?${new URLSearchParams({ q: partno, lang }).toString()}`);
}

/** The article page of `lang`, with its properties view where the page links one. */
async function articlePages(site: TestServer, partno: string, lang: Lang): Promise<Page[]> {
  const page = await searchPartno(site, partno, lang);
  const properties = linksIn(mainOf(page.html)).find((l) => /[?&]view=properties\b/.test(l.href));
  return properties ? [page, await get(site, properties.href)] : [page];
}

/**
 * From /products, follows the links of the page's main part whose text is the next name of `names`
 * (a name the page does not link may be skipped: a menu can leave a level out), to the last name.
 */
async function walkCategories(site: TestServer, names: string[], lang: Lang): Promise<{ page: Page; trail: string[] }> {
  let page = await get(site, `/products?lang=${lang}`);
  const trail = [page.url];
  let next = 0;
  while (next < names.length) {
    const links = linksIn(mainOf(page.html));
    let step = -1;
    for (let i = names.length - 1; i >= next && step === -1; i--) if (links.some((l) => l.text === names[i])) step = i;
    if (step === -1) throw new Error(`No link named ${JSON.stringify(names[next])} on ${page.url} (walked ${trail.join(" → ")})`);
    const link = links.find((l) => l.text === names[step]);
    page = await get(site, withLang(link?.href ?? "", lang));
    trail.push(page.url);
    if (page.status !== 200) throw new Error(`${page.url} answered ${page.status} (walked ${trail.join(" → ")})`);
    next = step + 1;
  }
  return { page, trail };
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

/** Fetches every category link of the header menu and the main part of `/` and `/products`; returns those that do not end in a page. */
async function brokenMenuLinks(site: TestServer): Promise<string[]> {
  const hrefs = new Set<string>();
  // Addresses are the same in both languages: the German pages name them all.
  for (const start of ["/?lang=de", "/products?lang=de"]) {
    const { html } = await get(site, start);
    const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    for (const link of linksIn(header + mainOf(html))) if (link.href.startsWith("/products")) hrefs.add(link.href);
  }
  const broken: string[] = [];
  const queue = [...hrefs];
  const worker = async () => {
    for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
      const { status } = await get(site, href);
      if (status !== 200) broken.push(`${status} ${href}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return broken;
}

function crashed(result: ImportCliResult): boolean {
  // A stack trace on stderr, or an exit code the command does not give: it threw instead of reporting.
  return ![0, 1].includes(result.code) || /^\s+at .+:\d+:\d+\)?$/m.test(result.stderr);
}

function problems(result: ImportCliResult): string {
  return JSON.stringify({ code: result.code, errors: result.summary?.errors.slice(0, 5), stderr: result.stderr.slice(-2000) });
}

/** A site as a brand has it before its first import (the demo data of the first start), then the file imported with the real command. */
async function importIntoFreshSite(files: string[]): Promise<{ site: TestServer; results: ImportCliResult[] }> {
  const dataDir = copyTemplateDataDir();
  const target = { dataDir, databaseUrl: "" };
  const results: ImportCliResult[] = [];
  for (const file of files) results.push(await importCli(target, ["catalogue", path.join(FIXTURES, file), "--json"]));
  return { site: await startTestServer({}, { dataDir }), results };
}

describe.each(REAL_FILES)("$file", (real) => {
  let site: TestServer;
  let result: ImportCliResult;

  beforeAll(async () => {
    const imported = await importIntoFreshSite([real.file]);
    site = imported.site;
    [result = { code: -1, summary: null, stderr: "" }] = imported.results;
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it("imports: reports instead of crashing, exit 0 with warnings allowed, applied", () => {
    expect(crashed(result), result.stderr).toBe(false);
    expect(result.code, problems(result)).toBe(0);
    expect(result.summary?.errors).toEqual([]);
    expect(result.summary?.applied).toBe(true);
    for (const warning of real.warnings ?? []) {
      expect(
        result.summary?.warnings.some((w) => warning.test(w.message)),
        JSON.stringify(result.summary?.warnings.slice(0, 10)),
      ).toBe(true);
    }
  });

  it(`holds the file's ${real.products} product(s) and nothing of the demo catalogue`, async () => {
    const { rows } = await sql<{ partno: string }>`select partno from articles order by partno`.execute(site.db);
    expect(rows.map((r) => r.partno).sort()).toEqual(real.articles.map((a) => a.partno).sort());
    expect(rows).toHaveLength(real.products);
  });

  it.each(real.articles)("finds $partno by part number; its page shows title, codes, a property, the price", async (article) => {
    for (const lang of ["de", "en"] as const) {
      const [page, ...more] = await articlePages(site, article.partno, lang);
      if (!page) throw new Error("no page");
      expect(page.status, page.url).toBe(200);
      expect(page.url, "the search opens the article").toMatch(/\/products\//);
      const main = mainOf(page.html);
      const codes = visibleText(elementByClass(main, "panel__codes") ?? "");
      expect(codes, page.url).toContain(article.partno);

      const title = article.title[lang];
      const name = elementByClass(main, "panel__name");
      if (title !== undefined) expect(visibleText(name ?? "").trim(), page.url).toBe(title);
      if (article.onlyIn && article.onlyIn !== lang) expect(name, `${page.url}: a ${article.onlyIn} text on a ${lang} page is marked`).toContain(`lang="${article.onlyIn}"`);

      const pages = [page, ...more];
      const text = pages.map((p) => visibleText(mainOf(p.html))).join("\n");
      for (const expected of article.texts?.[lang] ?? []) expect(text, page.url).toContain(expected);
      expect(text, `${page.url}: an HTML entity a visitor reads as such`).not.toMatch(UNDECODED_ENTITY);
      // HTML inside a description is shown as text, not as tags a visitor reads.
      expect(text, page.url).not.toMatch(/<\/?(ul|li|p|br|div|span)\b/i);

      if (article.ean) expect(codes, page.url).toContain(article.ean);
      if (article.invalidEan) expect(text, page.url).not.toContain(article.invalidEan);

      if (lang === "de") {
        const price = elementByClass(main, "panel__price");
        if (article.price === null) expect(price, `${page.url} shows a price`).toBeNull();
        else expect(visibleText(price ?? "").trim(), page.url).toBe(article.price);
      }

      if (article.feature && (article.feature.lang ?? "de") === lang) {
        const rows = pages.flatMap((p) => propertyRows(mainOf(p.html)));
        const row = rows.find((r) => r.name === article.feature?.name);
        expect(row, `${page.url}: properties ${JSON.stringify(rows.slice(0, 20))}`).toBeDefined();
        expect(row?.value).toContain(article.feature.value);
      }
    }
  });

  const withPaths = real.articles.filter((a) => a.paths);
  if (withPaths.length > 0) {
    it.each(withPaths)("walks the category menu to $partno; one canonical address from each of its groups", async (article) => {
      const canonicals = new Set<string | undefined>();
      const lists = new Set<string>();
      for (const names of article.paths ?? []) {
        const { page, trail } = await walkCategories(site, names, "de");
        lists.add(page.url);
        const card = linksIn(mainOf(page.html)).find((l) => l.partno === article.partno);
        expect(card, `${article.partno} is listed at the end of ${trail.join(" → ")}`).toBeDefined();
        const panel = await get(site, card?.href ?? "/");
        expect(panel.status, panel.url).toBe(200);
        canonicals.add(canonicalOf(panel.html));
      }
      // Groups with the same name in different branches are different pages.
      expect(lists.size).toBe(article.paths?.length);
      expect(canonicals.size, [...canonicals].join(", ")).toBe(1);
      expect([...canonicals][0]).toBeDefined();
    });
  }

  it("answers every category link of the menu and the product overview with a page (no 404)", async () => {
    expect(await brokenMenuLinks(site)).toEqual([]);
  }, 180_000);

  if (real.pageBudget) {
    it(`keeps /products and the article page within ${PAGE_BUDGET_BYTES / 1024} KB of HTML`, async () => {
      const overview = await get(site, "/products?lang=de");
      expect(Buffer.byteLength(overview.html)).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
      for (const article of real.articles) {
        const page = await searchPartno(site, article.partno, "de");
        expect(page.url).toMatch(/\/products\//);
        expect(Buffer.byteLength(page.html), page.url).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
      }
    });
  }
});

describe("delta files (T_UPDATE_PRODUCTS, T_UPDATE_PRICES) on the catalogue they update", () => {
  let site: TestServer;
  let base: ImportCliResult;
  let products: ImportCliResult;
  let prices: ImportCliResult;

  beforeAll(async () => {
    const imported = await importIntoFreshSite(["olivere-1.2-new-catalog.xml", "olivere-1.2-update-products.xml", "olivere-1.2-update-prices.xml"]);
    site = imported.site;
    const none = { code: -1, summary: null, stderr: "" };
    [base = none, products = none, prices = none] = imported.results;
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it("imports the full catalogue first", () => {
    expect(base.code, problems(base)).toBe(0);
  });

  it("applies T_UPDATE_PRODUCTS: 1000 updated, mode=delete of 2000 is no product", async () => {
    expect(crashed(products), products.stderr).toBe(false);
    expect(products.code, problems(products)).toBe(0);
    expect(products.summary?.errors).toEqual([]);
    const page = await searchPartno(site, "2000", "de");
    expect(page.html).not.toContain('data-partno="2000"');
    expect(visibleText(elementByClass(mainOf(page.html), "panel__codes") ?? "")).not.toContain("2000");
  });

  it("applies T_UPDATE_PRICES without asking for titles, and the article stays as it was", async () => {
    expect(crashed(prices), prices.stderr).toBe(false);
    expect(prices.code, problems(prices)).toBe(0);
    expect(prices.summary?.errors).toEqual([]);
    expect(prices.summary?.errors.some((e) => /title/i.test(e.message)) ?? false).toBe(false);
    const page = await searchPartno(site, "1000", "de");
    expect(page.status).toBe(200);
    expect(visibleText(elementByClass(mainOf(page.html), "panel__name") ?? "").trim()).toBe('Apple MacBook Pro 13"');
    const { rows } = await sql<{ n: number }>`select count(*) as n from articles`.execute(site.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe("a real file the site cannot be built from (naugrimm-2005.2-no-products.xml)", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer({}, { dataDir: copyTemplateDataDir() });
  });
  afterAll(async () => {
    await site?.close();
  });

  it("refuses a catalogue without products with exit 1, says why, and changes nothing", async () => {
    const before = await fingerprint(site.db);
    const result = await importCli(site, ["catalogue", path.join(FIXTURES, "naugrimm-2005.2-no-products.xml"), "--json"]);
    expect(crashed(result), result.stderr).toBe(false);
    expect(result.code).toBe(1);
    expect(result.summary?.applied).toBe(false);
    expect(result.summary?.errors.map((e) => e.message).join("\n")).toMatch(/no products/i);
    expect(await fingerprint(site.db)).toBe(before);
  });
});
