import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("pages read through a provider host", () => {
  it("render the same catalogue and dealers when pointed at another server's API", async () => {
    const remote = await startTestServer({ CATALOG_API_URL: server.url, RESELLER_API_URL: server.url });
    try {
      // The remote copy's own catalogue is emptied: what it shows must come over HTTP.
      await remote.db.deleteFrom("blocks").execute();
      await remote.db.deleteFrom("article_properties").execute();
      await remote.db.deleteFrom("article_media").execute();
      await remote.db.deleteFrom("article_eans").execute();
      await remote.db.deleteFrom("articles").execute();
      await remote.db.deleteFrom("categories").execute();
      await remote.db.deleteFrom("dealers").execute();
      for (const path of ["/products", "/products/articles/Lichtsets", "/handlersuche"]) {
        const [own, viaApi] = await Promise.all([
          fetch(`${server.url}${path}`).then((r) => r.text()),
          fetch(`${remote.url}${path}`).then((r) => r.text()),
        ]);
        const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1];
        expect(main(viaApi)).toBe(main(own));
      }
    } finally {
      await remote.close();
    }
  });
});

describe("failures", () => {
  it("shows the error screen with 500 and no stack trace when the database fails", async () => {
    const broken = await startTestServer();
    await sql`alter table categories rename to categories_gone`.execute(broken.db);
    await sql`alter table app_meta rename to app_meta_gone`.execute(broken.db);
    try {
      const response = await fetch(`${broken.url}/products`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Unexpected Application Error!");
      expect(html).not.toMatch(/\bat .+:\d+:\d+/);
      expect((await fetch(`${broken.url}/healthz`)).status).toBe(503);
    } finally {
      await broken.close();
    }
  });
});

describe("dealer locator pages", () => {
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const count = (html: string, text: string) => html.split(text).length - 1;

  it("a dealer without coordinates has no empty 'nearby' heading, in either language", async () => {
    const dealer = await server.db.selectFrom("dealers").select("slug").where("lat", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const de = await page(`/handlersuche/${encodeURIComponent(dealer.slug)}`);
    expect(de).not.toContain("Weitere Händler in der Nähe");
    expect(de).toMatch(/<h2 id="dealer-nearby-heading">Weitere Händler finden<\/h2>/);
    const en = await page(`/handlersuche/${encodeURIComponent(dealer.slug)}?lang=en`);
    expect(en).not.toContain("Other dealers nearby");
    expect(en).toMatch(/<h2 id="dealer-nearby-heading">Find other dealers<\/h2>/);
  });

  it("the place search takes exonyms and ae/oe/ue spellings on the pages of both languages", async () => {
    for (const [query, place] of [["Munich", "München"], ["Cologne", "Köln"], ["Vienna", "Wien"], ["Nuremberg", "Nürnberg"], ["Zuerich", "Zürich"], ["Koeln", "Köln"]]) {
      for (const lang of ["de", "en"]) {
        const html = await page(`/handlersuche?q=${encodeURIComponent(query!)}&lang=${lang}`);
        expect(html, `${query} (${lang})`).toContain(`${lang === "de" ? " um " : " of "}${place}`);
      }
    }
  });

  it("a search without results offers 'show all dealers' once, in either language", async () => {
    expect(count(await page("/handlersuche?q=Xqzwvvy"), "Alle Händler anzeigen")).toBe(1);
    expect(count(await page("/handlersuche?q=Xqzwvvy&lang=en"), "Show all dealers")).toBe(1);
    // With results the header keeps its link.
    expect(count(await page("/handlersuche?q=Kassel"), "Alle Händler anzeigen")).toBe(1);
  });
});
