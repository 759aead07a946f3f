import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { findRecall, listRecalls } from "~/models/recall.server";
import { minimalXlsx, sheetRow, sheetXml } from "~/../tests/support/minimal-xlsx";
import { openTestDatabase } from "~/../tests/support/test-store";
import { mediaDirectory } from "~/utils/media-directory.server";
import { importRecalls, type RecallImportOptions } from "./recall-import.server";

const fixture = (name: string) => path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "recalls", name);
const example = path.join(import.meta.dirname, "..", "..", "docs", "examples", "recalls.csv");
const TODAY = "2026-11-27";

let dir: string;
let db: DB;
beforeEach(async () => {
  // A fresh copy of the seeded demo database (seed 1962) per test, with its two demo recalls.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-recall-import-"));
  db = await openTestDatabase(dir, { seeded: true });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(file: string, options: Partial<RecallImportOptions> = {}) {
  return importRecalls(db, { file, dryRun: false, dataDir: dir, siteMediaDir: mediaDirectory(dir), log: () => {}, quiet: true, today: TODAY, ...options });
}

/** Everything a recall import may change, to prove that a failed or dry one changed nothing. */
async function dump(): Promise<string> {
  const recalls = await db.selectFrom("recalls").selectAll().orderBy("id").execute();
  const meta = await db.selectFrom("app_meta").selectAll().orderBy("key").execute();
  return JSON.stringify({ recalls, meta });
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("importRecalls", () => {
  it("reports every problem of a file with its line and column, and changes nothing", async () => {
    const before = await dump();
    const summary = await run(fixture("broken.csv"));
    expect(summary.applied).toBe(false);
    expect(summary.errors).toEqual([
      { line: 3, where: "part_number", message: expect.stringContaining("the catalogue has no article NO-SUCH-PART: correct the part number, or give the product's GTIN") },
      { line: 4, where: "gtin", message: expect.stringContaining('"4260512901234" is no valid GTIN') },
      { line: 5, where: "published", message: expect.stringContaining('"14.10.2026" is not a date written YYYY-MM-DD') },
      { line: 6, where: "published", message: expect.stringContaining("2099-01-01 lies in the future (today is 2026-11-27)") },
      { line: 7, where: "title_de", message: "empty: the German text is required (English pages fall back to it)" },
      { line: 7, where: "remedy_de", message: "empty: the German text is required (English pages fall back to it)" },
      { line: 8, where: "part_number", message: "a recall of VB-63177 published 2026-11-02 is already on line 2: put all its batches in one row" },
    ]);
    expect(await dump()).toBe(before);
  });

  it("replaces the list in one go, keeps the addresses of recalls it already had, and sets a new data version", async () => {
    const before = await getMeta(db, "data_version");
    const summary = await run(fixture("good.csv"));
    expect(summary.errors).toEqual([]);
    expect(summary.warnings).toEqual([
      { line: 3, where: "part_number", message: "the catalogue has no article OLD-4711: the notice is published with GTIN 4047791622338 and without a link to an article page" },
      { line: null, message: "the recall 2026-09-18-vb-15958 (VB-15958, published 2026-09-18) is not in the file: its page is taken down" },
    ]);
    expect(summary.counts).toEqual({ recalls: { added: 1, changed: 1, removed: 1, unchanged: 0 } });
    expect(summary.untranslated).toBe(3);
    expect(summary.applied).toBe(true);
    expect(summary.dataVersion).not.toBe(before);
    expect(await getMeta(db, "data_version")).toBe(summary.dataVersion);
    expect((await listRecalls(db)).map((r) => r.id)).toEqual(["2026-11-02-vb-63177", "2025-03-01-old-4711"]);
    expect(await findRecall(db, "2026-11-02-vb-63177")).toMatchObject({ batches: "2604-L17\n2605-L03", title_en: "Front light: battery can overheat" });
    expect(await findRecall(db, "2025-03-01-old-4711")).toMatchObject({ hazard_de: "Kurzschluss im Akku.\n\nBrandgefahr.", title_en: "" });

    // The same file again: nothing to do, the data version stays.
    const again = await run(fixture("good.csv"));
    expect(again.counts).toEqual({ recalls: { added: 0, changed: 0, removed: 0, unchanged: 2 } });
    expect(again.dataVersion).toBe(summary.dataVersion);
  });

  it("reads the example a brand copies (docs/examples/recalls.csv) against the demo catalogue without a problem", async () => {
    const summary = await run(example);
    expect(summary.errors).toEqual([]);
    expect(summary.warnings).toEqual([]);
    expect(summary.counts).toEqual({ recalls: { added: 1, changed: 0, removed: 0, unchanged: 2 } });
  });

  it("warns when the GTIN is not the article's", async () => {
    const file = write("r.csv", "part_number,gtin,published,title_de,hazard_de,remedy_de\nVB-63177,4047791622338,2026-11-02,T,H,R\n");
    const summary = await run(file, { dryRun: true });
    expect(summary.warnings[0]).toEqual({ line: 2, where: "gtin", message: expect.stringContaining("4047791622338 is not among the EANs of article VB-63177") });
  });

  it("a dry run counts and changes nothing", async () => {
    const before = await dump();
    const summary = await run(fixture("good.csv"), { dryRun: true });
    expect(summary.errors).toEqual([]);
    expect(summary.counts.recalls?.added).toBe(1);
    expect(summary.applied).toBe(false);
    expect(await dump()).toBe(before);
  });

  it("reads an XLSX workbook, dates as dates included", async () => {
    const file = path.join(dir, "recalls.xlsx");
    await writeXlsxFile([
      ["part_number", "gtin", "batches", "published", "title_de", "title_en", "hazard_de", "hazard_en", "remedy_de", "remedy_en"],
      ["VB-63177", 4260512124281, "2604-L17", new Date(Date.UTC(2026, 10, 2)), "Titel", "Title", "Gefahr", "Hazard", "Abhilfe", "Remedy"],
    ], { dateFormat: "dd.mm.yyyy" }).toFile(file);
    const summary = await run(file);
    expect(summary.errors).toEqual([]);
    expect(await findRecall(db, "2026-11-02-vb-63177")).toMatchObject({ gtin: "4260512124281", title_en: "Title" });
  });

  it("refuses a file without the German columns, and an empty or missing file, with nothing changed", async () => {
    const before = await dump();
    const noGerman = await run(write("en.csv", "part_number,published,title_en\nVB-63177,2026-11-02,T\n"));
    expect(noGerman.errors).toEqual([{ line: 1, message: expect.stringContaining("missing columns title_de, hazard_de, remedy_de") }]);
    expect((await run(write("empty.csv", ""))).errors[0]?.message).toContain("the file is empty");
    expect((await run(path.join(dir, "nope.csv"))).errors[0]?.message).toContain("cannot read the file");
    expect(await dump()).toBe(before);
  });

  it("names a recall list, not a dealer list, in the limits' messages (issue 37)", async () => {
    const header = "part_number,gtin,batches,published,title_de,title_en,hazard_de,hazard_en,remedy_de,remedy_en";
    const rows = Array.from({ length: 20_001 }, () => "VB-63177,,,2026-11-02,T,,H,,R,").join("\n");
    const tooLong = await run(write("long.csv", `${header}\n${rows}\n`));
    expect(tooLong.errors).toEqual([{ line: 20_001, message: "more than 20,000 rows: a recall list may have at most that many; split it" }]);
    const wide = path.join(dir, "wide.xlsx");
    fs.writeFileSync(wide, minimalXlsx(sheetXml(sheetRow(1, [["A1", "part_number"], ["XFD1", "x"]]))));
    expect((await run(wide)).errors[0]?.message).toMatch(/^cell XFD1 in xl\/worksheets\/sheet1\.xml, past what a recall list may use/);
  });

  it("takes every notice down for a file with the right columns and no rows, saying so", async () => {
    const summary = await run(write("none.csv", "part_number,gtin,batches,published,title_de,title_en,hazard_de,hazard_en,remedy_de,remedy_en\n"));
    expect(summary.errors).toEqual([]);
    expect(summary.warnings[0]).toEqual({ line: 1, message: "no recalls below the header: every recall notice is taken down" });
    expect(await listRecalls(db)).toEqual([]);
  });

  it("refuses while another import holds the lock", async () => {
    fs.writeFileSync(path.join(dir, "import.lock"), String(process.ppid));
    const before = await dump();
    const summary = await run(fixture("good.csv"));
    expect(summary.errors).toEqual([{ line: null, message: expect.stringContaining("Another import is running") }]);
    expect(await dump()).toBe(before);
  });
});
