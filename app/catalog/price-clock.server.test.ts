import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import { priceRows, type RetailPrice } from "~/exchange/retail-price";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { refreshShownPrices } from "./price-clock.server";

let dir: string;
let db: DB;
const price = (amountCents: number, validFrom: string | null, validUntil: string | null, territory = ""): RetailPrice => ({ type: "nrp", currency: "EUR", amountCents, territory, validFrom, validUntil });

async function article(partno: string, priceCents: number | null, prices: RetailPrice[]) {
  await db
    .insertInto("articles")
    .values({ partno, category_id: 1, position: 1, prodcatname_de: "", prodcatname_en: "", title_de: partno, title_en: partno, description_de: null, description_en: null, price_cents: priceCents, content_hash: null })
    .execute();
  if (prices.length > 0) await db.insertInto("article_prices").values(priceRows(partno, prices)).execute();
}
const shown = async (partno: string) => (await db.selectFrom("articles").select("price_cents").where("partno", "=", partno).executeTakeFirstOrThrow()).price_cents;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-price-clock-"));
  db = openDatabase(path.join(dir, "velocat.sqlite"));
  await migrateToLatest(db);
  await db.insertInto("categories").values({ id: 1, shop_id: 1, main_id: 1, parent_id: null, position: 1, symbol: "", name_de: "K", description_de: "", name_en: "C", description_en: "", source_id: null, slug: null, slug_key: null }).execute();
  // This year's price list, next year's, an Austrian one, and one that never ends.
  await article("YEARLY", 4990, [price(4990, "2026-01-01", "2026-12-31", "DE"), price(5290, "2027-01-01", null, "DE"), price(5190, null, null, "AT")]);
  await article("ENDING", 1990, [price(1990, null, "2026-12-31")]);
  await article("PLAIN", 990, []);
  await setMeta(db, "data_version", "before");
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the price clock (issue 38, decision 075)", () => {
  it("changes nothing, and keeps the data version, while today's prices are shown", async () => {
    expect(await refreshShownPrices(db, "2026-12-31")).toBe(0);
    expect(await getMeta(db, "data_version")).toBe("before");
  });

  it("on the first day of a new price list shows it, takes an ended price off, and writes a new data version", async () => {
    expect(await refreshShownPrices(db, "2027-01-01")).toBe(2);
    expect(await shown("YEARLY")).toBe(5290);
    expect(await shown("ENDING")).toBeNull();
    // Never an Austrian price, and an article without kept prices as it is.
    expect(await shown("PLAIN")).toBe(990);
    expect(await getMeta(db, "data_version")).not.toBe("before");
    expect(await refreshShownPrices(db, "2027-01-02")).toBe(0);
  });
});
