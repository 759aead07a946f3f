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

  it("a dealer without coordinates stands on its postal code's centre: a map with the note, and its neighbours", async () => {
    const dealer = await server.db.selectFrom("dealers").select(["slug", "postal_code"]).where("lat", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const de = await page(`/handlersuche/${encodeURIComponent(dealer.slug)}`);
    expect(de).not.toContain("Für diesen Händler haben wir keine Kartenposition.");
    expect(de).toContain("Die Karte zeigt die Mitte des Postleitzahlgebiets.");
    expect(de).toContain("Weitere Händler in der Nähe");
    const en = await page(`/handlersuche/${encodeURIComponent(dealer.slug)}?lang=en`);
    expect(en).toContain("the map shows the centre of the postal-code area");
    // Its own postal code finds it, first, as an approximate position.
    const search = await page(`/handlersuche?q=${dealer.postal_code}&r=25`);
    const firstCard = search.slice(search.indexOf('class="dealer-grid"'));
    expect(firstCard.slice(0, 4000)).toContain(`/handlersuche/${dealer.slug}`);
    expect(search).toContain("Lage ungefähr (Postleitzahl)");
  });

  it("the place search takes exonyms and ae/oe/ue spellings on the pages of both languages", async () => {
    // An exonym is named as the visitor typed it ("within 50 km of Vienna", not "of Wien"); a folded spelling by the town's own.
    for (const [query, place] of [["Munich", "Munich"], ["cologne", "Cologne"], ["Vienna", "Vienna"], ["Nuremberg", "Nuremberg"], ["Zuerich", "Zürich"], ["Koeln", "Köln"]]) {
      for (const lang of ["de", "en"]) {
        const html = await page(`/handlersuche?q=${encodeURIComponent(query!)}&lang=${lang}`);
        expect(html, `${query} (${lang})`).toContain(`${lang === "de" ? " um " : " of "}${place}`);
      }
    }
  });

  it("a place search lists its radius only and offers name matches apart, matching words, not pieces of them", async () => {
    // Genf: "genf" inside "Klagenfurt" (631 km) is no match at all.
    const genf = await page("/handlersuche?q=Genf");
    expect(genf).not.toContain("Klagenfurt");
    // Hof: the dealers around Hof; "Hofmann" far away only under "with 'Hof' in their name", not counted.
    const hof = await page("/handlersuche?q=Hof");
    const summary = /role="status" aria-live="polite">([^<]*)</.exec(hof)?.[1] ?? "";
    expect(summary).toMatch(/^\d+ Händler im Umkreis von 50 km um Hof$/);
    const cards = hof.slice(hof.indexOf('class="dealer-grid"'), hof.indexOf("dealer-name-matches"));
    const distances = [...cards.matchAll(/([\d,]+) km entfernt/g)].map((m) => Number(m[1]!.replace(",", ".")));
    expect(distances.length).toBeGreaterThan(0);
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    expect(hof).toContain("Händler mit „Hof“ im Namen");
    expect(hof.slice(hof.indexOf("dealer-name-matches"))).toMatch(/Hofmann/);
    // Wien at 25 km: nobody beyond 25 km among the cards (Wiener Neustadt is 46 km away).
    const wien = await page("/handlersuche?q=Wien&r=25");
    const wienCards = wien.slice(wien.indexOf('class="dealer-grid"'));
    expect([...wienCards.matchAll(/([\d,]+) km entfernt/g)].every((m) => Number(m[1]!.replace(",", ".")) <= 25)).toBe(true);
  });

  it("takes places as people type them: code and town, a river after the town, St. for Sankt; never a person's name", async () => {
    for (const query of ["80331 München", "München 80331", "München, 80331"]) {
      expect(await page(`/handlersuche?q=${encodeURIComponent(query)}`), query).toContain("Händler im Umkreis von 50 km um D-80331 München");
    }
    for (const query of ["Halle (Saale)", "Halle Saale"]) {
      expect(await page(`/handlersuche?q=${encodeURIComponent(query)}`), query).toContain(`um ${query}`);
    }
    const gallen = await page("/handlersuche?q=Sankt%20Gallen");
    expect(gallen).toContain("um St. Gallen");
    expect(gallen).toContain("Meinten Sie Sankt Gallen (A-89");
    const english = await page("/handlersuche?q=Sankt%20Gallen&lang=en");
    expect(english).toContain("Did you mean Sankt Gallen (A-89");
    const code = await page("/handlersuche?q=12345");
    expect(code).toContain("um D-12345 Berlin");
    expect(code).not.toContain("Baade");
  });

  it("a search without results offers 'show all dealers' once, in either language", async () => {
    expect(count(await page("/handlersuche?q=Xqzwvvy"), "Alle Händler anzeigen")).toBe(1);
    expect(count(await page("/handlersuche?q=Xqzwvvy&lang=en"), "Show all dealers")).toBe(1);
    // With results the header keeps its link.
    expect(count(await page("/handlersuche?q=Kassel"), "Alle Händler anzeigen")).toBe(1);
  });
});
