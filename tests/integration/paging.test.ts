import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_PAGE_SIZE, pageCount } from "~/catalog/article-view";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * Addresses a visitor can type, keep as a bookmark or follow from an old link: a page past the end,
 * a page that is no number, a radius we do not offer, a category whose articles sit one level down.
 * None of them is an error screen (issue 12); each leads to what exists.
 */
type Category = { bbf_cat_ID_PUBLICGRPORDER: number; bbf_cat_name: string; bbf_cat_parent_category: number | null };

let server: TestServer;
let categories: Category[];
beforeAll(async () => {
  server = await startTestServer();
  categories = (await (await fetch(`${server.url}/catalog/list/categories/37`)).json()) as Category[];
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const listPath = (c: Category) => `/products/articles/${encodeURIComponent(c.bbf_cat_name.replace(/ /g, "-"))}`;
const articlesOf = async (c: Category) =>
  ((await (await fetch(`${server.url}/catalog/list/categories/articles/${c.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as { articles: { PARTNO: string }[] })
    .articles;

async function pagedCategory(): Promise<{ category: Category; partnos: string[] }> {
  for (const category of categories) {
    const partnos = (await articlesOf(category)).map((a) => a.PARTNO);
    if (partnos.length > ARTICLE_PAGE_SIZE) return { category, partnos };
  }
  throw new Error("the catalogue has no category with more than one page");
}

describe("article list pages", () => {
  it("sends a page past the end to the last page and a malformed page to the first", async () => {
    const { category, partnos } = await pagedCategory();
    const path = listPath(category);
    const last = pageCount(partnos.length);
    for (const [asked, location] of [
      ["99", `${path}?page=${last}&lang=en`],
      ["0", `${path}?lang=en`],
      ["abc", `${path}?lang=en`],
      ["-3", `${path}?lang=en`],
    ] as const) {
      const response = await get(`${path}?page=${asked}&lang=en`);
      expect(response.status, asked).toBe(302);
      expect(response.headers.get("location"), asked).toBe(location);
    }
    expect((await get(`${path}?page=${last}`)).status).toBe(200);
  });

  it("sends the list of a category whose articles sit in subcategories to the category page", async () => {
    const parent = categories.find((c) => c.bbf_cat_parent_category !== null && categories.some((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER));
    if (!parent) throw new Error("the catalogue has no category with subcategories");
    expect(await articlesOf(parent)).toHaveLength(0);
    const response = await get(`${listPath(parent)}?lang=en`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/products/${encodeURIComponent(parent.bbf_cat_name.replace(/ /g, "-"))}?lang=en`);
  });

  it("closes a deep link opened directly to the list page that holds the article", async () => {
    const { category, partnos } = await pagedCategory();
    const partno = partnos[partnos.length - 1] ?? "";
    const html = await (await get(`${listPath(category)}/${encodeURIComponent(partno)}`)).text();
    const close = /<a[^>]*class="panel__close"[^>]*>/.exec(html)?.[0] ?? /<a[^>]*href="([^"]*)"[^>]*class="panel__close"/.exec(html)?.[0] ?? "";
    expect(close).toContain(`href="${listPath(category)}?page=${pageCount(partnos.length)}"`);
  });
});

describe("dealer search parameters", () => {
  it.each([
    ["q=10115&r=33", "/handlersuche?q=10115"],
    ["r=abc&lang=en", "/handlersuche?lang=en"],
    ["lat=95&lng=0", "/handlersuche"],
    ["limit=0&q=Berlin", "/handlersuche?q=Berlin"],
  ])("repairs ?%s by a redirect to %s", async (query, location) => {
    const response = await get(`/handlersuche?${query}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });
});

describe("search result pages", () => {
  it("sends a page past the end to the last one and a malformed page to the first", async () => {
    const first = await get("/search?q=schwarz");
    expect(first.status).toBe(200);
    const pages = Number(/page=(\d+)#results"[^>]*>\d+<\/a>\s*<\/li>\s*<\/ul>/.exec(await first.text())?.[1] ?? 1);
    expect((await get("/search?q=schwarz&page=999")).headers.get("location")).toBe(`/search?q=schwarz&page=${pages}`);
    expect((await get("/search?q=schwarz&page=abc")).headers.get("location")).toBe("/search?q=schwarz");
    expect((await get("/search?q=schwarz&page=0")).status).toBe(302);
  });
});
