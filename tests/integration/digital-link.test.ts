import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * The GS1 Digital Link resolver, its description file and the QR codes for packaging (issue 28,
 * items 5 and 6; decision 053), against the built site over the demo data. The test adds its own
 * EANs, documents and a recall: the demo's come from other work of the same issue.
 */
const SITE = "https://www.example.com";
let server: TestServer;
/** An article with a demo EAN-13, and the page address /search gives for it. */
let main: { partno: string; ean: string; page: string };
/** Articles the test gives an EAN-8 and a UPC-A (stored as 13 digits), and one with a recall. */
let short: { partno: string; page: string };
let upc: { partno: string; page: string };
let recalled: { partno: string; ean: string; page: string };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-qr-"));

const get = (target: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${server.url}${target}`, { redirect: "manual", headers, method });
const location = async (target: string, headers: Record<string, string> = {}) => {
  const response = await get(target, headers);
  expect(response.status, target).toBe(307);
  return response.headers.get("location") ?? "";
};
const pageOf = async (ean: string) => (await get(`/search?q=${ean}`)).headers.get("location") ?? "";

beforeAll(async () => {
  server = await startTestServer({ SITE_URL: SITE });
  const rows = await server.db
    .selectFrom("article_eans")
    .innerJoin("articles", "articles.partno", "article_eans.partno")
    .select(["articles.partno", "article_eans.ean"])
    .orderBy("articles.partno")
    .orderBy("article_eans.position")
    .limit(40)
    .execute();
  // One EAN per article: its first.
  const [a, b, c, d] = rows.filter((row, i) => rows.findIndex((other) => other.partno === row.partno) === i);
  if (!a || !b || !c || !d) throw new Error("the demo data has too few articles with an EAN");
  main = { ...a, page: await pageOf(a.ean) };
  recalled = { ...d, page: await pageOf(d.ean) };
  await server.db.insertInto("article_eans").values([
    { partno: b.partno, position: 7, ean: "87126709" },
    { partno: c.partno, position: 7, ean: "0036000291452" },
  ]).execute();
  short = { partno: b.partno, page: await pageOf(b.ean) };
  upc = { partno: c.partno, page: await pageOf(c.ean) };
  const doc = (position: number, purpose: "manual" | "declaration", language: string, file: string) => ({
    partno: main.partno, position, purpose, file_name: `documents/${file}`, language, name_de: `Dokument ${file}`, name_en: `Document ${file}`, size_bytes: 1000,
  });
  // The demo links manuals and declarations to its articles (decision 051): this article gets only the test's own.
  await server.db.deleteFrom("article_documents").where("partno", "=", main.partno).execute();
  await server.db.insertInto("article_documents").values([doc(0, "manual", "de", "anleitung.pdf"), doc(1, "manual", "en", "manual.pdf"), doc(2, "declaration", "", "konformitaet.pdf")]).execute();
  await server.db.insertInto("recalls").values({
    id: "2026-griff-01", partno: recalled.partno, gtin: recalled.ean, batches: "", published: "2026-11-01",
    title_de: "Rückruf Griff", title_en: "Grip recall", hazard_de: "h", hazard_en: "h", remedy_de: "r", remedy_en: "r",
  }).execute();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("/01/{gtin}", () => {
  it("sends every GTIN length to the article page", async () => {
    expect(main.page).toMatch(/^\/products\/articles\/[^/]+\/[^/]+$/);
    expect(await location(`/01/${main.ean}`)).toBe(`${SITE}${main.page}`);
    expect(await location(`/01/0${main.ean}`)).toBe(`${SITE}${main.page}`);
    expect(await location("/01/87126709")).toBe(`${SITE}${short.page}`);
    expect(await location("/01/00000087126709")).toBe(`${SITE}${short.page}`);
    expect(await location("/01/036000291452")).toBe(`${SITE}${upc.page}`);
    expect(await location("/01/00036000291452/")).toBe(`${SITE}${upc.page}`);
  });

  it("says what it links, how long it may be kept, and lets any origin read it", async () => {
    const response = await get(`/01/${main.ean}`);
    expect(response.headers.get("link")).toContain(`<${SITE}/01/0${main.ean}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    expect(response.headers.get("link")).toContain('rel="https://gs1.org/voc/instructions"');
    expect(response.headers.get("vary")).toMatch(/Accept, Accept-Language, Cookie/);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("takes ?lang=, then the stored choice, then Accept-Language, then German", async () => {
    const target = `/01/${main.ean}`;
    expect(await location(`${target}?lang=en`, { Cookie: "language=de" })).toBe(`${SITE}${main.page}?lang=en`);
    expect(await location(target, { Cookie: "language=en", "Accept-Language": "de" })).toBe(`${SITE}${main.page}`);
    expect(await location(`${target}?lang=de`, { Cookie: "language=en" })).toBe(`${SITE}${main.page}?lang=de`);
    expect(await location(target, { "Accept-Language": "en-GB,en;q=0.8" })).toBe(`${SITE}${main.page}?lang=en`);
    expect(await location(target, { "Accept-Language": "fr" })).toBe(`${SITE}${main.page}`);
  });

  it("accepts qualifiers in order and passes other query parameters on", async () => {
    expect(await location(`/01/${main.ean}/22/V1/10/L%2F24/21/S-1`)).toBe(`${SITE}${main.page}`);
    expect(await location(`/01/${main.ean}/21/S-1?utm_source=pack&linkType=gs1:pip`)).toBe(`${SITE}${main.page}?utm_source=pack`);
  });

  it("follows the link type, and gives the default link for one the article lacks", async () => {
    const target = `/01/${main.ean}`;
    expect(await location(`${target}?linkType=gs1:instructions`)).toBe(`${SITE}/media/documents/anleitung.pdf`);
    expect(await location(`${target}?linkType=gs1:instructions&lang=en`)).toBe(`${SITE}/media/documents/manual.pdf`);
    expect(await location(`${target}?linkType=https://gs1.org/voc/certificationInfo`)).toBe(`${SITE}/media/documents/konformitaet.pdf`);
    expect(await location(`${target}?linkType=gs1:safetyInfo&lang=en`)).toBe(`${SITE}${main.page}?lang=en#sicherheit`);
    expect(await location(`${target}?linkType=gs1:recallStatus`)).toBe(`${SITE}${main.page}`);
    expect(await location(`${target}?linkType=gs1:nutritionalInfo`)).toBe(`${SITE}${main.page}`);
    expect(await location(`/01/${recalled.ean}?linkType=gs1:safetyInfo`)).toBe(`${SITE}/rueckrufe/2026-griff-01`);
    expect(await location(`/01/${recalled.ean}?linkType=gs1:recallStatus`, { "Accept-Language": "en" })).toBe(`${SITE}/rueckrufe/2026-griff-01?lang=en`);
    expect(await location("/01/87126709?linkType=gs1:instructions")).toBe(`${SITE}${short.page}`);
  });

  it("answers the link set as RFC 9264 JSON", async () => {
    const response = await get(`/01/${main.ean}/10/A1?linkType=linkset`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/linkset+json");
    expect(response.headers.get("link")).toContain('rel="http://www.w3.org/ns/json-ld#context"');
    const body = (await response.json()) as { linkset: Record<string, unknown>[] };
    const context = body.linkset[0]!;
    expect(context.anchor).toBe(`${SITE}/01/0${main.ean}/10/A1`);
    expect(context["https://gs1.org/voc/pip"]).toEqual([
      expect.objectContaining({ href: `${SITE}${main.page}`, hreflang: ["de"], type: "text/html" }),
      expect.objectContaining({ href: `${SITE}${main.page}?lang=en`, hreflang: ["en"], type: "text/html" }),
    ]);
    expect(context["https://gs1.org/voc/instructions"]).toHaveLength(2);
    expect(context["https://gs1.org/voc/certificationInfo"]).toEqual([
      { href: `${SITE}/media/documents/konformitaet.pdf`, title: "Dokument konformitaet.pdf", type: "application/pdf", hreflang: ["de", "en"] },
    ]);
    expect(context["https://gs1.org/voc/defaultLink"]).toEqual([expect.objectContaining({ href: `${SITE}${main.page}` })]);
    for (const links of Object.values(context).filter(Array.isArray)) for (const link of links) expect(link).toHaveProperty("title");

    const negotiated = await get(`/01/${main.ean}`, { Accept: "application/linkset+json" });
    expect(negotiated.status).toBe(200);
    expect(await negotiated.json()).toEqual({ linkset: [{ ...context, anchor: `${SITE}/01/0${main.ean}` }] });
    const plain = await get(`/01/${main.ean}?linkType=all`, { Accept: "application/json" });
    expect(plain.headers.get("content-type")).toMatch(/^application\/json/);
    // The page cache did not keep a link set for the browsers that come next.
    expect((await get(`/01/${main.ean}`)).status).toBe(307);
    // Nor the link set as plain JSON, which a client gets by ranking it above the link set's own type (issue 37).
    const odd = await get("/01/87126709", { Accept: "application/linkset+json;q=0.5, application/json" });
    expect(odd.headers.get("content-type")).toMatch(/^application\/json/);
    for (const headers of [{}, { "Accept-Language": "en" }, { Accept: "text/html" }] as Record<string, string>[]) expect((await get("/01/87126709", headers)).status).toBe(307);
  });

  it("refuses a malformed link with 400 and says why, as a page or as JSON", async () => {
    const json = { Accept: "application/json" };
    const bad = async (target: string, message: RegExp) => {
      const response = await get(target, json);
      expect(response.status, target).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "bad_request", message: expect.stringMatching(message) } });
    };
    await bad("/01/4006381333932", /check digit/);
    await bad("/01/40063813339", /8, 12, 13 or 14 digits/);
    await bad(`/01/${main.ean}/21/S/10/L`, /out of place/);
    await bad(`/01/${main.ean}/17/261231`, /not allowed here/);
    await bad(`/01/${main.ean}/10/${"X".repeat(21)}`, /longer than 20/);
    await bad(`/01/${main.ean}/10/%C3%A4`, /character set 82/);
    // React Router refuses a broken percent-encoding before the resolver sees it: still a 400.
    await bad(`/01/${main.ean}/10/%E0%A4%A`, /decode/);
    const page = await get("/01/4006381333932", { Accept: "text/html", "Accept-Language": "de" });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Die Prüfziffer der GTIN stimmt nicht.");
    // A page of the site (issue 37): its header, footer and stylesheet around the message.
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
  });

  it("answers 404 for a GTIN no article carries", async () => {
    const json = await get("/01/4006381333931", { Accept: "application/json" });
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ error: { code: "not_found", message: "We have no article with the GTIN 04006381333931." } });
    const page = await get("/01/4006381333931?lang=en");
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("We have no article with the GTIN 04006381333931.");
    expect(html).toContain('href="/search?q=04006381333931"');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<header class="site-header">');
    expect(page.headers.get("vary")).toMatch(/Accept, Accept-Language, Cookie/);
  });

  it("answers HEAD like GET and refuses other methods", async () => {
    const head = await get(`/01/${main.ean}`, {}, "HEAD");
    expect(head.status).toBe(307);
    expect(head.headers.get("location")).toBe(`${SITE}${main.page}`);
    expect(await head.text()).toBe("");
    const post = await get(`/01/${main.ean}`, {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await get(`/01/${main.ean}`, {}, "DELETE")).status).toBe(405);
  });
});

describe("/.well-known/gs1resolver", () => {
  it("describes the resolver as the standard's schema asks", async () => {
    const response = await get("/.well-known/gs1resolver");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      name: "VIVA GS1 Digital Link resolver",
      resolverRoot: SITE,
      supportedPrimaryKeys: ["01"],
      supportedLinkType: [{ namespace: "https://gs1.org/voc/", prefix: "gs1:" }],
      linkTypeDefaultCanBeLinkset: false,
    });
  });
});

const zbarimg = promisify(execFile);
async function decode(file: string): Promise<string> {
  const { stdout } = await zbarimg("zbarimg", ["--raw", "-q", file]);
  return stdout.trim();
}

describe("QR codes for packaging", () => {
  it("encode the Digital Link as SVG and PNG that a decoder reads back", async () => {
    const gtin14 = `0${main.ean}`;
    const png = await get(`/qr/${main.ean}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe(`inline; filename="viva-qr-${gtin14}.png"`);
    expect(png.headers.get("cache-control")).toMatch(/^public/);
    fs.writeFileSync(path.join(tmp, "code.png"), Buffer.from(await png.arrayBuffer()));
    expect(await decode(path.join(tmp, "code.png"))).toBe(`${SITE}/01/${gtin14}`);

    const svg = await get(`/qr/${gtin14}.svg`);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const text = await svg.text();
    // Quiet zone: four modules of white around the code (the drawing starts four modules in).
    expect(text).toMatch(/viewBox="0 0 (\d+) \1"/);
    await sharp(Buffer.from(text), { density: 300 }).png().toFile(path.join(tmp, "code-svg.png"));
    expect(await decode(path.join(tmp, "code-svg.png"))).toBe(`${SITE}/01/${gtin14}`);
  });

  it("are drawn once and kept, answer a validator with 304, and count against the render budget only when drawn (issue 37)", async () => {
    const budgeted = await startTestServer({ SITE_URL: SITE, RENDER_RATE_LIMIT: "4" }, { sharedWith: server });
    try {
      const at = (target: string, headers: Record<string, string> = {}) => fetch(`${budgeted.url}${target}`, { headers });
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await at(`/qr/${main.ean}.png`));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer()).toString("base64")));
      expect(new Set(bodies).size).toBe(1);
      const etag = answers[0]!.headers.get("etag") ?? "";
      // fetch adds "Cache-Control: no-cache" to a conditional request unless it has one, as a browser's reload does.
      expect((await at(`/qr/${main.ean}.png`, { "If-None-Match": etag, "Cache-Control": "max-age=0" })).status).toBe(304);
      // Each code drawn is one render of the client's budget: the fifth drawing is refused.
      const drawn = [];
      for (const target of [`/qr/${main.ean}.svg`, `/qr/${recalled.ean}.svg`, `/qr/${recalled.ean}.png`, "/qr/87126709.svg"]) drawn.push((await at(target)).status);
      expect(drawn).toEqual([200, 200, 200, 429]);
    } finally {
      await budgeted.close();
    }
  });

  it("exist only for GTINs of articles", async () => {
    expect((await get("/qr/4006381333931.svg")).status).toBe(404);
    expect((await get("/qr/4006381333932.png")).status).toBe(404);
    expect((await get("/qr/abc.svg")).status).toBe(404);
    expect((await get(`/qr/${main.ean}.gif`)).status).toBe(404);
  });

  it("are linked from the article page, and not for an article without a GTIN", async () => {
    const html = await (await get(main.page)).text();
    expect(html).toContain(`href="/qr/0${main.ean}.svg" download="viva-qr-0${main.ean}.svg"`);
    expect(html).toContain(`href="/qr/0${main.ean}.png"`);
    expect(html).toContain(`${SITE}/01/0${main.ean}`);

    await server.db.deleteFrom("article_eans").where("partno", "=", upc.partno).execute();
    await server.db.transaction().execute((trx) => recordImport(trx, newDataVersion(), { imported: false }));
    server.advanceClock(2000);
    const without = await (await get(upc.page)).text();
    expect(without).toContain(upc.partno);
    expect(without).not.toContain('class="qr-codes"');
  });
});
