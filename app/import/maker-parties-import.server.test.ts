import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import type { ImportSummary } from "~/exchange/import-report";
import { importCatalogue } from "./catalogue-import.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/*
 * Issue 37 (GPSR Art. 19): a maker's postal and electronic address, from BMEcat 2005's header
 * parties (PARTY, MANUFACTURER_IDREF) and from our UDX fields, which win; one warning per maker
 * whose addresses the file does not give.
 */
const fixture = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat/maker-parties-2005.xml");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-makers-"));
let db: DB;
let summary: ImportSummary;

const run = (file: string) =>
  importCatalogue(db, { brand: shippedBrandNames(), file, mediaDir: scratch, dataDir: path.join(scratch, "data"), siteMediaDir: path.join(scratch, "media"), dryRun: false, log: () => undefined, quiet: true });

beforeAll(async () => {
  db = openDatabase(path.join(scratch, "data", "velocat.sqlite"));
  await migrateToLatest(db);
  summary = await run(fixture);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const maker = (partno: string) => db.selectFrom("articles").select(["manufacturer", "manufacturer_address", "manufacturer_email"]).where("partno", "=", partno).executeTakeFirstOrThrow();

const OPB = "Officine Pneumatiche Bresciane S.r.l.";

describe("a maker's addresses from a BMEcat 2005 file (issue 37)", () => {
  it("imports every product", () => {
    expect(summary.errors).toEqual([]);
    expect(summary.counts.articles?.added).toBe(10);
  });

  it("takes the party MANUFACTURER_IDREF names: its address in one line, its e-mail before its web address", async () => {
    expect(await maker("VB-62048")).toEqual({ manufacturer: OPB, manufacturer_address: "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italy", manufacturer_email: "sicurezza@opb-pompe.example.it" });
  });

  it("names the maker after its party where the product has no MANUFACTURER_NAME, by any of the party's ids", async () => {
    expect(await maker("VB-62049")).toEqual({ manufacturer: OPB, manufacturer_address: "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italy", manufacturer_email: "sicurezza@opb-pompe.example.it" });
  });

  it("keeps the product's own UDX fields over its party's", async () => {
    expect(await maker("VB-62050")).toEqual({ manufacturer: OPB, manufacturer_address: "Via Industriale 3, 25030 Torbole Casaglia (BS), Italia", manufacturer_email: "www.opb-pompe.example.it/contatti" });
  });

  it("reads the UDX fields of a product without a party (1.2 files have none)", async () => {
    expect(await maker("VB-62051")).toEqual({ manufacturer: "Pompe Garda S.n.c.", manufacturer_address: "Via Roma 7, 37019 Peschiera del Garda (VR), Italia", manufacturer_email: "mailto:info@pompegarda.example.it" });
  });

  it("takes a web address where the party has no e-mail, and no postal address without a town", async () => {
    expect(await maker("LT-1")).toEqual({ manufacturer: "Lintao Rubber Industrial Co., Ltd.", manufacturer_address: null, manufacturer_email: "https://www.lintao-rubber.example.com/contact" });
  });

  it("keeps nothing of the brand's own party: its addresses are content/brand.yaml's", async () => {
    expect(await maker("KL-1")).toEqual({ manufacturer: null, manufacturer_address: null, manufacturer_email: null });
  });

  it("warns once per maker whose addresses are missing, with the number of its articles", () => {
    const makers = summary.warnings.filter((w) => w.message.includes("GPSR Art. 19")).map((w) => w.message.replace(/ \(GPSR Art\. 19\).*/, ""));
    expect(makers).toEqual([
      "3 articles by Ruote Sud S.p.A. have no postal or usable electronic address of their maker",
      "1 article by Lintao Rubber Industrial Co., Ltd. has no postal address of its maker",
      "1 article by Valvole Nord has no postal or usable electronic address of its maker",
    ]);
    expect(summary.warnings.filter((w) => w.message.includes("Ruote Sud"))).toHaveLength(1);
    expect(summary.warnings.find((w) => w.message.includes("Ruote Sud"))?.message).toMatch(/PARTY .*MANUFACTURER_IDREF.*UDX\.VELOCAT\.MANUFACTURER_ADDRESS/);
  });

  it("warns about a MANUFACTURER_IDREF the header declares no party for", () => {
    expect(summary.warnings.some((w) => w.where === "PRODUCT/MANUFACTURER_IDREF" && w.message.includes('"NOBODY" is no PARTY_ID'))).toBe(true);
  });

  it("leaves out an address longer than the schema allows, with a warning", async () => {
    const long = path.join(scratch, "long.xml");
    fs.writeFileSync(long, fs.readFileSync(fixture, "utf8").replace("<STREET>Via dell'Artigianato 14</STREET>", `<STREET>${"Via lunga ".repeat(60)}</STREET>`));
    const result = await run(long);
    expect(result.warnings.some((w) => w.where === "PRODUCT/UDX.VELOCAT.MANUFACTURER_ADDRESS" && /^\d+ characters, more than 500: left out$/.test(w.message))).toBe(true);
    expect((await maker("VB-62048")).manufacturer_address).toBeNull();
    await run(fixture);
  });

  it("counts a changed party address as a changed article", async () => {
    const changed = path.join(scratch, "changed.xml");
    fs.writeFileSync(changed, fs.readFileSync(fixture, "utf8").replace("<ZIP>25030</ZIP>", "<ZIP>25031</ZIP>"));
    const again = await run(changed);
    // VB-62050's own UDX address wins over the party's: it stays unchanged.
    expect(again.counts.articles).toEqual({ added: 0, changed: 2, removed: 0, unchanged: 8 });
  });
});
