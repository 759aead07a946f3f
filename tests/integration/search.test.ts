import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";

let server: TestServer;
let sample: { partno: string; category: string; ean: string };

beforeAll(async () => {
  server = await startTestServer();
  const row = await server.db
    .selectFrom("articles")
    .innerJoin("categories", "categories.id", "articles.category_id")
    .innerJoin("article_eans", "article_eans.partno", "articles.partno")
    .select(["articles.partno", "categories.name_de", "article_eans.ean"])
    .where("categories.name_de", "like", "%ä%")
    .orderBy("articles.partno")
    .executeTakeFirstOrThrow();
  sample = { partno: row.partno, category: row.name_de, ean: row.ean };
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const search = (q: string, extra = "") => get(`/search?q=${encodeURIComponent(q)}${extra}`);
const deepLink = () => encodeURI(`/products/articles/${sample.category.replace(/\s+/g, "-")}/${sample.partno}`);

describe("GET /search", () => {
  it("shows just the form without a query", async () => {
    const response = await get("/search");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Produktsuche<\/h1>/);
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"|<form[^>]*action="\/search"[^>]*role="search"/);
    expect(html).not.toContain(`class="article-card"`);
  });

  it("lists matching articles as cards linking to their deep links, not indexed", async () => {
    const response = await search("Klingel");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/\d+ Treffer für „Klingel“/);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain(`class="article-card"`);
    expect(html).toMatch(/href="\/products\/articles\/[^"/]+\/VB-\d+"/);
    expect(html).toMatch(/€\*/);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it("answers in English", async () => {
    const html = await (await search("bell", "&lang=en")).text();
    expect(html).toMatch(/<h1[^>]*>Product search<\/h1>/);
    expect(html).toMatch(/\d+ results? for “bell”/);
    expect(html).toContain(`class="article-card"`);
  });

  it("pages with ?q= links", async () => {
    const html = await (await search("schwarz")).text();
    expect(html).toContain('href="/search?q=schwarz&amp;page=2#results"');
    expect((await search("schwarz", "&page=2")).status).toBe(200);
  });

  it("says so when nothing matches and points to the products", async () => {
    const response = await search("xqzvwk");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("0 Treffer");
    expect(html).toContain('href="/products"');
  });

  it("opens the article for an exact part number", async () => {
    for (const q of [sample.partno, sample.partno.toLowerCase().replace("-", "")]) {
      const response = await search(q);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(deepLink());
    }
    const target = await get(deepLink());
    expect(target.status).toBe(200);
  });

  it("opens the article for an exact EAN", async () => {
    const response = await search(`${sample.ean.slice(0, 4)} ${sample.ean.slice(4)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(deepLink());
  });

  it("never fails on hostile input", async () => {
    for (const q of ['"', "*", "AND", "(", "NEAR(", "'; drop table articles; --", "😀 中文 \u200b", "x".repeat(10_000), "<script>alert(1)</script>"]) {
      const response = await search(q);
      expect(response.status, q.slice(0, 20)).toBe(200);
      expect(await response.text()).not.toContain("<script>alert(1)");
    }
  });
});
