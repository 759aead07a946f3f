import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import type { ImportSummary } from "~/exchange/import-report";
import { importCatalogue } from "./catalogue-import.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/**
 * Issue 38 items 2 and 3 through the whole import: an ETIM-coded catalogue with ETIM's own CSV
 * release (English, ODC-By; tests/fixtures/bmecat-real/SOURCES.md), with an ETIMIXF file in German
 * and English, and without a dictionary; pictures and PDFs in UDX.EDXF.MIME_INFO.
 */
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-etim");
const catalogue = path.join(fixtures, "etim-catalogue.xml");
const media = path.join(fixtures, "media");
const ETIM_CSV = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-real/ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip");
const ETIM_IXF = path.join(fixtures, "etimixf-de-en.xml");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-etim-"));
let db: DB;

beforeAll(async () => {
  db = openDatabase(path.join(scratch, "data", "velocat.sqlite"));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const run = (etim: string[] | undefined, file = catalogue, mediaDir = media) =>
  importCatalogue(db, { brand: shippedBrandNames(), file, mediaDir, etim, dataDir: path.join(scratch, "data"), siteMediaDir: path.join(scratch, "site"), dryRun: false, log: () => undefined, quiet: true });

async function properties(partno: string): Promise<string[]> {
  const rows = await db.selectFrom("article_properties").selectAll().where("partno", "=", partno).orderBy("position").execute();
  return rows.map((r) => `${r.attribute_de} | ${r.attribute_en}: ${r.value_de} | ${r.value_en}`);
}

const warnings = (summary: ImportSummary) => summary.warnings.map((w) => `${w.line}: ${w.where}: ${w.message}`);

describe("an ETIM-coded catalogue", () => {
  it("without a dictionary shows no code: coded features are left off with one grouped warning saying how to add it", async () => {
    const summary = await run(undefined);
    expect(summary.errors).toEqual([]);
    const shown = [...(await properties("SL-400")), ...(await properties("FS-3"))];
    expect(shown).toEqual(["Leuchtweite | Beam range: 40 m | 40 m"]);
    const etim = warnings(summary).filter((w) => /ETIM/.test(w));
    expect(etim).toHaveLength(1);
    expect(etim[0]).toMatch(/^\d+: FEATURE: features written as ETIM codes are left off the pages: give the ETIM dictionary with --etim .*\(15 times: SL-400 EF000010 EV010222 on line \d+, /);
  });

  it("with ETIM's CSV release names features, values and units, and shows numbers, logicals and ranges properly", async () => {
    const summary = await run([ETIM_CSV]);
    expect(summary.errors).toEqual([]);
    expect(await properties("SL-400")).toEqual([
      "Model | Model: Headlight | Headlight",
      "Lamp type | Lamp type: LED not exchangeable | LED not exchangeable",
      "Number of batteries | Number of batteries: 2 | 2",
      "Batteries included | Batteries included: ja | yes",
      "Rechargeable | Rechargeable: nein | no",
      "Luminous flux | Luminous flux: 100 – 400 lm | 100 – 400 lm",
      "Housing colour | Housing colour: Black (mattschwarz) | Black (mattschwarz)",
      "Material | Material: Aluminium, eloxiert | Aluminium, eloxiert",
      "Length | Length: 120,5 mm | 120.5 mm",
      "Leuchtweite | Beam range: 40 m | 40 m",
    ]);
    expect(await properties("FS-3")).toEqual([
      "Length | Length: 1050 mm | 1050 mm",
      "Number of parking spaces | Number of parking spaces: 3 | 3",
      "Wheel gap | Wheel gap: 350 mm | 350 mm",
      "Model | Model: Freestanding | Freestanding",
    ]);
    expect(warnings(summary).filter((w) => /ETIM/.test(w))).toEqual([expect.stringMatching(/SL-400 EF999999: ETIM codes the dictionary does not name .*: the feature is left off the page/)]);
  });

  it("with an ETIMIXF file in German and English shows each page its language, the CSV release filling what it lacks", async () => {
    const summary = await run([ETIM_IXF, ETIM_CSV]);
    expect(summary.errors).toEqual([]);
    const shown = await properties("SL-400");
    expect(shown).toContain("Ausführung | Model: Stirnlampe | Headlight");
    expect(shown).toContain("Batterien im Lieferumfang | Batteries included: ja | yes");
    expect(shown).toContain("Gehäusefarbe | Housing colour: Schwarz (mattschwarz) | Black (mattschwarz)");
    expect(await properties("FS-3")).toContain("Number of parking spaces | Number of parking spaces: 3 | 3");
  });

  it("takes the EDXF pictures (MD01 first) and PDFs by their codes, leaving out an expired one, logos and deeplinks", async () => {
    const summary = await run([ETIM_CSV]);
    const images = await db.selectFrom("article_media").select(["partno", "imagename"]).where("partno", "=", "SL-400").orderBy("position").execute();
    expect(images.map((i) => i.imagename)).toEqual(["stirnlampe", "stirnlampe-seite"]);
    const documents = await db.selectFrom("article_documents").select(["partno", "purpose", "file_name", "language", "name_de", "name_en"]).orderBy("partno").orderBy("position").execute();
    expect(documents).toEqual([
      { partno: "FS-3", purpose: "manual", file_name: "shop/documents/montageanleitung.pdf", language: "", name_de: "Montageanleitung", name_en: "Assembly instructions" },
      { partno: "SL-400", purpose: "manual", file_name: "shop/documents/bedienungsanleitung.pdf", language: "de", name_de: "Gebrauchsanweisung", name_en: "Instructions for use" },
      { partno: "SL-400", purpose: "declaration", file_name: "shop/documents/konformitaet.pdf", language: "", name_de: "EU-Konformitätserklärung", name_en: "EU declaration of conformity" },
    ]);
    expect(warnings(summary).filter((w) => /EXPIRY/.test(w))).toEqual([expect.stringMatching(/UDX.EDXF.MIME_EXPIRY_DATE: SL-400 dokumente\/datenblatt-alt.pdf \(2001-12-31\): expired before the import's day: the file is left out/)]);
    // The logo (MD18) is no product picture: not even reported missing.
    expect(warnings(summary).some((w) => /stirnlampe-logo/.test(w))).toBe(false);
  });

  it("refuses EDXF sources outside --media like any MIME_SOURCE: ../, a link out, while a leading slash is the media folder's top", async () => {
    const folder = path.join(scratch, "attack");
    fs.cpSync(media, path.join(folder, "media"), { recursive: true });
    fs.writeFileSync(path.join(scratch, "secret.pdf"), fs.readFileSync(path.join(media, "dokumente", "konformitaet.pdf")));
    fs.symlinkSync(path.join(scratch, "secret.pdf"), path.join(folder, "media", "dokumente", "link.pdf"));
    const file = path.join(folder, "catalogue.xml");
    fs.writeFileSync(
      file,
      fs.readFileSync(catalogue, "utf8")
        .replace("bilder/stirnlampe-seite.png", "../../secret.png")
        .replace("dokumente/konformitaet.pdf", "dokumente/link.pdf")
        .replace("dokumente/bedienungsanleitung.pdf", "/etc/passwd.pdf"),
    );
    const summary = await run([ETIM_CSV], file, path.join(folder, "media"));
    expect(summary.errors).toEqual([]);
    const all = warnings(summary).join("\n");
    expect(all).toMatch(/"\.\.\/\.\.\/secret\.png" points outside/);
    expect(all).toMatch(/"dokumente\/link\.pdf" is a link to .*secret\.pdf, outside the media folder/);
    expect(all).toMatch(/missing document file: .*attack\/media\/etc\/passwd\.pdf/);
    const documents = await db.selectFrom("article_documents").select("file_name").where("partno", "=", "SL-400").execute();
    expect(documents).toEqual([]);
  });
});

describe("a dictionary that is not one", () => {
  it("stops the import before the catalogue is read: exit 1, nothing changed, the reason named", async () => {
    const binary = path.join(scratch, "random.bin");
    fs.writeFileSync(binary, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    for (const [etim, reason] of [
      [binary, /neither a ZIP nor XML: give ETIM's CSV release/],
      [catalogue, /its root element is <BMECAT>, not ETIMIXF's/],
      [path.join(scratch, "missing.zip"), /no such file or folder/],
      [path.join(fixtures, "media", "dokumente"), /no ETIMFEATURE\.csv in it/],
    ] as const) {
      const summary = await run([etim]);
      expect(summary.applied).toBe(false);
      expect(summary.errors).toEqual([{ line: null, where: "--etim", message: expect.stringMatching(reason) }]);
    }
  });
});
