import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import { importCatalogue } from "~/import/catalogue-import.server";
import { validateBmecat } from "~/../tests/support/xmllint";
import { exportCatalogue, type CatalogueExportSummary } from "./catalogue-export.server";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

const brand = shippedBrand();

/**
 * Issue 28, decision 050: documents (with purposes BMEcat has no value for), safety remarks and the
 * manufacturer survive import → export → import, and the export still validates against the
 * official schema plus our UDX schema.
 */
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-documents");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-documents-export-"));

interface Site {
  db: DB;
  dataDir: string;
  siteMediaDir: string;
}

async function site(name: string): Promise<Site> {
  const dataDir = path.join(scratch, name);
  const db = openDatabase(path.join(dataDir, "velocat.sqlite"));
  await migrateToLatest(db);
  return { db, dataDir, siteMediaDir: path.join(dataDir, "media") };
}

const importInto = (s: Site, file: string, mediaDir?: string) =>
  importCatalogue(s.db, { brand: makerBrand, file, ...(mediaDir ? { mediaDir } : {}), dataDir: s.dataDir, siteMediaDir: s.siteMediaDir, dryRun: false, log: () => undefined, quiet: true });

const exportFrom = (s: Site, file: string) => exportCatalogue(s.db, { brand, file, siteMediaDir: s.siteMediaDir, log: () => undefined, quiet: true });

async function gpsrRows(db: DB) {
  return {
    articles: await db.selectFrom("articles").select(["partno", "manufacturer", "safety_de", "safety_en"]).orderBy("partno").execute(),
    documents: await db.selectFrom("article_documents").selectAll().orderBy("partno").orderBy("position").execute(),
  };
}

let a: Site;
let b: Site;
let exported: CatalogueExportSummary;
const fileA = path.join(scratch, "out-a", "catalogue.xml");

beforeAll(async () => {
  a = await site("a");
  b = await site("b");
  const first = await importInto(a, path.join(fixtures, "catalogue.xml"), fixtures);
  expect(first.errors).toEqual([]);
  // Purposes BMEcat's MIME_PURPOSE cannot say, and a file in one language, as the demo has them.
  await a.db.updateTable("article_documents").set({ purpose: "manual", language: "de" }).where("position", "=", 1).execute();
  await a.db.updateTable("article_documents").set({ purpose: "declaration" }).where("position", "=", 2).execute();
  exported = await exportFrom(a, fileA);
}, 60_000);

afterAll(async () => {
  await a?.db.destroy();
  await b?.db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("documents, safety remarks and the manufacturer in the BMEcat export", () => {
  it("copies each document into the export's media folder and writes it as a schema-valid MIME with our UDX", async () => {
    // The fixture has no pictures: only the category tiles are missing.
    expect(exported.warnings.filter((w) => !w.message.includes("has no tile picture"))).toEqual([]);
    expect(exported.documents).toEqual({ copied: 2, unchanged: 0, missing: 0 });
    const xml = fs.readFileSync(fileA, "utf8");
    expect(xml).toContain("<MANUFACTURER_NAME>Akkuwerk Ost GmbH</MANUFACTURER_NAME>");
    expect(xml).toContain('<REMARKS type="safety" lang="eng">Charge only with the charger supplied.</REMARKS>');
    expect(xml).toMatch(/<MIME_TYPE>application\/pdf<\/MIME_TYPE>\s*<MIME_SOURCE>documents\/akku-datenblatt\.pdf<\/MIME_SOURCE>\s*<MIME_DESCR lang="deu">Datenblatt<\/MIME_DESCR>\s*<MIME_DESCR lang="eng">Data sheet<\/MIME_DESCR>\s*<MIME_PURPOSE>others<\/MIME_PURPOSE>/);
    expect(xml).toContain("<UDX.VELOCAT.DOCUMENT_PURPOSE>manual</UDX.VELOCAT.DOCUMENT_PURPOSE>");
    // The brand's own article names no maker: the import reads "none" as the brand.
    expect(xml.match(/<MANUFACTURER_NAME>/g)).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(fileA), "catalogue-media", "documents", "akku-datenblatt.pdf"))).toEqual(fs.readFileSync(path.join(fixtures, "dokumente", "akku-datenblatt.pdf")));
    const check = await validateBmecat(fileA);
    expect(check.errors.slice(0, 5)).toEqual([]);
    expect(check.valid).toBe(true);
  });

  // Fingerprints: A's rows were edited above without one, so only B's own second import can tell.
  it("reads back into another site as the same rows, and no change the second time", async () => {
    const first = await importInto(b, fileA);
    expect(first.errors).toEqual([]);
    // The fixture's other maker has a name only: one line for it, as for any such catalogue (issue 37 item 18).
    expect(first.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^1 article by Akkuwerk Ost GmbH has no postal or usable electronic address of its maker/)]);
    expect(await gpsrRows(b.db)).toEqual(await gpsrRows(a.db));
    const second = await importInto(b, fileA);
    expect(second.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 2 });
    expect(second.applied).toBe(false);
    // B's export is A's, byte for byte.
    const fileB = path.join(scratch, "out-b", "catalogue.xml");
    await exportFrom(b, fileB);
    expect(fs.readFileSync(fileB, "utf8")).toBe(fs.readFileSync(fileA, "utf8"));
  });

  it("leaves out a document whose file is gone, with a warning, and still validates", async () => {
    fs.rmSync(path.join(a.siteMediaDir, "shop/documents/akku-sicherheitsdatenblatt.pdf"));
    const file = path.join(scratch, "out-c", "catalogue.xml");
    const summary = await exportFrom(a, file);
    expect(summary.documents).toEqual({ copied: 1, unchanged: 0, missing: 1 });
    expect(summary.warnings.map((w) => w.message).filter((m) => m.startsWith("AK-500"))).toEqual([expect.stringMatching(/AK-500: document shop\/documents\/akku-sicherheitsdatenblatt\.pdf is missing .*: it is left out/)]);
    expect(fs.readFileSync(file, "utf8")).not.toContain("akku-sicherheitsdatenblatt");
    expect((await validateBmecat(file)).valid).toBe(true);
  });
});
