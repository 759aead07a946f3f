import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { type DealerImportOptions, importDealers } from "./dealer-import.server";
import { mediaDirectory } from "~/utils/media-directory.server";

const fixture = (name: string) => path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "dealers", name);

let dir: string;
let db: DB;
beforeEach(async () => {
  // A fresh copy of the seeded demo database per test: 150 demo dealers with source ids "1"…"150".
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-dealer-import-"));
  db = await openTestDatabase(dir, { seeded: true });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(file: string, options: Partial<DealerImportOptions> = {}) {
  return importDealers(db, { file, prune: false, dryRun: false, dataDir: dir, siteMediaDir: mediaDirectory(dir), log: () => {}, quiet: true, ...options });
}

/** Everything an import may change, to prove that a failed or dry one changed nothing. */
async function dump(): Promise<string> {
  const dealers = await db.selectFrom("dealers").selectAll().orderBy("id").execute();
  const meta = await db.selectFrom("app_meta").selectAll().orderBy("key").execute();
  return JSON.stringify({ dealers, meta });
}

const bySource = (sourceId: string) => db.selectFrom("dealers").selectAll().where("source_id", "=", sourceId).executeTakeFirstOrThrow();
const countDealers = async () => (await db.selectFrom("dealers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

describe("importDealers", () => {
  it("adds the dealers of a semicolon CSV with BOM, places those without coordinates on their postal code, and sets a new data version", async () => {
    const before = await getMeta(db, "data_version");
    const summary = await run(fixture("semicolon-bom.csv"));
    expect(summary.errors).toEqual([]);
    expect(summary.counts).toEqual({ dealers: { added: 5, changed: 0, removed: 0, unchanged: 150 } });
    expect(summary.applied).toBe(true);
    expect(summary.dataVersion).not.toBe(before);
    expect(await getMeta(db, "data_version")).toBe(summary.dataVersion);
    expect(await getMeta(db, "imported_at")).toBeDefined();
    expect(summary.warnings).toEqual([
      { line: 6, where: "E-Mail", message: "no e-mail address: the dealer's card shows none" },
      {
        line: 7,
        where: "Ort",
        message: 'no coordinates, and neither postal code DE 99999 nor town "Nirgendwo" is known: the dealer is listed without a map marker (add lat and lng)',
      },
      { line: null, message: "1 dealer is listed without a map marker: Fahrrad Nirgendwo (line 7)" },
    ]);

    expect(await bySource("H-1001")).toMatchObject({
      name: "Radsport Maier",
      postal_code: "80802",
      country: "DE",
      web: "https://www.radsport-maier.example.de",
      tag: "viva, city",
      lat: 48.1601,
      lng: 11.5855,
      approximate: 0,
    });
    const vienna = await bySource("H-1002");
    expect(vienna).toMatchObject({ postal_code: "1010", country: "AT", web: null, approximate: 1 });
    expect(vienna.lat).toBeCloseTo(48.2077, 3);
    expect(vienna.lng).toBeCloseTo(16.3705, 3);
    const zurich = await bySource("H-1003");
    expect(zurich).toMatchObject({ postal_code: "8001", country: "CH", approximate: 1 });
    expect(zurich.lat).toBeCloseTo(47.3721, 3);
    const dresden = await bySource("H-1004");
    expect(dresden).toMatchObject({ postal_code: "01067", country: "DE", email: "", approximate: 1 });
    expect(dresden.lat).toBeCloseTo(51.05, 1);
    expect(await bySource("H-1005")).toMatchObject({ postal_code: "99999", lat: null, lng: null, approximate: 0 });
  });

  it("reports no changes for the same file again and keeps the data version", async () => {
    await run(fixture("semicolon-bom.csv"));
    const version = await getMeta(db, "data_version");
    const before = await dump();
    const again = await run(fixture("semicolon-bom.csv"));
    expect(again.counts).toEqual({ dealers: { added: 0, changed: 0, removed: 0, unchanged: 155 } });
    expect(again.applied).toBe(true);
    expect(again.dataVersion).toBe(version);
    expect(await dump()).toBe(before);
  });

  it("updates a dealer by the list's id and keeps its internal id; new ones get new ids", async () => {
    const demo = await bySource("1");
    const file = path.join(dir, "update.csv");
    fs.writeFileSync(
      file,
      "id;name;street;postal_code;city;country;lat;lng\n" +
        "1;Neuer Name;Neue Straße 1;93051;Regensburg;DE;49,0007;12,0734\n" +
        "N-1;Ganz Neu;Weg 2;93051;Regensburg;DE;;\n",
    );
    const summary = await run(file);
    expect(summary.counts.dealers).toEqual({ added: 1, changed: 1, removed: 0, unchanged: 149 });
    expect(await bySource("1")).toMatchObject({ id: demo.id, name: "Neuer Name", street: "Neue Straße 1", tel: "", email: "" });
    expect((await bySource("N-1")).id).toBeGreaterThan(150);
  });

  it("with --prune deletes the dealers the file does not list; a comma CSV with quoted line breaks", async () => {
    const summary = await run(fixture("comma-quoted.csv"), { prune: true });
    expect(summary.errors).toEqual([]);
    expect(summary.counts.dealers).toEqual({ added: 3, changed: 0, removed: 150, unchanged: 0 });
    expect(summary.warnings).toEqual([{ line: 6, where: "email", message: "no e-mail address: the dealer's card shows none" }]);
    expect(await countDealers()).toBe(3);
    expect(await bySource("K-1")).toMatchObject({
      name: 'Rad "Sport" Huber',
      street: "Hauptstraße 5 Hinterhaus",
      country: "DE",
      tag: "viva, e-bike",
      approximate: 0,
    });
    expect(await bySource("K-2")).toMatchObject({ name: "Müller, Schmid & Co.", country: "AT", tag: "trekking, viva" });
    expect(await bySource("K-3")).toMatchObject({ country: "CH", web: null });
  });

  it("in a dry run computes the changes and writes nothing", async () => {
    const before = await dump();
    const summary = await run(fixture("comma-quoted.csv"), { prune: true, dryRun: true });
    expect(summary).toMatchObject({ dryRun: true, applied: false, dataVersion: await getMeta(db, "data_version") });
    expect(summary.counts.dealers).toEqual({ added: 3, changed: 0, removed: 150, unchanged: 0 });
    expect(await dump()).toBe(before);
  });

  it("reads an XLSX workbook with numbers in its cells and names problems by row number", async () => {
    const file = path.join(dir, "dealers.xlsx");
    await writeXlsxFile([
      ["ID", "Name", "Straße", "PLZ", "Ort", "Land", "Telefon", "E-Mail", "Web", "Tags", "Lat", "Lng"],
      [7001, "Radl Wien", "Graben 1", 1010, "Wien", "AT", "+43 1 111", "radl@example.com", "radl.example.com", "viva", null, null],
      [null, null, null, null, null, null, null, null, null, null, null, null],
      [7002, "Velo Bern", "Marktgasse 1", "CH-3011", "Bern", "CH", "+41 31 222", "velo@example.com", null, "viva", 46.948, 7.4474],
    ]).toFile(file);
    const summary = await run(file);
    expect(summary.errors).toEqual([]);
    expect(summary.counts.dealers).toMatchObject({ added: 2 });
    expect(await bySource("7001")).toMatchObject({ postal_code: "1010", approximate: 1, web: "https://radl.example.com" });
    expect(await bySource("7002")).toMatchObject({ postal_code: "3011", lat: 46.948, lng: 7.4474, approximate: 0 });

    await writeXlsxFile([
      ["id", "name", "street", "postal_code", "city", "country", "email"],
      ["X-1", "Gut", "Weg 1", "20457", "Hamburg", "DE", "gut@example.de"],
      [null, null, null, null, null, null, null],
      ["X-2", "Schlecht", "Weg 2", "20457", "Hamburg", "Atlantis", "schlecht@"],
    ]).toFile(file);
    const before = await dump();
    const broken = await run(file);
    expect(broken.errors).toEqual([{ line: 4, where: "country", message: 'unknown country "Atlantis" (write the ISO code, e.g. DE, FR, GB)' }]);
    expect(broken.warnings).toEqual([{ line: 4, where: "email", message: 'bad e-mail, left out: "schlecht@"' }]);
    expect(await dump()).toBe(before);
  });

  it("stops at the first error and changes nothing: every problem of a broken file with its line and column", async () => {
    const before = await dump();
    const summary = await run(fixture("broken-rows.csv"), { prune: true });
    expect(summary.applied).toBe(false);
    expect(summary.counts).toEqual({});
    expect(summary.errors).toEqual([
      { line: 4, where: "id", message: "id is empty" },
      { line: 5, where: "name", message: "name is empty" },
      { line: 7, where: "postal_code", message: 'postal code prefix A- contradicts country DE: "A-1010"' },
      { line: 8, where: "postal_code", message: 'not a German postal code (5 digits): "123456"' },
      { line: 9, where: "postal_code", message: 'not an Austrian postal code (4 digits): "12345"' },
      { line: 12, where: "lng", message: "lat without lng: give both or neither" },
      { line: 13, where: "lat", message: 'not a number: "abc"' },
      { line: 14, where: "lat", message: "coordinates out of range: 123,4 (allowed: -90 to 90)" },
      { line: 16, where: "lat", message: 'not a number: "city"' },
      {
        line: 16,
        where: "column 13",
        message: 'a value where the header names no column: "10,0" (a value that contains the delimiter needs quotes)',
      },
      { line: 19, where: "postal_code", message: 'not a postal code: "XYZ"' },
      { line: 20, where: "postal_code", message: 'postal code prefix not D, A or CH: "F-75001"' },
    ]);
    expect(summary.warnings).toEqual([
      { line: 6, where: "city", message: "no coordinates: the marker sits on the centre of Paris (FR); add lat and lng for the address" },
      { line: 10, where: "email", message: 'bad e-mail, left out: "info@"' },
      { line: 11, where: "web", message: 'not a web address, left out: "http://exa mple.de"' },
      // A repeated dealer is one dealer, as its later row has it (issue 38).
      { line: 15, where: "id", message: 'id "B-1" is also on line 2: the dealer is listed once, as line 15 has it (the later row wins)' },
      {
        line: 17,
        where: "lat",
        message: "0, 0 lies outside Germany, Austria and Switzerland: the postal code's centre is used instead",
      },
      {
        line: 18,
        where: "postal_code",
        message: '4 digits, read as "01067" (spreadsheets drop the leading zero of numbers): "1067"',
      },
    ]);
    expect(await dump()).toBe(before);
  });

  it("refuses a header without required columns, a file without dealers, an unclosed quote and a missing file", async () => {
    const before = await dump();
    expect((await run(fixture("broken-header.csv"))).errors).toEqual([
      { line: 1, where: "postal_code", message: 'a second postal_code column (the first is "ZIP")' },
      { line: 1, where: "city", message: "required column missing (also accepted: town, ort, stadt, locality, city_name, …; or name yours with --map)" },
    ]);
    expect((await run(fixture("broken-header.csv"))).warnings).toEqual([
      { line: 1, where: "Fax", message: "unknown column, ignored" },
      { line: 1, where: "email", message: "no e-mail column: the dealers' cards show no e-mail address" },
    ]);
    expect((await run(fixture("header-only.csv"), { prune: true })).errors).toEqual([{ line: 1, message: "no dealers below the header" }]);
    expect((await run(fixture("broken-quote.csv"))).errors).toEqual([
      { line: 3, message: 'a quoted value is not closed: a " is missing (this row runs to the end of the file)' },
    ]);
    const missing = await run(path.join(dir, "nope.csv"));
    expect(missing.errors).toHaveLength(1);
    expect(missing.errors[0]?.line).toBeNull();
    expect(await dump()).toBe(before);
  });
});
