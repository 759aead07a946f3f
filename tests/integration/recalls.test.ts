import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importCli } from "../support/import-cli";
import { type TestServer, startTestServer } from "../support/test-server";
import { expectAllIn } from "../support/expect-text";

const root = path.resolve(import.meta.dirname, "..", "..");
const fixture = (name: string) => path.join(root, "tests", "fixtures", "recalls", name);

/** The demo's recalls (seed 1962, app/seed/demo-recalls.ts). */
const LIGHT = "/rueckrufe/2026-11-02-vb-63177";
const GRIPS = "/rueckrufe/2026-09-18-vb-15958";

describe("recall notices", () => {
  let server: TestServer;
  const get = (target: string) => fetch(`${server.url}${target}`, { redirect: "manual" });
  const page = async (target: string) => {
    const response = await get(target);
    expect(response.status, target).toBe(200);
    return response.text();
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the footer of every page links the overview, which lists the demo recalls newest first", async () => {
    expect(await page("/")).toContain('href="/rueckrufe"');
    const overview = await page("/rueckrufe");
    expect(overview).toContain("<h1>Produktrückrufe</h1>");
    expect(overview.indexOf(LIGHT)).toBeGreaterThan(0);
    expect(overview.indexOf(LIGHT)).toBeLessThan(overview.indexOf(GRIPS));
    expect(overview).toContain('<link rel="canonical" href="http://localhost:3000/rueckrufe"/>');
    expect(await page("/rueckrufe?lang=en")).toContain("<h1>Product recalls</h1>");
  });

  it("a recall page follows the EU template: heading, product with picture and identifiers as text, hazard, what to do, remedy, contact, date", async () => {
    const html = await page(LIGHT);
    expect(html).toMatch(/<img[^>]+alt="Abbildung: Akku-Frontlicht Vision silber"/);
    expectAllIn(html, [
      '<h1 class="recall__heading">Produktsicherheitsrückruf</h1>',
      "Akku-Frontlicht Vision silber: Akku kann beim Laden überhitzen",
      "<dd>VB-63177</dd>",
      "<dd>4260512124281</dd>",
      "<li>2604-L17</li><li>2605-L03</li><li>2605-L11</li>",
      "Brand- und Verbrennungsgefahr.</p><p>Bisher sind uns drei Fälle bekannt",
      "Benutzen Sie ein Produkt aus einer der betroffenen Chargen ab sofort nicht mehr.",
      "Laden Sie die Leuchte nicht mehr.",
      'href="tel:+49561000000"',
      'href="mailto:info@example.de"',
      '<time dateTime="2026-11-02">Veröffentlicht am 2. November 2026</time>',
      `<link rel="canonical" href="http://localhost:3000${LIGHT}"/>`,
      `<link rel="alternate" hrefLang="en" href="http://localhost:3000${LIGHT}?lang=en"/>`,
    ]);
    expect(html).toMatch(/<a[^>]+href="\/products\/articles\/[^"]+\/VB-63177"/);

    const english = await page(`${LIGHT}?lang=en`);
    expect(english).toContain('<h1 class="recall__heading">Product safety recall</h1>');
    expect(english).toContain("Stop using the product immediately if it is from one of the affected batches.");
    expect(english).toContain("Published on 2 November 2026");
  });

  it("the affected article's page announces the recall and links it", async () => {
    const recall = await page(LIGHT);
    const articleHref = /<a[^>]+href="(\/products\/articles\/[^"]+\/VB-63177)"/.exec(recall)?.[1];
    expect(articleHref).toBeDefined();
    const article = await page(articleHref ?? "");
    expect(article).toContain("Rückruf dieses Produkts");
    expect(article).toContain(`href="${LIGHT}"`);
  });

  it("a recall page names every GTIN of the article, not only the one the notice gives (issue 37)", async () => {
    // VB-15958 is sold under two GTINs (seed 1962); the notice names the first.
    expect(await page(GRIPS)).toContain("<dd>4260512901233, 4260512958275</dd>");
  });

  it("the dealer page with a recalled article says so beside every stock badge (issue 37)", async () => {
    const html = await page("/handlersuche?article=VB-63177");
    const badges = html.match(/class="stock-badge"/g)?.length ?? 0;
    expect(badges).toBeGreaterThan(0);
    expect(html.match(/<p class="stock-recall">/g)?.length).toBe(badges);
    expect(html).toContain(`<a href="${LIGHT}"`);
    expect(html).toContain("Rückruf: Auch vorrätige Stücke können betroffen sein");
    // An article under no recall shows its stock as before.
    const other = await page("/handlersuche?article=VB-91207");
    expect(other).not.toContain("stock-recall");
  });

  it("an unknown or malformed id is a 404", async () => {
    for (const target of ["/rueckrufe/2026-11-02-vb-99999", "/rueckrufe/VB-63177", "/rueckrufe/..%2F..%2Fetc", `/rueckrufe/2026-11-02-${"a".repeat(300)}`]) {
      expect((await get(target)).status, target).toBe(404);
    }
  });

  it("the sitemap lists the overview and every recall in both languages", async () => {
    const xml = await page("/sitemap.xml");
    expect(xml).toContain("<loc>http://localhost:3000/rueckrufe</loc>");
    expect(xml).toContain(`<loc>http://localhost:3000${LIGHT}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000${GRIPS}?lang=en</loc>`);
  });

  it("a broken list is refused by the command with file:line errors and exit 1; a good one is live within about a second", async () => {
    const broken = await importCli(server, ["recalls", fixture("broken.csv"), "--json"]);
    expect(broken.code).toBe(1);
    expect(broken.summary?.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 7, 8]);
    const gripsArticle = /<a[^>]+href="(\/products\/articles\/[^"]+\/VB-15958)"/.exec(await page(GRIPS))?.[1] ?? "";
    expect(await page(gripsArticle)).toContain("recall-notice");

    expect(broken.summary?.errors[1]).toMatchObject({ line: 4, where: "gtin", message: expect.stringContaining('"4260512901234" is no valid GTIN') });

    const good = await importCli(server, ["recalls", fixture("good.csv"), "--json"]);
    expect(good.code).toBe(0);
    expect(good.summary?.counts).toEqual({ recalls: { added: 1, changed: 1, removed: 1, unchanged: 0 } });
    server.advanceClock(2000);
    await vi.waitFor(async () => expect((await get(GRIPS)).status).toBe(404), { timeout: 3000, interval: 100 });
    // The article whose recall left the list no longer announces one.
    expect(await page(gripsArticle)).not.toContain("recall-notice");

    // A recall of a part the catalogue does not know: identifiers as text, no picture, no article link.
    const unknown = await page("/rueckrufe/2025-03-01-old-4711?lang=en");
    expect(unknown).toContain("<dd>OLD-4711</dd>");
    expect(unknown).toContain("<dd>4047791622338</dd>");
    expect(unknown).toContain("All batches");
    expect(unknown).not.toContain("recall__image");
    // English texts the list leaves out are the German ones, marked German.
    expect(unknown).toContain('<p lang="de">Kurzschluss im Akku.</p><p lang="de">Brandgefahr.</p>');
    expect(await page("/rueckrufe")).not.toContain(GRIPS);
  });

  it("with no recalls the overview says so plainly", async () => {
    const empty = path.join(server.dataDir, "none.csv");
    await import("node:fs").then((fs) => fs.writeFileSync(empty, "part_number,published,title_de,hazard_de,remedy_de\n"));
    const result = await importCli(server, ["recalls", empty, "--json"]);
    expect(result.code).toBe(0);
    server.advanceClock(2000);
    await vi.waitFor(async () => expect(await page("/rueckrufe")).toContain("Derzeit gibt es keine Rückrufe von VIVA-Produkten."), { timeout: 3000, interval: 100 });
  });
});
