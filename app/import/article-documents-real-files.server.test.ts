import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import type { ImportSummary } from "~/exchange/import-report";
import { importCatalogue } from "./catalogue-import.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * Issue 28, decision 050: BMEcat files other tools wrote (tests/fixtures/bmecat-real/SOURCES.md)
 * with PDF MIME entries, REMARKS and MANUFACTURER_NAME. Their PDFs are not in the repository: each
 * import keeps the products and reports the documents as missing, grouped like missing pictures.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-real");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-documents-real-"));
const open: DB[] = [];
afterAll(async () => {
  for (const db of open) await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function importReal(name: string): Promise<{ db: DB; summary: ImportSummary }> {
  const dataDir = path.join(scratch, name);
  const db = openDatabase(path.join(dataDir, "velocat.sqlite"));
  open.push(db);
  await migrateToLatest(db);
  // Hosts are never asked: loopback only, refused at once (a made-up or unreachable one is a warning either way).
  const summary = await importCatalogue(db, {
    brand: makerBrand,
    file: path.join(FIXTURES, name),
    dataDir,
    siteMediaDir: path.join(dataDir, "media"),
    dryRun: false,
    log: () => undefined,
    quiet: true,
    downloads: { hosts: "public", timeoutMs: 2000 },
  });
  return { db, summary };
}

const documentWarnings = (summary: ImportSummary) => summary.warnings.filter((w) => /document/.test(w.message)).map((w) => w.message);

describe("real BMEcat files with PDFs, remarks and manufacturers", () => {
  it("fischer (nexmart, 1.2): PDFs of catalogue groups are named in one warning; the product's own is reported missing", async () => {
    const { db, summary } = await importReal("fischer-nexmart-1.2-price-validity.xml");
    expect(summary.errors).toEqual([]);
    expect(summary.applied).toBe(true);
    expect(documentWarnings(summary)).toEqual(["1 document belongs to catalogue groups, not to products: left out (the site lists documents per article)"]);
    // MANUFACTURER_NAME fischer; REMARKS type="udxmetadescription" is no safety information.
    expect(await db.selectFrom("articles").select(["manufacturer", "safety_de", "safety_en"]).execute()).toEqual([{ manufacturer: "fischer", safety_de: null, safety_en: null }]);
    const large = await importReal("fischer-nexmart-1.2-udx-726-groups.xml");
    expect(large.summary.errors).toEqual([]);
    expect(large.summary.applied).toBe(true);
    expect(await large.db.selectFrom("article_documents").selectAll().execute()).toEqual([]);
  });

  it("herrenmode (1.01): REMARKS without type are no safety information; the maker is kept", async () => {
    const { db, summary } = await importReal("herrenmode-1.01-new-catalog.xml");
    expect(summary.errors).toEqual([]);
    expect(documentWarnings(summary)).toEqual([expect.stringMatching(/missing document file: .*charlie\.pdf/), expect.stringMatching(/missing document file: .*dennis\.pdf/)]);
    const rows = await db.selectFrom("articles").select(["manufacturer", "safety_de"]).execute();
    expect(rows.map((r) => r.manufacturer)).toEqual(["Faden und Soehne", "Faden und Soehne"]);
    expect(rows.every((r) => r.safety_de === null)).toBe(true);
  });

  it("SAP PSX (1.2, English only): a PDF at an address that cannot be had is a warning", async () => {
    const { db, summary } = await importReal("sap-psx-1.2-english-usd.xml");
    expect(summary.errors).toEqual([]);
    expect(documentWarnings(summary)).toEqual([expect.stringMatching(/smartphone_guidebook\.pdf: .*the document is left out$/)]);
    expect(await db.selectFrom("articles").select("partno").execute()).toHaveLength(4);
  });
});
