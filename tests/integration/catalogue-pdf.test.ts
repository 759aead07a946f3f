import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanTitle } from "~/utils/article-rules";
import { CATALOGUE_VERSION_KEY, catalogueFile, ensureCatalogueUpToDate } from "~/documents/catalogue-freshness.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { formatPriceCents } from "~/utils/price";
import { readPdfText } from "../support/pdf-text";
import { type TestServer, startTestServer } from "../support/test-server";
import { seededCopyPerSuite } from "../support/seeded-copy";
import { shippedBrand } from "../support/shipped-brand";

/** The downloadable catalogue, read back with pdf.js: what a visitor's PDF reader shows. */
describe("catalogue PDF", () => {
  const seeded = seededCopyPerSuite("velocat-catalogue-");

  it("is left alone after a seed, rebuilt when no data version is recorded", async () => {
    // The seed records the version its catalogue was built from.
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("fresh");
    await seeded.db.deleteFrom("app_meta").where("key", "=", CATALOGUE_VERSION_KEY).execute();
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    expect(await getMeta(seeded.db, CATALOGUE_VERSION_KEY)).toBe(await getMeta(seeded.db, "data_version"));
    const mtime = fs.statSync(catalogueFile(seeded.mediaDir)).mtimeMs;
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("fresh");
    expect(fs.statSync(catalogueFile(seeded.mediaDir)).mtimeMs).toBe(mtime);
    expect(seeded.logs.some((line) => /Wrote viva-katalog-2024\.pdf: \d+ pages, \d+ articles/.test(line))).toBe(true);
  });

  const printed = {
    de: { title: "Katalog 2024", country: "Deutschland", articles: "Artikel", partno: "Art.-Nr.", page: (n: number) => `Seite ${n} von ${n}`, footnote: "Unverbindliche Preisempfehlung des Herstellers inkl. MwSt. Die Preise Ihres Fachhändlers können abweichen." },
    en: { title: "Catalogue 2024", country: "Germany", articles: "articles", partno: "Part no.", page: (n: number) => `Page ${n} of ${n}`, footnote: "Manufacturer's recommended retail price incl. VAT." },
  } as const;

  for (const lang of ["de", "en"] as const) {
    it(`lists every article with part number, title and price, on numbered pages (${lang})`, async () => {
      const words = printed[lang];
      const { pages, pageTexts } = await readPdfText(fs.readFileSync(catalogueFile(seeded.mediaDir, lang)));
      const text = pageTexts.join("\n");
      const articles = await seeded.db
        .selectFrom("articles")
        .select(["partno", "title_de", "title_en", "prodcatname_de", "prodcatname_en", "price_cents"])
        .orderBy("partno")
        .execute();
      expect(articles.length).toBeGreaterThan(300);

      expect(pageTexts[0]).toContain(words.title);
      expect(pageTexts[0]).toContain(`${articles.length} ${words.articles}`);
      const label = `${words.partno} `;
      expect(text.split(label).length - 1).toBe(articles.length);
      for (const article of articles) expect(text, article.partno).toContain(`${label}${article.partno}`);
      // 400 articles with pictures at about six per page, plus cover and contents.
      expect(pages).toBeGreaterThan(articles.length / 8);
      expect(pages).toBeLessThan(articles.length / 3);
      expect(pageTexts[pages - 1]).toContain(words.page(pages));
      // The company's address in the footer and on the cover names the country in the print's language.
      expect(pageTexts[pages - 1]).toContain(`Kassel · ${words.country}`);
      expect(pageTexts[0]).toContain(`Kassel · ${words.country}`);

      // A known article: its card shows the cleaned title in the language and the site's price format.
      const known = articles[Math.floor(articles.length / 2)]!;
      const page = pageTexts.find((p) => p.includes(`${label}${known.partno}`)) ?? "";
      const title = lang === "de" ? cleanTitle(known.title_de, known.prodcatname_de) : cleanTitle(known.title_en, known.prodcatname_en);
      expect(page).toContain(title.slice(0, 20));
      expect(page.replace(/\u00a0/g, " ")).toContain(`${formatPriceCents(known.price_cents ?? Number.NaN, lang).replace(/\u00a0/g, " ")}*`);
      expect(text).toContain(words.footnote);
      if (lang === "en") {
        // The English print speaks English: none of the German words of the German print.
        for (const german of ["Katalog", "Artikel", "Art.-Nr.", "Seite", "Inhalt", "Fahrradteile", "Zubehör", "Preisempfehlung", "Kein Bild", "UVP", "Deutschland"]) {
          expect(text, german).not.toContain(german);
        }
      }
    });
  }

  it("follows the data: a new data version or a missing file rebuilds it", async () => {
    const article = await seeded.db.selectFrom("articles").select(["partno"]).orderBy("partno").executeTakeFirstOrThrow();
    await seeded.db.updateTable("articles").set({ title_de: "Testklingel Glockenklar" }).where("partno", "=", article.partno).execute();
    await setMeta(seeded.db, "data_version", "test-version-2");
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    expect(await getMeta(seeded.db, CATALOGUE_VERSION_KEY)).toBe("test-version-2");
    const { pageTexts } = await readPdfText(fs.readFileSync(catalogueFile(seeded.mediaDir)));
    expect(pageTexts.join("\n")).toContain("Testklingel Glockenklar");

    fs.rmSync(catalogueFile(seeded.mediaDir, "de"));
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    expect(fs.existsSync(catalogueFile(seeded.mediaDir, "de"))).toBe(true);
    expect(seeded.logs.some((line) => line.includes("is missing"))).toBe(true);
  });

  it("links the English file once a data directory from before it is rebuilt", async () => {
    // A database seeded before the English catalogue existed: its row names the German file only.
    await seeded.db.updateTable("documents").set({ file_name_en: null }).where("kind", "=", "catalogue").execute();
    fs.rmSync(catalogueFile(seeded.mediaDir, "en"));
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    const row = await seeded.db.selectFrom("documents").selectAll().where("kind", "=", "catalogue").executeTakeFirstOrThrow();
    expect([row.file_name, row.file_name_en]).toEqual(["viva-katalog-2024.pdf", "viva-catalogue-2024.pdf"]);
  });

  it("prints an imported catalogue without prices or English texts: no price, RRP or footnote, German where English is missing", async () => {
    const article = await seeded.db
      .selectFrom("articles")
      .innerJoin("categories", "categories.id", "articles.category_id")
      .select(["articles.partno", "articles.title_de", "articles.prodcatname_de", "categories.id as categoryId", "categories.name_de"])
      .orderBy("articles.partno")
      .executeTakeFirstOrThrow();
    await seeded.db.updateTable("articles").set({ price_cents: null }).execute();
    await seeded.db.updateTable("articles").set({ title_en: "", prodcatname_en: "" }).where("partno", "=", article.partno).execute();
    await seeded.db.updateTable("categories").set({ name_en: "", description_en: "" }).where("id", "=", article.categoryId).execute();
    await setMeta(seeded.db, "data_version", "test-version-no-prices");
    expect(await ensureCatalogueUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");

    for (const lang of ["de", "en"] as const) {
      const text = (await readPdfText(fs.readFileSync(catalogueFile(seeded.mediaDir, lang)))).pageTexts.join("\n");
      expect(text, lang).not.toContain("€");
      expect(text, lang).not.toContain(printed[lang].footnote);
      expect(text, lang).not.toMatch(lang === "de" ? /\bUVP\b/ : /\bRRP\b/);
    }
    const english = (await readPdfText(fs.readFileSync(catalogueFile(seeded.mediaDir, "en")))).pageTexts;
    const page = english.find((p) => p.includes(`${printed.en.partno} ${article.partno}`)) ?? "";
    expect(page).toContain(cleanTitle(article.title_de, article.prodcatname_de).slice(0, 20));
    // In a section heading, or upper-cased in the heading of a page it continues on.
    expect(page.toLocaleUpperCase("de")).toContain(article.name_de.toLocaleUpperCase("de"));
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

  for (const [lang, file, title] of [
    ["de", "viva-katalog-2024.pdf", "Katalog 2024"],
    ["en", "viva-catalogue-2024.pdf", "Catalogue 2024"],
  ] as const) {
    it(`is served as a PDF in the page's language from the downloads page (${lang})`, async () => {
      const html = await (await fetch(`${server.url}/downloads?lang=${lang}`)).text();
      const hrefs = [...html.matchAll(/href="([^"]*\.pdf)"/g)].map((m) => m[1]);
      expect(hrefs).toEqual([`/media/documents/${file}`]);
      const response = await fetch(`${server.url}${hrefs[0]}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/pdf/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      const { pages, pageTexts } = await readPdfText(bytes);
      expect(pages).toBeGreaterThan(10);
      expect(pageTexts[0]).toContain(title);
    });
  }
});
