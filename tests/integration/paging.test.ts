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

/** An article with a description, properties and several pictures: every view of its panel differs. */
async function fullArticle(): Promise<{ path: string; attribute: string; images: string[] }> {
  const row = await server.db
    .selectFrom("articles as a")
    .innerJoin("categories as c", "c.id", "a.category_id")
    .innerJoin("article_properties as p", "p.partno", "a.partno")
    .select(["a.partno", "c.name_de", "p.attribute_de"])
    .where("a.description_de", "is not", null)
    .where("a.description_de", "!=", "")
    .where((eb) =>
      eb(eb.selectFrom("article_media as m").select(eb.fn.countAll().as("n")).whereRef("m.partno", "=", "a.partno").where("m.type", "=", "Bild"), ">=", 3),
    )
    .orderBy("a.partno")
    .orderBy("p.kind")
    .orderBy("p.position")
    .executeTakeFirstOrThrow();
  const media = await server.db.selectFrom("article_media").select("imagename").where("partno", "=", row.partno).where("type", "=", "Bild").orderBy("position").execute();
  return {
    path: `/products/articles/${encodeURIComponent(row.name_de.replace(/ /g, "-"))}/${encodeURIComponent(row.partno)}`,
    attribute: row.attribute_de,
    images: media.map((m) => m.imagename),
  };
}

/** The panel's main picture: the one marked as the page's priority image. */
const mainImage = (html: string) => /<img[^>]*class="panel__image"[^>]*>/.exec(html)?.[0] ?? "";
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("article panel views (issue 25)", () => {
  it("renders the properties and each picture from the address, so they work without JavaScript", async () => {
    const { path, attribute, images } = await fullArticle();
    const first = await (await get(path)).text();
    expect(first).not.toContain(`<th scope="row">${escapeHtml(attribute)}</th>`);
    expect(first).toContain(`href="${path}?view=properties"`);
    expect(first).toContain(`href="${path}?image=2"`);

    const properties = await get(`${path}?view=properties`);
    expect(properties.status).toBe(200);
    expect(await properties.text()).toContain(`<th scope="row">${escapeHtml(attribute)}</th>`);

    const second = await get(`${path}?image=2&page=1`);
    expect(second.status).toBe(200);
    expect(mainImage(await second.text())).toContain(images[1]);
    expect(mainImage(first)).toContain(images[0]);
  });

  it("sends any value the panel does not link to its canonical address", async () => {
    const { path, images } = await fullArticle();
    for (const [query, canonical] of [
      ["view=description", ""],
      ["view=props&lang=en", "?lang=en"],
      ["image=1", ""],
      ["image=0", ""],
      ["image=02&view=properties", "?view=properties"],
      [`image=${images.length + 1}`, ""],
      ["image=99999999999999999999", ""],
      ["image=2&image=3", ""],
      ["view=properties&view=properties", ""],
    ] as const) {
      const response = await get(`${path}?${query}`);
      expect(response.status, query).toBe(302);
      expect(response.headers.get("location"), query).toBe(`${path}${canonical}`);
    }
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

describe("sorted lists (issue 39)", () => {
  const euros = (html: string) => [...html.matchAll(/(\d+(?:\.\d{3})*,\d\d)\u00a0€/g)].map((m) => Number((m[1] ?? "").replace(/\./g, "").replace(",", ".")));

  it("sorts by price either way across pages, keeps the order in the paging links, and is neither indexed nor canonical", async () => {
    const { category } = await pagedCategory();
    const path = listPath(category);
    const first = await (await get(`${path}?sort=price-asc`)).text();
    const prices = euros(first.slice(first.indexOf('id="articles"')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(first).toContain('<meta name="robots" content="noindex, follow"');
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(first)?.[1] ?? "";
    expect(new URL(canonical).pathname + new URL(canonical).search).toBe(path);
    expect(first).toContain(`href="${path}?sort=price-asc&amp;page=2#articles"`);
    const second = await (await get(`${path}?sort=price-asc&page=2`)).text();
    expect(Math.min(...euros(second.slice(second.indexOf('id="articles"'))))).toBeGreaterThanOrEqual(Math.max(...prices));
    const down = euros(await (await get(`${path}?sort=price-desc`)).text());
    expect(down).toEqual([...down].sort((a, b) => b - a));
    // The catalogue's order stays indexable.
    expect(await (await get(path)).text()).not.toContain("noindex");
  });

  it("drops an order no list knows with a 302 to the list, never an error", async () => {
    const { category } = await pagedCategory();
    const path = listPath(category);
    for (const asked of ["cheapest", "price-asc'--", "%00", "price-asc&sort=name"]) {
      const response = await get(`${path}?sort=${asked}&page=2&lang=en`);
      if (asked.includes("&sort=")) {
        expect(response.status, asked).toBe(200);
        continue;
      }
      expect(response.status, asked).toBe(302);
      expect(response.headers.get("location"), asked).toBe(`${path}?lang=en`);
    }
  });
});
