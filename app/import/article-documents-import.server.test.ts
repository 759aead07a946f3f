import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import type { ImportSummary } from "~/exchange/import-report";
import { importCatalogue } from "./catalogue-import.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * Issue 28, decision 050: a BMEcat file's PDFs, safety remarks and manufacturer through the whole
 * import (reading, resolving, copying, rows, the content hash) and a T_UPDATE_PRODUCTS delta.
 */
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-documents");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-documents-"));
const dataDir = path.join(scratch, "data");
const siteMediaDir = path.join(scratch, "media");
let db: DB;

beforeAll(async () => {
  db = openDatabase(path.join(dataDir, "velocat.sqlite"));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const run = (file: string, mediaDir = fixtures) => importCatalogue(db, { brand: makerBrand, file, mediaDir, dataDir, siteMediaDir, dryRun: false, log: () => undefined, quiet: true });

function copy(name: string, change: (text: string) => string = (t) => t): string {
  const target = path.join(scratch, name);
  fs.writeFileSync(target, change(fs.readFileSync(path.join(fixtures, "catalogue.xml"), "utf8")));
  return target;
}

const messages = (summary: ImportSummary) => summary.warnings.map((w) => `${w.line}: ${w.message}`);

describe("a catalogue with documents, safety remarks and a manufacturer", () => {
  let first: ImportSummary;
  beforeAll(async () => {
    first = await run(path.join(fixtures, "catalogue.xml"));
  });

  it("keeps the PDFs it can use, with names, language, purpose and size, and copies them under the media folder", async () => {
    expect(first.errors).toEqual([]);
    const rows = await db.selectFrom("article_documents").selectAll().orderBy("partno").orderBy("position").execute();
    const size = (name: string) => fs.statSync(path.join(fixtures, "dokumente", name)).size;
    expect(rows).toEqual([
      { partno: "AK-500", position: 1, purpose: "data_sheet", file_name: "shop/documents/akku-datenblatt.pdf", language: "", name_de: "Datenblatt", name_en: "Data sheet", size_bytes: size("akku-datenblatt.pdf") },
      { partno: "AK-500", position: 2, purpose: "safety_data_sheet", file_name: "shop/documents/akku-sicherheitsdatenblatt.pdf", language: "en", name_de: "", name_en: "Safety data sheet", size_bytes: size("akku-sicherheitsdatenblatt.pdf") },
    ]);
    for (const row of rows) expect(fs.readFileSync(path.join(siteMediaDir, row.file_name))).toEqual(fs.readFileSync(path.join(fixtures, "dokumente", path.basename(row.file_name))));
    expect(first.counts.documents).toEqual({ added: 2, changed: 0, removed: 0, unchanged: 0 });
  });

  it("reports the HTML page named .pdf and the missing file as warnings, keeping the product", () => {
    const warnings = messages(first);
    expect(warnings.some((w) => /fehlerseite\.pdf is not a PDF .*: the document is left out/.test(w))).toBe(true);
    expect(warnings.some((w) => /missing document file: .*gibt-es-nicht\.pdf: the document is left out/.test(w))).toBe(true);
  });

  it("reads the safety remarks per language as paragraphs, and the maker unless it is the brand", async () => {
    const rows = await db.selectFrom("articles").select(["partno", "manufacturer", "safety_de", "safety_en"]).orderBy("partno").execute();
    expect(rows).toEqual([
      { partno: "AK-500", manufacturer: "Akkuwerk Ost GmbH", safety_de: "Nur mit dem mitgelieferten Ladegerät laden.\n\nNicht über 60 °C erwärmen.\nNicht öffnen.", safety_en: "Charge only with the charger supplied." },
      { partno: "KL-1", manufacturer: null, safety_de: null, safety_en: null },
    ]);
  });

  it("reports no change when the same file comes again", async () => {
    const again = await run(path.join(fixtures, "catalogue.xml"));
    expect(again.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 2 });
    expect(again.counts.documents).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 2 });
    expect(again.applied).toBe(false);
  });

  it("counts a changed remark, document name or manufacturer as a changed article", async () => {
    for (const [from, to] of [
      ["Charge only with", "Only charge with"],
      ['<MIME_DESCR lang="eng">Data sheet</MIME_DESCR>', '<MIME_DESCR lang="eng">Datasheet</MIME_DESCR>'],
      ["Akkuwerk Ost GmbH", "Akkuwerk West GmbH"],
    ] as const) {
      const changed = await run(copy("changed.xml", (t) => t.replace(from, to)), fixtures);
      expect(changed.errors).toEqual([]);
      expect(changed.counts.articles, to).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 1 });
      // Back, for the next change.
      await run(path.join(fixtures, "catalogue.xml"));
    }
  });

  it("drops a document the catalogue no longer names, and its file", async () => {
    const without = await run(copy("without.xml", (t) => t.replace(/<MIME>\s*<MIME_SOURCE>akku-sicherheitsdatenblatt\.pdf[\s\S]*?<\/MIME>/, "")), fixtures);
    expect(without.counts.documents).toMatchObject({ removed: 1 });
    expect(fs.existsSync(path.join(siteMediaDir, "shop/documents/akku-sicherheitsdatenblatt.pdf"))).toBe(false);
    expect((await db.selectFrom("article_documents").select("file_name").execute()).map((r) => r.file_name)).toEqual(["shop/documents/akku-datenblatt.pdf"]);
    await run(path.join(fixtures, "catalogue.xml"));
  });

  it("carries documents, remarks and the manufacturer through a T_UPDATE_PRODUCTS delta", async () => {
    const delta = copy("delta.xml", (t) =>
      t
        .replace("<T_NEW_CATALOG>", "<T_UPDATE_PRODUCTS prev_version=\"1\">")
        .replace("</T_NEW_CATALOG>", "</T_UPDATE_PRODUCTS>")
        .replace(/<CATALOG_GROUP_SYSTEM>[\s\S]*?<\/CATALOG_GROUP_SYSTEM>/, "")
        .replace(/<PRODUCT mode="new">\s*<SUPPLIER_PID>AK-500[\s\S]*?<\/PRODUCT>/, "")
        .replace('<PRODUCT mode="new">', '<PRODUCT mode="update">')
        .replace("<MANUFACTURER_NAME>viva</MANUFACTURER_NAME>", '<MANUFACTURER_NAME>Klangwerk</MANUFACTURER_NAME><REMARKS type="safety" lang="eng">Not a toy.</REMARKS>')
        .replace(
          /(<SUPPLIER_PID>KL-1[\s\S]*?<\/PRODUCT_PRICE_DETAILS>)/,
          "$1<MIME_INFO><MIME><MIME_TYPE>application/pdf</MIME_TYPE><MIME_SOURCE>akku-datenblatt.pdf</MIME_SOURCE><MIME_DESCR>Anleitung</MIME_DESCR><MIME_PURPOSE>others</MIME_PURPOSE></MIME></MIME_INFO><USER_DEFINED_EXTENSIONS><UDX.VELOCAT.DOCUMENT><UDX.VELOCAT.DOCUMENT_SOURCE>akku-datenblatt.pdf</UDX.VELOCAT.DOCUMENT_SOURCE><UDX.VELOCAT.DOCUMENT_PURPOSE>manual</UDX.VELOCAT.DOCUMENT_PURPOSE><UDX.VELOCAT.DOCUMENT_LANGUAGE>de</UDX.VELOCAT.DOCUMENT_LANGUAGE></UDX.VELOCAT.DOCUMENT></USER_DEFINED_EXTENSIONS>",
        ),
    );
    const summary = await run(delta, fixtures);
    expect(summary.errors).toEqual([]);
    expect(summary.counts.articles).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 0 });
    const bell = await db.selectFrom("articles").select(["manufacturer", "safety_en"]).where("partno", "=", "KL-1").executeTakeFirstOrThrow();
    expect(bell).toEqual({ manufacturer: "Klangwerk", safety_en: "Not a toy." });
    const documents = await db.selectFrom("article_documents").select(["partno", "purpose", "language", "name_de", "file_name"]).where("partno", "=", "KL-1").execute();
    expect(documents).toEqual([{ partno: "KL-1", purpose: "manual", language: "de", name_de: "Anleitung", file_name: "shop/documents/akku-datenblatt.pdf" }]);
    // The battery kept its documents, and the file both name stays.
    expect(await db.selectFrom("article_documents").select("partno").where("partno", "=", "AK-500").execute()).toHaveLength(2);
    const again = await run(delta, fixtures);
    expect(again.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 1 });
  });
});

describe("many unusable documents", () => {
  it("are listed ten at a time, the rest in one line per kind, like pictures", async () => {
    const products = Array.from({ length: 14 }, (_, i) => `<PRODUCT><SUPPLIER_PID>P-${i}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>P ${i}</DESCRIPTION_SHORT></PRODUCT_DETAILS><MIME_INFO><MIME><MIME_TYPE>application/pdf</MIME_TYPE><MIME_SOURCE>fehlt-${i}.pdf</MIME_SOURCE></MIME></MIME_INFO></PRODUCT>`);
    const file = copy("many.xml", (t) => t.replace(/<PRODUCT mode="new">[\s\S]*<\/PRODUCT>/, products.join("\n")).replace(/<PRODUCT_TO_CATALOGGROUP_MAP>[\s\S]*<\/PRODUCT_TO_CATALOGGROUP_MAP>/, ""));
    const summary = await importCatalogue(db, { brand: makerBrand, file, mediaDir: fixtures, dataDir, siteMediaDir, dryRun: true, log: () => undefined, quiet: true });
    expect(summary.errors).toEqual([]);
    const documents = summary.warnings.filter((w) => w.where === "MIME_SOURCE").map((w) => w.message);
    expect(documents).toHaveLength(11);
    expect(documents[10]).toMatch(/^4 more documents missing below .*dokumente \(lines \d+, \d+, \d+, \d+\): left out$/);
  });
});
