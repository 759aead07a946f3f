import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasePath, openDatabase } from "~/db/database.server";
import type { CatalogueExportSummary } from "~/export/catalogue-export.server";
import type { ImportSummary } from "~/exchange/import-report";
import { generateDemoData } from "~/seed/generate";
import { writeDemoCatalogue } from "~/seed/demo-catalogue.server";
import { dataCommandArgs } from "../support/data-command";
import { copyTemplateDataDir, startTestServer, type TestServer } from "../support/test-server";
import { shippedBrand } from "~/../tests/support/shipped-brand";

/**
 * The export's promise: a catalogue exported from one site and imported into another makes the
 * second show exactly what the first shows. Site A is the seeded demo; site B starts with the same
 * dealers but a wholly different catalogue (another demo seed, no pictures), then imports A's
 * export. Every API answer and page must then be the same bytes, a second import must change
 * nothing, and B's export must be A's export byte for byte.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-round-trip-"));
const OTHER_SEED = 4711;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(script: "export" | "import", args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      dataCommandArgs(script, ...args),
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function json<T>(run: Promise<Run>): Promise<T> {
  const { code, stdout, stderr } = await run;
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as T;
}

let a: TestServer;
let b: TestServer;
let exportA: CatalogueExportSummary;
let firstImport: ImportSummary;
const fileA = path.join(work, "a", "catalogue.xml");
const fileB = path.join(work, "b", "catalogue.xml");

beforeAll(async () => {
  const dirA = copyTemplateDataDir();
  const dirB = copyTemplateDataDir();
  try {
    exportA = await json<CatalogueExportSummary>(cli("export", ["bmecat", fileA, "--json"], dirA));

    // B: same dealers and documents, another catalogue in the tables, none of A's pictures.
    const db = openDatabase(databasePath(dirB));
    await writeDemoCatalogue(db, generateDemoData(OTHER_SEED, { brand: shippedBrand() }), "other-seed");
    await db.destroy();
    for (const media of ["shop/images", "categories"]) fs.rmSync(path.join(dirB, "media", media), { recursive: true, force: true });

    firstImport = await json<ImportSummary>(cli("import", ["catalogue", fileA, "--json"], dirB));
  } catch (error) {
    for (const dir of [dirA, dirB]) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  a = await startTestServer({}, { dataDir: dirA });
  b = await startTestServer({}, { dataDir: dirB });
}, 240_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Category {
  bbf_cat_ID_PUBLICGRPORDER: number;
}

interface ArticleList {
  articles: unknown[];
}

/** The same request to both sites: status, redirect target and body. */
async function both(pathAndQuery: string): Promise<{ a: string; b: string }> {
  const read = async (server: TestServer) => {
    const response = await fetch(`${server.url}${pathAndQuery}`, { redirect: "manual" });
    const body = await response.text();
    return `${response.status} ${response.headers.get("location") ?? ""}\n${body}`;
  };
  const [fromA, fromB] = await Promise.all([read(a), read(b)]);
  return { a: fromA, b: fromB };
}

describe("BMEcat round trip", () => {
  it("exports the whole demo catalogue and imports it into a site with another catalogue", () => {
    expect(exportA).toMatchObject({ mimeRoot: "catalogue-media/", warnings: [], pictures: { unchanged: 0, missing: 0 } });
    // Every article picture and a tile per category.
    expect(exportA.pictures.copied).toBeGreaterThan(exportA.products + exportA.groups);
    expect(firstImport).toMatchObject({ applied: true, errors: [], warnings: [], untranslated: 0 });
    // Another seed: other part numbers, so every article is new and every old one goes.
    expect(firstImport.counts.articles).toMatchObject({ added: exportA.products, changed: 0, unchanged: 0 });
    expect(firstImport.counts.articles?.removed).toBeGreaterThan(exportA.products / 2);
    expect(firstImport.counts.images?.added).toBe(exportA.pictures.copied);
  });

  it("serves the same provider JSON for the category tree and every category's articles", async () => {
    const { a: treeA, b: treeB } = await both("/catalog/list/categories/37");
    expect(treeB).toBe(treeA);
    const categories = JSON.parse(treeA.slice(treeA.indexOf("\n") + 1)) as Category[];
    expect(categories).toHaveLength(exportA.groups);
    let articles = 0;
    for (const { bbf_cat_ID_PUBLICGRPORDER: id } of categories) {
      const [listA, listB] = await Promise.all(
        [a, b].map(async (server) => (await fetch(`${server.url}/catalog/list/categories/articles/${id}`)).json() as Promise<ArticleList>),
      );
      expect(listB, `category ${id}`).toEqual(listA);
      articles += listA?.articles.length ?? 0;
    }
    expect(articles).toBe(exportA.products);
  });

  it("renders the same pages in both languages", async () => {
    const { a: sitemapA, b: sitemapB } = await both("/sitemap.xml");
    expect(sitemapB).toBe(sitemapA);
    const locs = [...sitemapA.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
      const url = new URL((m[1] ?? "").replace(/&#38;/g, "&"));
      return `${url.pathname}${url.search}`;
    });
    const catalogue = locs.filter((loc) => loc.startsWith("/products"));
    // Category pages and article lists (with their further pages) all; of the article pages every tenth.
    const articles = catalogue.filter((loc) => /^\/products\/articles\/[^/]+\/[^/?]+/.test(loc));
    const lists = catalogue.filter((loc) => !articles.includes(loc));
    // The sitemap names each page in German, then in English: pairs stay together.
    const sample = articles.filter((_, i) => i % 20 < 2);
    const searches = ["klingel", "schloss", "klingl", "griffe schwarz", "VIVA", "4047791666776", "VB-17439", "gibtesnicht"].flatMap((q) =>
      ["de", "en"].map((lang) => `/search?q=${encodeURIComponent(q)}&lang=${lang}`),
    );
    const paths = ["/", "/?lang=en", ...lists, ...sample, ...searches];
    expect(lists.length).toBeGreaterThan(60);
    expect(sample.length).toBeGreaterThan(70);
    // About 550 server renders: seconds on an idle machine, minutes on a busy one (hence the timeout).
    for (const page of paths) {
      const { a: pageA, b: pageB } = await both(page);
      // Alike because both work: a search for a part number or EAN redirects, every other page is there.
      if (!page.startsWith("/search")) expect(pageA.slice(0, 4), page).toBe("200 ");
      expect(pageB, page).toBe(pageA);
    }
  }, 240_000);

  it("carries the makers other than the brand with their postal and electronic addresses (issue 37)", async () => {
    const makers = async (dataDir: string) => {
      const db = openDatabase(databasePath(dataDir));
      try {
        return await db.selectFrom("articles").select(["partno", "manufacturer", "manufacturer_address", "manufacturer_email"]).where("manufacturer", "is not", null).orderBy("partno").execute();
      } finally {
        await db.destroy();
      }
    };
    const fromA = await makers(a.dataDir);
    expect(fromA.length).toBeGreaterThan(0);
    for (const row of fromA) expect(row, row.partno).toMatchObject({ manufacturer_address: expect.stringMatching(/\d/), manufacturer_email: expect.stringContaining("@") });
    expect(await makers(b.dataDir)).toEqual(fromA);
    expect(fs.readFileSync(fileA, "utf8")).toContain("<UDX.VELOCAT.MANUFACTURER_ADDRESS>Via dell'Artigianato 14, 25030 Castel Mella (BS), Italia</UDX.VELOCAT.MANUFACTURER_ADDRESS>");
  });

  it("changes nothing when the same export is imported again", async () => {
    const again = await json<ImportSummary>(cli("import", ["catalogue", fileA, "--media", path.dirname(fileA), "--json"], b.dataDir));
    expect(again).toMatchObject({ applied: false, errors: [], warnings: [] });
    for (const counts of Object.values(again.counts)) expect(counts).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(Object.keys(again.counts).sort()).toEqual(["articles", "categories", "documents", "images"]);
  }, 120_000);

  it("exports from the importing site the same file, byte for byte, with the same article pictures", async () => {
    const exportB = await json<CatalogueExportSummary>(cli("export", ["bmecat", fileB, "--json"], b.dataDir));
    expect(exportB).toMatchObject({ groups: exportA.groups, products: exportA.products, warnings: [] });
    expect(fs.readFileSync(fileB).equals(fs.readFileSync(fileA))).toBe(true);
    const mediaA = path.join(work, "a", "catalogue-media");
    const mediaB = path.join(work, "b", "catalogue-media");
    const pictures = fs.readdirSync(mediaA).filter((name) => name.endsWith(".jpg"));
    expect(fs.readdirSync(mediaB).filter((name) => name.endsWith(".jpg"))).toEqual(pictures);
    for (const name of pictures) expect(fs.readFileSync(path.join(mediaB, name)).equals(fs.readFileSync(path.join(mediaA, name))), name).toBe(true);
    // Category tiles are cut again by the import (so not the same bytes), under the same names.
    expect(fs.readdirSync(path.join(mediaB, "categories"))).toEqual(fs.readdirSync(path.join(mediaA, "categories")));
  }, 120_000);
});
