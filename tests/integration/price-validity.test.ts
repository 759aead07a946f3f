import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshShownPrices } from "~/catalog/price-clock.server";
import { dayAfterGerman, germanToday } from "../support/german-days";
import { dataCommandArgs } from "../support/data-command";
import { importCli } from "../support/import-cli";
import { startTestServer, type TestServer } from "../support/test-server";

/*
 * Issue 38, decision 075: the price a German visitor may be shown comes from prices with territory
 * and validity; one that ends leaves the page when it ends and the next one takes its place,
 * without an import; the export carries every kept price, so importing it again changes nothing.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const fixtures = path.join(root, "tests/fixtures/bmecat");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-price-validity-"));
const today = germanToday();
const tomorrow = dayAfterGerman(today);

/** LX-100 at 49.95 until today, 54.95 from tomorrow, 52.00 in Austria, and 39.95 from 10 pieces. */
const prices = `<PRODUCT_PRICE_DETAILS>
        <DATETIME type="valid_start_date"><DATE>2026-01-01</DATE></DATETIME>
        <DATETIME type="valid_end_date"><DATE>${today}</DATE></DATETIME>
        <PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>49.95</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX><TERRITORY>DE</TERRITORY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>39.95</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><LOWER_BOUND>10</LOWER_BOUND></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <DATETIME type="valid_start_date"><DATE>${tomorrow}</DATE></DATETIME>
        <PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>54.95</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TERRITORY>DE</TERRITORY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>52.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.20</TAX><TERRITORY>AT</TERRITORY></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>`;
const catalogue = path.join(work, "katalog.xml");
fs.writeFileSync(
  catalogue,
  fs.readFileSync(path.join(fixtures, "catalogue-2005.xml"), "utf8").replace(/<PRODUCT_PRICE_DETAILS>\s*<PRODUCT_PRICE price_type="net_list">[\s\S]*?<\/PRODUCT_PRICE_DETAILS>/, prices),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const { code, summary } = await importCli(server, ["catalogue", catalogue, "--media", path.join(fixtures, "media"), "--json"]);
  expect(code, JSON.stringify(summary?.errors)).toBe(0);
}, 60_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const priceOnPage = async () => {
  const html = await (await fetch(`${server.url}/products/articles/Lichtanlagen/LX-100`)).text();
  return /(\d+,\d\d)\u00a0€/.exec(html)?.[1] ?? null;
};

describe("prices with territory, quantity and validity (issue 38)", () => {
  it("shows Germany's price of today, never Austria's or the one from ten pieces", async () => {
    await expect.poll(priceOnPage, { timeout: 5000, interval: 200 }).toBe("49,95");
    const kept = await server.db.selectFrom("article_prices").select(["territory", "amount_cents", "valid_from", "valid_until"]).where("partno", "=", "LX-100").orderBy("position").execute();
    expect(kept).toEqual([
      { territory: "DE", amount_cents: 4995, valid_from: "2026-01-01", valid_until: today },
      { territory: "DE", amount_cents: 5495, valid_from: tomorrow, valid_until: null },
      { territory: "AT", amount_cents: 5200, valid_from: tomorrow, valid_until: null },
    ]);
  }, 30_000);

  it("takes the ended price off the page and shows the next one the next day, without an import", async () => {
    expect(await refreshShownPrices(server.db, tomorrow)).toBe(1);
    // A new data version: the cached page goes within a second.
    await expect.poll(priceOnPage, { timeout: 5000, interval: 200 }).toBe("54,95");
  }, 30_000);

  it("exports every kept price, and importing the export keeps them", async () => {
    const exported = path.join(work, "export.xml");
    const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(process.execPath, dataCommandArgs("export", "bmecat", exported, "--json"), { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } }, (error, _out, stderr) =>
        resolve({ code: error ? 1 : 0, stderr }),
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    const xml = fs.readFileSync(exported, "utf8");
    expect(xml).toContain(`<DATE>${today}</DATE>`);
    expect(xml).toMatch(/<PRICE_AMOUNT>52\.00<\/PRICE_AMOUNT>\s*<PRICE_CURRENCY>EUR<\/PRICE_CURRENCY>\s*<TAX>0\.2<\/TAX>\s*<TERRITORY>AT<\/TERRITORY>/);
    const before = await server.db.selectFrom("article_prices").selectAll().orderBy("partno").orderBy("position").execute();
    const again = await importCli(server, ["catalogue", exported, "--json"]);
    expect(again.code, JSON.stringify(again.summary?.errors)).toBe(0);
    expect(await server.db.selectFrom("article_prices").selectAll().orderBy("partno").orderBy("position").execute()).toEqual(before);
  }, 60_000);
});
