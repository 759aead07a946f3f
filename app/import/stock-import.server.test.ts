import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { DB } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import { getMeta } from "~/models/app-meta.server";
import { dealersWithStock, listStockOf, STOCK_VERSION_KEY } from "~/models/dealer-stock.server";
import { findStockSnapshot } from "~/models/dealer-stock-snapshot.server";
import { openTestDatabase, withoutDemoStock } from "~/../tests/support/test-store";
import { mediaDirectory } from "~/utils/media-directory.server";
import { importStock, type StockImportOptions } from "./stock-import.server";

let dir: string;
let db: DB;
/** Three articles of the demo catalogue with their GTINs. */
let articles: { partno: string; ean: string }[];
const received = new Date("2026-11-27T12:00:00.000Z");

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-stock-import-"));
  db = await openTestDatabase(dir, { seeded: true });
  await withoutDemoStock(db);
  const eans = await db.selectFrom("article_eans").select(["partno", "ean"]).orderBy("partno").orderBy("position").limit(20).execute();
  articles = [...new Map(eans.reverse().map((row) => [row.partno, row])).values()].slice(0, 3);
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function run(file: string, options: Partial<StockImportOptions> = {}) {
  return importStock(db, { file, dryRun: false, dataDir: dir, siteMediaDir: mediaDirectory(dir), log: () => {}, quiet: true, now: () => received, ...options });
}

const dealerId = async (sourceId: string) => (await db.selectFrom("dealers").select("id").where("source_id", "=", sourceId).executeTakeFirstOrThrow()).id;
async function dump(): Promise<string> {
  const stock = await db.selectFrom("dealer_stock").selectAll().orderBy("dealer_id").orderBy("partno").execute();
  const snapshots = await db.selectFrom("dealer_stock_snapshots").selectAll().orderBy("dealer_id").execute();
  return JSON.stringify({ stock, snapshots, version: await getMeta(db, STOCK_VERSION_KEY) });
}

describe("importStock", () => {
  it("imports usable rows, names every problem with its line, and replaces only the dealers the file names", async () => {
    const [a, b, c] = articles;
    if (!a || !b || !c) throw new Error("the demo catalogue has GTINs");
    const first = write("first.csv", `dealer_id,gtin,quantity\n3,${c.ean},9\n`);
    expect((await run(first)).errors).toEqual([]);
    const file = write(
      "stock.csv",
      [
        "dealer_id;gtin;part_number;quantity;updated_at;Lager",
        `1;${a.ean};;3;2026-11-27T10:00:00Z;x`,
        `1;;${b.partno};2;;`,
        `2;${a.ean};;-1;;`,
        `2;${b.ean};;abc;;`,
        `999;${a.ean};;1;;`,
        `999;${b.ean};;1;;`,
        "2;4006381333931;;5;;",
        "2;4000000000000;;5;;",
        `1;${a.ean};;7;;`,
        `2;${c.ean};;1;2030-01-01;`,
        `2;${c.ean};;1;gestern;`,
      ].join("\n"),
    );
    const summary = await run(file);
    expect(summary.errors).toEqual([]);
    expect(summary.applied).toBe(true);
    expect(summary.counts).toEqual({ stock: { added: 2, changed: 0, removed: 0, unchanged: 0 } });
    expect(summary.warnings).toEqual(
      expect.arrayContaining([
        { line: 1, message: "columns ignored (not part of a stock file): Lager" },
        { line: 4, where: "quantity", message: "quantity -1 is below 0: taken as 0 (not in stock)" },
        { line: 5, where: "quantity", message: 'quantity "abc" is not a whole number: the row is left out' },
        { line: 6, where: "dealer_id", message: 'dealer "999" is not in the dealer list: its 2 rows are left out (first on this line)' },
        { line: 8, message: "GTIN 4006381333931 is not in the catalogue: 1 row left out" },
        { line: 9, where: "gtin", message: 'GTIN "4000000000000" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit): the row is left out' },
        { line: 10, message: `the same article (${a.partno}) as line 2 for this dealer: the row is left out` },
        { line: 11, where: "updated_at", message: "2030-01-01 is in the future: the time of receipt is used" },
        { line: 12, where: "updated_at", message: '"gestern" is not a time: write it as ISO 8601 with a zone, e.g. 2026-11-27T10:00:00Z: the row is left out' },
      ]),
    );
    expect(summary.warnings).toHaveLength(9);
    const byPartno = (x: { partno: string }, y: { partno: string }) => x.partno.localeCompare(y.partno);
    expect((await listStockOf(db, await dealerId("1"))).map(({ partno, gtin, quantity, as_of }) => ({ partno, gtin, quantity, as_of }))).toEqual(
      [
        { partno: a.partno, gtin: a.ean, quantity: 3, as_of: "2026-11-27T10:00:00.000Z" },
        { partno: b.partno, gtin: null, quantity: 2, as_of: received.toISOString() },
      ].sort(byPartno),
    );
    expect((await listStockOf(db, await dealerId("2"))).map(({ partno, quantity }) => ({ partno, quantity }))).toEqual(
      [
        { partno: a.partno, quantity: 0 },
        { partno: c.partno, quantity: 1 },
      ].sort(byPartno),
    );
    // Dealer 3 is not in the second file: its stock stays.
    expect((await listStockOf(db, await dealerId("3"))).map((row) => row.quantity)).toEqual([9]);
    expect(await findStockSnapshot(db, await dealerId("1"))).toMatchObject({ source: "file", row_count: 2, received_at: received.toISOString() });
  });

  it("a second file replaces a dealer's snapshot whole", async () => {
    const [a, b] = articles;
    if (!a || !b) throw new Error("the demo catalogue has GTINs");
    await run(write("one.csv", `dealer_id,gtin,quantity\n1,${a.ean},1\n1,${b.ean},1\n`));
    const summary = await run(write("two.csv", `dealer_id,gtin,quantity\n1,${b.ean},4\n`));
    expect(summary.counts).toEqual({ stock: { added: 0, changed: 1, removed: 0, unchanged: 0 } });
    expect((await listStockOf(db, await dealerId("1"))).map((row) => [row.partno, row.quantity])).toEqual([[b.partno, 4]]);
  });

  it("refuses a file it cannot trust and changes nothing; a dry run writes nothing", async () => {
    const [a] = articles;
    if (!a) throw new Error("the demo catalogue has GTINs");
    await run(write("base.csv", `dealer_id,gtin,quantity\n1,${a.ean},1\n`));
    const before = await dump();
    const refusals: [string, string][] = [
      ["no-dealer.csv", `gtin,quantity\n${a.ean},1\n`],
      ["no-article.csv", "dealer_id,quantity\n1,1\n"],
      ["header-only.csv", "dealer_id,gtin,quantity\n"],
      ["nothing-usable.csv", "dealer_id,gtin,quantity\n999,4006381333931,1\n1,abc,1\n"],
      ["empty.csv", ""],
      ["twice.csv", `dealer_id,gtin,ean,quantity\n1,${a.ean},${a.ean},1\n`],
    ];
    for (const [name, text] of refusals) {
      const summary = await run(write(name, text));
      expect(summary.errors.length, name).toBeGreaterThan(0);
      expect(summary.applied, name).toBe(false);
    }
    expect((await run(path.join(dir, "missing.csv"))).errors[0]?.message).toMatch(/cannot read the file/);
    const dry = await run(write("dry.csv", `dealer_id,gtin,quantity\n1,${a.ean},5\n2,${a.ean},5\n`), { dryRun: true });
    expect(dry).toMatchObject({ applied: false, errors: [], counts: { stock: { added: 1, changed: 1 } } });
    expect(await dump()).toBe(before);
  });

  it("is atomic: a write that fails halfway leaves every dealer's stock as it was", async () => {
    const [a, b] = articles;
    if (!a || !b) throw new Error("the demo catalogue has GTINs");
    await run(write("base.csv", `dealer_id,gtin,quantity\n1,${a.ean},1\n2,${a.ean},1\n`));
    const before = await dump();
    // A check the store enforces on the second dealer's rows only: the first dealer's are written by then.
    await sql`create table stock_guard (x integer)`.execute(db);
    const dealer2 = await dealerId("2");
    if (isPostgres(db)) {
      await sql.raw(`create function refuse_stock() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`).execute(db);
      await sql.raw(`create trigger refuse_stock before insert on dealer_stock for each row when (new.dealer_id = ${dealer2}) execute function refuse_stock()`).execute(db);
    } else {
      await sql.raw(`create trigger refuse_stock before insert on dealer_stock when new.dealer_id = ${dealer2} begin select raise(abort, 'refused'); end`).execute(db);
    }
    const summary = await run(write("new.csv", `dealer_id,gtin,quantity\n1,${b.ean},7\n2,${b.ean},7\n`));
    expect(summary.applied).toBe(false);
    expect(summary.errors[0]?.message).toMatch(/writing the database failed, nothing was changed: .*refused/);
    expect(await dump()).toBe(before);
  });

  it("reads XLSX, with the row numbers Excel shows", async () => {
    const [a] = articles;
    if (!a) throw new Error("the demo catalogue has GTINs");
    const file = path.join(dir, "stock.xlsx");
    await writeXlsxFile([
      ["dealer_id", "gtin", "quantity"],
      ["1", a.ean, 2],
      ["1", "123", 2],
    ]).toFile(file);
    const summary = await run(file);
    expect(summary.warnings).toEqual([{ line: 3, where: "gtin", message: 'GTIN "123" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit): the row is left out' }]);
    expect((await listStockOf(db, await dealerId("1"))).map((row) => row.quantity)).toEqual([2]);
  });
});

describe("dealersWithStock", () => {
  it("claims only stock above 0 and no older than the limit, by the injected clock, newest first", async () => {
    const [a] = articles;
    if (!a) throw new Error("the demo catalogue has GTINs");
    const rows = [
      ["1", "5", "2026-11-27T11:00:00Z"],
      ["2", "1", "2026-11-25T12:00:00Z"],
      ["3", "0", "2026-11-27T11:30:00Z"],
      ["4", "2", "2026-11-25T11:59:59Z"],
    ];
    await run(write("ages.csv", ["dealer_id,gtin,quantity,updated_at", ...rows.map(([dealer, quantity, at]) => `${dealer},${a.ean},${quantity},${at}`)].join("\n")));
    const ids = { one: await dealerId("1"), two: await dealerId("2") };
    expect(await dealersWithStock(db, a.partno, received, 48)).toEqual([
      { dealerId: ids.one, quantity: 5, asOf: "2026-11-27T11:00:00.000Z" },
      { dealerId: ids.two, quantity: 1, asOf: "2026-11-25T12:00:00.000Z" },
    ]);
    // One second later dealer 2's stock is 48 hours and a second old: no longer claimed.
    expect(await dealersWithStock(db, a.partno, new Date(received.getTime() + 1000), 48)).toEqual([{ dealerId: ids.one, quantity: 5, asOf: "2026-11-27T11:00:00.000Z" }]);
    expect(await dealersWithStock(db, a.partno, new Date("2026-11-30T00:00:00Z"), 48)).toEqual([]);
    expect(await dealersWithStock(db, "no-such-article", received, 48)).toEqual([]);
  });

  it("deleting a dealer deletes its stock", async () => {
    const [a] = articles;
    if (!a) throw new Error("the demo catalogue has GTINs");
    await run(write("one.csv", `dealer_id,gtin,quantity\n5,${a.ean},1\n`));
    const id = await dealerId("5");
    await db.deleteFrom("dealers").where("id", "=", id).execute();
    expect(await listStockOf(db, id)).toEqual([]);
    expect(await findStockSnapshot(db, id)).toBeUndefined();
  });
});
