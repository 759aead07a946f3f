import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fingerprint, importCli } from "../support/import-cli";
import { startTestServer, type TestServer } from "../support/test-server";

/** T_UPDATE_PRODUCTS / T_UPDATE_PRICES against a running site (decision 038). */
const root = path.resolve(import.meta.dirname, "..", "..");
const fixtures = path.join(root, "tests/fixtures/bmecat");
const full = path.join(fixtures, "catalogue-2005.xml");
const products = path.join(fixtures, "delta-products.xml");
const prices = path.join(fixtures, "delta-prices.xml");
const media = path.join(fixtures, "media");
const fullText = fs.readFileSync(full, "utf8");
const productsText = fs.readFileSync(products, "utf8");

/**
 * The whole catalogue as it is after both deltas, written the way a PIM's next full export would
 * write it: LX-200 updated, BL-1 gone (LX-100 still names it as a spare part), HU-7 new, LX-100 at 39.95.
 */
function fullAfterDeltas(): string {
  const hu7 = /<PRODUCT mode="new">\s*<SUPPLIER_PID>HU-7<\/SUPPLIER_PID>[\s\S]*?<\/PRODUCT>/.exec(productsText)?.[0] ?? "";
  const lx200 = /<PRODUCT mode="update">\s*<SUPPLIER_PID>LX-200<\/SUPPLIER_PID>[\s\S]*?<\/PRODUCT>/.exec(productsText)?.[0] ?? "";
  return fullText
    .replace("<PRICE_AMOUNT>49.95</PRICE_AMOUNT>", "<PRICE_AMOUNT>39.95</PRICE_AMOUNT>")
    .replace(/<PRODUCT mode="new">\s*<SUPPLIER_PID>LX-200<\/SUPPLIER_PID>[\s\S]*?<\/PRODUCT>/, lx200.replace('mode="update"', 'mode="new"'))
    .replace(/<PRODUCT mode="new">\s*<SUPPLIER_PID>BL-1<\/SUPPLIER_PID>[\s\S]*?<\/PRODUCT>/, hu7.replace(/\s*<PRODUCT_TO_CATALOGGROUP_MAP>.*<\/PRODUCT_TO_CATALOGGROUP_MAP>/, ""))
    .replace("<PROD_ID>BL-1</PROD_ID><CATALOG_GROUP_ID>KLINGEL", "<PROD_ID>HU-7</PROD_ID><CATALOG_GROUP_ID>KLINGEL");
}

async function dataVersion(server: TestServer): Promise<string | undefined> {
  return (await sql<{ value: string }>`select value from app_meta where key = 'data_version'`.execute(server.db)).rows[0]?.value;
}

async function articleRows(server: TestServer) {
  return server.db.selectFrom("articles").select(["partno", "category_id", "position", "price_cents", "title_de", "content_hash"]).orderBy("partno").execute();
}

describe("delta transactions against a running site", () => {
  let server: TestServer;
  let scratch: string;
  const write = (name: string, text: string) => {
    const file = path.join(scratch, name);
    fs.writeFileSync(file, text);
    return file;
  };

  beforeAll(async () => {
    server = await startTestServer();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-delta-"));
    const { code, summary } = await importCli(server, ["catalogue", full, "--media", media, "--group", "accessories=KLINGEL", "--json"]);
    expect(code, JSON.stringify(summary?.errors)).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("reports a dry run of a product delta without writing", async () => {
    const before = await fingerprint(server.db);
    const { code, summary } = await importCli(server, ["catalogue", products, "--media", media, "--dry-run", "--json"]);
    expect(code, JSON.stringify(summary?.errors)).toBe(0);
    expect(summary?.applied).toBe(false);
    expect(summary?.counts.articles).toEqual({ added: 1, changed: 2, removed: 1, unchanged: 0 });
    expect(await fingerprint(server.db)).toBe(before);
  }, 60_000);

  const broken: { name: string; edit: (text: string) => string; message: RegExp }[] = [
    { name: "a duplicate part number", edit: (t) => t.replace("<SUPPLIER_PID>GHOST-1</SUPPLIER_PID>", "<SUPPLIER_PID>HU-7</SUPPLIER_PID>"), message: /duplicate part number HU-7/ },
    { name: "malformed XML", edit: (t) => t.replace("</T_UPDATE_PRODUCTS>", "</T_UPDATE_PRODUCT>"), message: /malformed XML/ },
    { name: "a product without part number", edit: (t) => t.replace("<SUPPLIER_PID>GHOST-1</SUPPLIER_PID>", "<SUPPLIER_PID></SUPPLIER_PID>"), message: /missing part number/ },
  ];
  it.each(broken)("changes nothing when the delta has $name", async ({ name, edit, message }) => {
    const before = await fingerprint(server.db);
    const file = write(`${name.replace(/\W+/g, "-")}.xml`, edit(productsText));
    const { code, summary } = await importCli(server, ["catalogue", file, "--media", media, "--json"]);
    expect(code).toBe(1);
    expect(summary?.applied).toBe(false);
    expect(summary?.errors.some((e) => message.test(e.message)), JSON.stringify(summary?.errors)).toBe(true);
    expect(await fingerprint(server.db)).toBe(before);
  }, 60_000);

  it("adds, updates and deletes products in one switch, with warnings for unknown ones", async () => {
    const version = await dataVersion(server);
    const { code, summary } = await importCli(server, ["catalogue", products, "--media", media, "--json"]);
    expect(code, JSON.stringify(summary?.errors)).toBe(0);
    expect(summary?.applied).toBe(true);
    expect(summary?.counts.articles).toEqual({ added: 1, changed: 2, removed: 1, unchanged: 0 });
    expect(summary?.counts.categories).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(summary?.dataVersion).not.toBe(version);
    expect(await dataVersion(server)).toBe(summary?.dataVersion);
    const lines = productsText.split("\n");
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const warning = (pattern: RegExp) => summary?.warnings.find((w) => pattern.test(w.message));
    expect(warning(/GHOST-1: not in the catalogue and in no catalogue group/)?.line).toBe(lineOf("<SUPPLIER_PID>GHOST-1") - 1);
    expect(warning(/GONE-1: to be deleted, but the catalogue does not have it/)?.line).toBe(lineOf("<SUPPLIER_PID>GONE-1") - 1);
    expect(warning(/BL-1 is deleted, and with it the references of LX-100/)).toBeDefined();

    const rows = await articleRows(server);
    expect(rows.map((r) => [r.partno, r.position, r.price_cents, r.title_de])).toEqual([
      ["HU-7", 1, 890, "Hupe Tröt"],
      ["LX-100", 1, 4995, "VIVA Scheinwerfer Lumen 40"],
      ["LX-200", 2, 1995, "Rücklicht Rubin II"],
    ]);
    expect(await server.db.selectFrom("article_relations").select(["partno", "kind", "target_partno"]).orderBy("partno").orderBy("kind").execute()).toEqual([
      { partno: "HU-7", kind: "accessory", target_partno: "LX-100" },
      { partno: "LX-100", kind: "accessory", target_partno: "LX-200" },
    ]);
    // The new product's picture is served; the deleted product's went with it (HU-7 uses the same file).
    expect((await fetch(`${server.url}/media/shop/images/klingel.jpg`)).status).toBe(200);

    await expect
      .poll(async () => (await fetch(`${server.url}/products/articles/Lichtanlagen/LX-200`)).text(), { timeout: 5000, interval: 200 })
      .toContain("Rücklicht Rubin II");
    expect((await fetch(`${server.url}/products/articles/Glocken%20und%20Hupen/HU-7`)).status).toBe(200);
    expect((await fetch(`${server.url}/products/articles/Glocken%20und%20Hupen/BL-1`)).status).toBe(404);
  }, 60_000);

  it("updates prices, and the pages show the new price", async () => {
    const version = await dataVersion(server);
    const { code, summary } = await importCli(server, ["catalogue", prices, "--json"]);
    expect(code, JSON.stringify(summary?.errors)).toBe(0);
    expect(summary?.counts.articles).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 0 });
    expect(summary?.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/NOPE-9: a price for a product the catalogue does not have/)]);
    expect(summary?.dataVersion).not.toBe(version);
    await expect
      .poll(async () => (await fetch(`${server.url}/products/articles/Lichtanlagen/LX-100`)).text(), { timeout: 5000, interval: 200 })
      .toContain("39,95");
    // The same file again changes nothing and keeps the data version.
    const again = await importCli(server, ["catalogue", prices, "--json"]);
    expect(again.summary?.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 1 });
    expect(again.summary?.applied).toBe(false);
    expect(again.summary?.dataVersion).toBe(summary?.dataVersion);
  }, 60_000);

  it("a later full catalogue with the same content reports no changes", async () => {
    const before = await articleRows(server);
    const file = write("full-after-deltas.xml", fullAfterDeltas());
    const { code, summary } = await importCli(server, ["catalogue", file, "--media", media, "--json"]);
    expect(code, JSON.stringify(summary?.errors)).toBe(0);
    for (const kind of ["categories", "articles", "images"] as const) {
      expect(summary?.counts[kind], kind).toMatchObject({ added: 0, changed: 0, removed: 0 });
    }
    expect(summary?.applied).toBe(false);
    expect(await articleRows(server)).toEqual(before);
  }, 60_000);

  it("refuses nothing and changes nothing for a price update of products the site does not have", async () => {
    const before = await fingerprint(server.db);
    const file = write("prices-unknown.xml", fs.readFileSync(prices, "utf8").replace("<SUPPLIER_PID>LX-100</SUPPLIER_PID>", "<SUPPLIER_PID>LX-999</SUPPLIER_PID>"));
    const { code, summary } = await importCli(server, ["catalogue", file, "--json"]);
    expect(code).toBe(0);
    // The two products the site does not have: one grouped warning (issue 38).
    expect(summary?.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^a price for a product the catalogue does not have: left out \(2 times: LX-999 on line \d+, .+ on line \d+\)$/)]);
    expect(await fingerprint(server.db)).toBe(before);
  }, 60_000);
});
