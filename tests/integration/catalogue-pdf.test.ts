import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { type DB, databasePath, openDatabase } from "~/db/database.server";
import { cleanTitle, formatPriceDe } from "~/documents/catalogue-pdf.server";
import { CATALOGUE_VERSION_KEY, catalogueFile, ensureCatalogueUpToDate } from "~/documents/catalogue-freshness.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { readPdfText } from "../support/pdf-text";
import { type TestServer, startTestServer } from "../support/test-server";

/** The downloadable catalogue, read back with pdf.js: what a visitor's PDF reader shows. */
describe("catalogue PDF", () => {
  let dataDir: string;
  let db: DB;
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-catalogue-"));
    fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
    db = openDatabase(databasePath(dataDir));
  });

  afterAll(async () => {
    await db?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is left alone after a seed, rebuilt when no data version is recorded", async () => {
    // The seed records the version its catalogue was built from.
    expect(await ensureCatalogueUpToDate(db, dataDir, log)).toBe("fresh");
    await db.deleteFrom("app_meta").where("key", "=", CATALOGUE_VERSION_KEY).execute();
    expect(await ensureCatalogueUpToDate(db, dataDir, log)).toBe("rebuilt");
    expect(await getMeta(db, CATALOGUE_VERSION_KEY)).toBe(await getMeta(db, "data_version"));
    const mtime = fs.statSync(catalogueFile(dataDir)).mtimeMs;
    expect(await ensureCatalogueUpToDate(db, dataDir, log)).toBe("fresh");
    expect(fs.statSync(catalogueFile(dataDir)).mtimeMs).toBe(mtime);
    expect(logs.some((line) => /Wrote viva-katalog-2024\.pdf: \d+ pages, \d+ articles/.test(line))).toBe(true);
  });

  it("lists every article with part number, title and price, on numbered pages", async () => {
    const { pages, pageTexts } = await readPdfText(fs.readFileSync(catalogueFile(dataDir)));
    const text = pageTexts.join("\n");
    const articles = await db.selectFrom("articles").select(["partno", "title_de", "prodcatname_de", "price_cents"]).orderBy("partno").execute();
    expect(articles.length).toBeGreaterThan(300);

    expect(pageTexts[0]).toContain("Katalog 2024");
    expect(pageTexts[0]).toContain(`${articles.length} Artikel`);
    expect((text.match(/Art\.-Nr\. /g) ?? []).length).toBe(articles.length);
    for (const article of articles) expect(text, article.partno).toContain(`Art.-Nr. ${article.partno}`);
    // 400 articles with pictures at about six per page, plus cover and contents.
    expect(pages).toBeGreaterThan(articles.length / 8);
    expect(pages).toBeLessThan(articles.length / 3);
    expect(pageTexts[pages - 1]).toContain(`Seite ${pages} von ${pages}`);

    // A known article: its card shows the cleaned title and the recommended price.
    const known = articles[Math.floor(articles.length / 2)]!;
    const page = pageTexts.find((p) => p.includes(`Art.-Nr. ${known.partno}`)) ?? "";
    expect(page).toContain(cleanTitle(known.title_de, known.prodcatname_de).slice(0, 20));
    expect(page).toContain(formatPriceDe(known.price_cents));
    expect(text).toContain("Unverbindliche Preisempfehlung inkl. MwSt.");
  });

  it("follows the data: a new data version or a missing file rebuilds it", async () => {
    const article = await db.selectFrom("articles").select(["partno"]).orderBy("partno").executeTakeFirstOrThrow();
    await db.updateTable("articles").set({ title_de: "Testklingel Glockenklar" }).where("partno", "=", article.partno).execute();
    await setMeta(db, "data_version", "test-version-2");
    expect(await ensureCatalogueUpToDate(db, dataDir, log)).toBe("rebuilt");
    expect(await getMeta(db, CATALOGUE_VERSION_KEY)).toBe("test-version-2");
    const { pageTexts } = await readPdfText(fs.readFileSync(catalogueFile(dataDir)));
    expect(pageTexts.join("\n")).toContain("Testklingel Glockenklar");

    fs.rmSync(catalogueFile(dataDir));
    expect(await ensureCatalogueUpToDate(db, dataDir, log)).toBe("rebuilt");
    expect(fs.existsSync(catalogueFile(dataDir))).toBe(true);
    expect(logs.some((line) => line.includes("is missing"))).toBe(true);
  });
});

describe("catalogue download", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is served as a PDF from the downloads page", async () => {
    const html = await (await fetch(`${server.url}/downloads`)).text();
    const href = /href="([^"]*viva-katalog-2024\.pdf)"/.exec(html)?.[1];
    expect(href).toBe("/media/documents/viva-katalog-2024.pdf");
    const response = await fetch(`${server.url}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/pdf/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { pages } = await readPdfText(bytes);
    expect(pages).toBeGreaterThan(10);
  });
});
