import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCli } from "../support/import-cli";
import { withoutSoftHyphens } from "../support/soft-hyphens";
import { copyTemplateDataDir, startTestServer, type TestServer } from "../support/test-server";

/*
 * Issue 38 items 2 and 3 as a brand runs them: an ETIM-coded catalogue with pictures and PDFs in
 * UDX.EDXF.MIME_INFO imported with the real command, with ETIM's own CSV release (ETIM 10.0, ODC-By;
 * tests/fixtures/bmecat-real/SOURCES.md) and without a dictionary, then read as a visitor and a
 * scanner would: the article page and the GS1 Digital Link.
 */
const FIXTURES = path.resolve(import.meta.dirname, "..", "fixtures");
const CATALOGUE = path.join(FIXTURES, "bmecat-etim", "etim-catalogue.xml");
const MEDIA = path.join(FIXTURES, "bmecat-etim", "media");
const ETIM_CSV = path.join(FIXTURES, "bmecat-real", "ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip");
const SITE = "https://www.example.com";

/** The text of a page as a visitor reads it. */
const text = (html: string) => withoutSoftHyphens(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "").replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " "));

async function articlePage(site: TestServer, partno: string, lang = "de"): Promise<string> {
  const found = await fetch(`${site.url}/search?q=${partno}`, { redirect: "manual" });
  const target = found.headers.get("location") ?? "";
  expect(target, partno).toMatch(/^\/products\/articles\//);
  const response = await fetch(`${site.url}${target}${lang === "de" ? "" : `?lang=${lang}`}`);
  expect(response.status).toBe(200);
  return text(await response.text());
}

describe("with ETIM's CSV release", () => {
  let site: TestServer;
  let result: Awaited<ReturnType<typeof importCli>>;
  beforeAll(async () => {
    const dataDir = copyTemplateDataDir();
    result = await importCli({ dataDir, databaseUrl: "" }, ["catalogue", CATALOGUE, "--media", MEDIA, "--etim", ETIM_CSV, "--json"]);
    site = await startTestServer({ SITE_URL: SITE }, { dataDir });
  });
  afterAll(() => site?.close());

  it("imports, naming every feature and value, and shows no ETIM code on the article page", async () => {
    expect(result.code, result.stderr).toBe(0);
    const de = await articlePage(site, "SL-400");
    for (const shown of ["Luminous flux", "100 – 400 lm", "Batteries included", "ja", "Headlight", "Length", "120,5 mm", "Black (mattschwarz)", "Leuchtweite", "40 m"]) expect(de).toContain(shown);
    const en = await articlePage(site, "FS-3", "en");
    for (const shown of ["Number of parking spaces", "Wheel gap", "350 mm", "Freestanding"]) expect(en).toContain(shown);
    for (const page of [de, en]) expect(page).not.toMatch(/\bE[FVUC]\d{6}\b/);
  });

  it("resolves a PDF named Montageanleitung with MIME_PURPOSE data_sheet as the article's instructions", async () => {
    const response = await fetch(`${site.url}/01/04260123450021?linkType=gs1:instructions`, { redirect: "manual" });
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`${SITE}/media/shop/documents/montageanleitung.pdf`);
    const pdf = await fetch(`${site.url}/media/shop/documents/montageanleitung.pdf`);
    expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
  });

  it("links the EDXF manual and declaration for the scanner, and not the expired data sheet", async () => {
    const response = await fetch(`${site.url}/01/04260123450014?linkType=linkset`, { headers: { accept: "application/linkset+json" } });
    const body = JSON.stringify(await response.json());
    expect(body).toContain("/media/shop/documents/bedienungsanleitung.pdf");
    expect(body).toContain("/media/shop/documents/konformitaet.pdf");
    expect(body).not.toContain("datenblatt-alt");
  });
});

describe("without a dictionary", () => {
  it("imports, leaves coded features off the page, and says once how many and how to add the dictionary", async () => {
    const dataDir = copyTemplateDataDir();
    const result = await importCli({ dataDir, databaseUrl: "" }, ["catalogue", CATALOGUE, "--media", MEDIA, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const etim = (result.summary?.warnings ?? []).filter((w) => /ETIM/.test(w.message));
    expect(etim).toHaveLength(1);
    expect(etim[0]?.message).toMatch(/left off the pages: give the ETIM dictionary with --etim .*\(15 times: /);
    const site = await startTestServer({}, { dataDir });
    try {
      const de = await articlePage(site, "SL-400");
      expect(de).toContain("Leuchtweite");
      expect(de).not.toMatch(/\bE[FVU]\d{6}\b/);
    } finally {
      await site.close();
    }
  });
});

describe("the command", () => {
  it("stops with exit 1 and the reason for a dictionary it cannot read, and with exit 2 for --etim elsewhere", async () => {
    const target = { dataDir: copyTemplateDataDir(), databaseUrl: "" };
    const missing = await importCli(target, ["catalogue", CATALOGUE, "--etim", path.join(FIXTURES, "no-such-etim.zip"), "--json"]);
    expect(missing.code).toBe(1);
    expect(missing.summary?.errors).toEqual([{ line: null, where: "--etim", message: expect.stringMatching(/no-such-etim\.zip: no such file or folder: the catalogue was not read/) }]);
    const wrong = await importCli(target, ["dealers", path.join(FIXTURES, "dealers", "haendler.csv"), "--etim", ETIM_CSV]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('That option does not belong to "dealers"');
  });
});
