import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { dealerFromRow } from "~/dealers/dealer/dealer-from-row.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { mediaDirectory } from "~/utils/media-directory.server";
import { type DealerImportOptions, importDealers } from "./dealer-import.server";

/*
 * Dealer lists as ERPs and maps write them (issue 38), from files others wrote
 * (tests/fixtures/dealers/real/SOURCES.md), and the files an attacker would send.
 */

const real = (name: string) => path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "dealers", "real", name);

let dir: string;
let db: DB;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-dealer-real-"));
  db = await openTestDatabase(dir, { seeded: true });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(file: string, options: Partial<DealerImportOptions> = {}) {
  const log: string[] = [];
  const summary = await importDealers(db, { file, prune: false, dryRun: false, dataDir: dir, siteMediaDir: mediaDirectory(dir), log: (line) => log.push(line), quiet: true, ...options });
  return { summary, log };
}

/** A small file of our own in the test's folder. */
function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const dealerBySource = async (sourceId: string) => dealerFromRow(await db.selectFrom("dealers").selectAll().where("source_id", "=", sourceId).executeTakeFirstOrThrow());

describe("dealer lists as ERPs and maps write them", () => {
  it("imports an ERP customer export with CamelCase headers (Northwind's customers): every customer, NULL as empty, addresses as each country writes them", async () => {
    const { summary, log } = await run(real("northwind-customers.csv"));
    expect(summary.errors).toEqual([]);
    expect(summary.counts.dealers).toMatchObject({ added: 91 });
    expect(log[0]).toMatch(/\(CSV, comma-separated, UTF-8, ERP or shop customer export, header on line 1, 91 rows\)$/);
    expect(summary.warnings.slice(0, 3).map((w) => w.where)).toEqual(["contactName", "contactTitle", "fax"]);
    // customerID, companyName, address, city, region, postalCode, country and phone, by their CamelCase names.
    const eugene = await dealerBySource("GREAL");
    expect(eugene).toMatchObject({ name: "Great Lakes Food Market", country: "US", address: "2732 Baker Blvd., Eugene, OR 97403", phone: "(503) 555-7555" });
    expect((await dealerBySource("AROUT")).address).toBe("120 Hanover Sq., London, WA1 1DP");
    expect((await dealerBySource("ALFKI")).address).toBe("Obere Str. 57, 12209 Berlin");
    expect((await dealerBySource("ALFKI")).postal?.region).toBe("");
    expect((await dealerBySource("BOTTM")).address).toBe("23 Tsawassen Blvd., Tsawassen, BC");
  });

  it("imports a map's store list without a country column, below two title rows: the header row is found and named, the country comes from the coordinates", async () => {
    const { summary, log } = await run(real("store-locator-locations.csv"));
    expect(summary.errors).toEqual([]);
    expect(log[0]).toContain("header on line 3");
    expect(summary.warnings[0]).toEqual({ line: 3, message: "the header is on line 3: the 2 rows above it are left out" });
    // Its ids are 1 to 21, which the demo's dealers have too: those 21 are overwritten.
    expect(summary.counts.dealers).toMatchObject({ added: 0, changed: 21 });
    const first = await dealerBySource("1");
    expect(first).toMatchObject({ name: "Chipotle Minneapolis", country: "US", address: "3040 Excelsior Blvd, Minneapolis, MN 55416", position: [44.947464, -93.320826] });
    expect(first.approximate).toBeUndefined();
  });

  it("imports a Windows-1251 sheet with --map for the columns it names its own way, and names the encoding it detected", async () => {
    const map = { name: "city", lat: "geo_lat", lng: "geo_lon" } as const;
    const { summary, log } = await run(real("hflabs-city-windows-1251.csv"), { map });
    expect(summary.errors).toEqual([]);
    expect(log[0]).toContain("windows-1251 (detected)");
    expect(summary.warnings[0]?.message).toMatch(/^not UTF-8: read as windows-1251 \(detected\)/);
    expect(summary.counts.dealers).toMatchObject({ added: 25 });
    const maikop = await db.selectFrom("dealers").selectAll().where("name", "=", "Майкоп").executeTakeFirstOrThrow();
    expect(maikop).toMatchObject({ country: "RU", region: "Адыгея", postal_code: "385000", lat: 44.6098268, lng: 40.1006606 });
    expect(dealerFromRow(maikop).address).toBe("г Майкоп, Майкоп, Адыгея, 385000");

    // Named, it is used without a guess; a --map to a column the file lacks is the command line's mistake.
    const named = await run(real("hflabs-city-windows-1251.csv"), { map, encoding: "cp1251", dryRun: true });
    expect(named.log[0]).toContain("windows-1251 (named)");
    expect(named.summary.warnings.some((w) => w.message.startsWith("not UTF-8"))).toBe(false);
    const missing = await run(real("hflabs-city-windows-1251.csv"), { map: { ...map, phone: "Телефон" }, dryRun: true });
    expect(missing.summary.usage).toEqual([expect.stringMatching(/^--map phone=Телефон: the header has no column "Телефон" \(it has "address", "postal_code"/)]);
  });

  it("reads ship-to columns over bill-to ones, and the issue's CamelCase names", async () => {
    const file = write(
      "erp.csv",
      "CustomerNo,CustomerName,BillToCity,ShipToAddress1,ShipToCity,ShipToState,ShipToZipCode,ShipToCountryCode,TelephoneNo,EmailAddress\n" +
        "C-1,Shiloh Cycles,Newark,12 Main St,Shiloh,NJ,08353,US,+1 856 555 0100,shop@shiloh-cycles.example.com\n",
    );
    const { summary } = await run(file);
    expect(summary.errors).toEqual([]);
    expect(summary.warnings).toContainEqual({ line: 1, where: "BillToCity", message: 'not used: "ShipToCity" gives the city (a shop\'s own address wins over the invoice address)' });
    expect(await dealerBySource("C-1")).toMatchObject({ address: "12 Main St, Shiloh, NJ 08353", email: "shop@shiloh-cycles.example.com", phone: "+1 856 555 0100" });
  });

  it("warns about a repeated dealer, naming both lines, and keeps the later row", async () => {
    const file = write("repeat.csv", "id;name;street;postal_code;city;country\nR-1;Rad Eins;Weg 1;20457;Hamburg;DE\nR-1;Rad Eins neu;Weg 2;20457;Hamburg;DE\n");
    const { summary } = await run(file);
    expect(summary.errors).toEqual([]);
    expect(summary.warnings).toContainEqual({ line: 3, where: "id", message: 'id "R-1" is also on line 2: the dealer is listed once, as line 3 has it (the later row wins)' });
    expect(await dealerBySource("R-1")).toMatchObject({ name: "Rad Eins neu", address: "Weg 2, 20457 Hamburg" });
  });

  it("warns about coordinates more than 50 km from their postal code's or town's centre, and keeps them", async () => {
    const file = write(
      "far.csv",
      "id,name,street,postal_code,city,country,lat,lng\nF-1,Rad München,Sendlinger Str. 1,80331,München,DE,53.55,9.99\nF-2,Velo Paris,1 rue de Rivoli,75001,Paris,FR,48.86,2.35\n",
    );
    const { summary } = await run(file);
    expect(summary.errors).toEqual([]);
    const far = summary.warnings.filter((w) => w.message.includes("km from the centre"));
    expect(far).toEqual([{ line: 2, where: "lat", message: expect.stringMatching(/^53\.55, 9\.99 lies 6\d\d km from the centre of postal code 80331 \(München\), DE: check the coordinates \(they are kept\)$/) }]);
    expect((await dealerBySource("F-1")).position).toEqual([53.55, 9.99]);
  });
});

describe("files an attacker would send", () => {
  it("a header of 10,000 columns: read, the unknown ones named in one line beyond the first twenty", async () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `x${i}`);
    const file = write("wide.csv", `name,street,postal_code,city,country,${names.join(",")}\nRad,Weg 1,20457,Hamburg,DE\n`);
    const started = performance.now();
    const { summary } = await run(file, { dryRun: true });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(summary.errors).toEqual([]);
    expect(summary.warnings.filter((w) => w.message === "unknown column, ignored")).toHaveLength(20);
    expect(summary.warnings).toContainEqual({ line: 1, where: "9980 more columns", message: expect.stringContaining("unknown columns, ignored") });
  });

  it("binary garbage: refused as no text, nothing changed", async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    const { summary } = await run(write("garbage.csv", bytes));
    expect(summary.applied).toBe(false);
    expect(summary.errors).toEqual([{ line: null, message: expect.stringMatching(/^not a text file/) }]);
  });

  it("UTF-16 without a byte-order mark: recognised and read", async () => {
    const file = write("utf16.csv", Buffer.from("id;name;street;postal_code;city;country\nU-1;Radhaus Müller;Weg 1;20457;Hamburg;DE\n", "utf16le"));
    const { summary, log } = await run(file);
    expect(summary.errors).toEqual([]);
    expect(log[0]).toContain("utf-16le (detected)");
    expect((await dealerBySource("U-1")).name).toBe("Radhaus Müller");
  });
});
