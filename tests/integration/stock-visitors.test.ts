import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_LEAD_RADIUS_KM } from "~/dealers/search/search-dealers";
import type { InStockAnswer } from "~/dealers/where-to-buy/in-stock-query";
import type { WhereToBuyAnswer } from "~/dealers/where-to-buy/where-to-buy";
import { createDealerToken } from "~/models/dealer-token.server";
import { deleteStockOf, insertStockRows, markStockChanged } from "~/models/dealer-stock.server";
import { type TestServer, startTestServer } from "../support/test-server";
import { withoutDemoStock } from "../support/test-store";

/**
 * Issue 29 items 4 and 6 for visitors (decision 056), on both stores (vitest.postgres.config.ts):
 * where-to-buy, /handlersuche?article= and GET /api/in-stock lead with the dealers that have the
 * article in stock now, badge them with the stock's time and never its quantity, never claim stale
 * stock (the server's clock is moved, not waited for), and a push through one instance shows on
 * another within its next stock-version check.
 */

let first: TestServer;
let second: TestServer;
let partno = "";
/** Dealers that carry the article near Essen, nearest first, before any stock. */
let nearest: string[] = [];
/** The nearest of them beyond the lead radius: its stock earns a badge but not the lead. */
let distant = "";
/** The Ruhr: the demo's densest dealer area, six within the lead radius for most articles. */
const PLACE = "45127";
const HOUR = 3_600_000;

async function idOf(slug: string): Promise<number> {
  return (await first.db.selectFrom("dealers").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

/** Replaces the stock of these dealers with one row each for the article, as of `asOf`. */
async function stock(rows: { slug: string; quantity: number; asOf: Date }[]): Promise<void> {
  const ids = await Promise.all(rows.map((row) => idOf(row.slug)));
  await first.db.transaction().execute(async (trx) => {
    await deleteStockOf(trx, ids);
    await insertStockRows(
      trx,
      rows.map((row, i) => ({ dealer_id: ids[i]!, partno, gtin: null, quantity: row.quantity, as_of: row.asOf.toISOString() })),
    );
    await markStockChanged(trx);
  });
}

async function whereToBuy(server: TestServer, limit = 20): Promise<WhereToBuyAnswer> {
  const answer = await fetch(`${server.url}/api/where-to-buy?q=${PLACE}&article=${encodeURIComponent(partno)}&r=200&limit=${limit}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as WhereToBuyAnswer;
}

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({}, { sharedWith: first });
  // An article many dealers carry: the demo's first with at least six dealers within the lead radius.
  const articles = await first.db.selectFrom("articles").select("partno").orderBy("partno").limit(40).execute();
  await withoutDemoStock(first.db);
  for (const { partno: candidate } of articles) {
    partno = candidate;
    const answer = await whereToBuy(first);
    const cut = answer.hits.findIndex((hit) => hit.distanceKm !== null && hit.distanceKm > STOCK_LEAD_RADIUS_KM);
    if (cut >= 6) {
      nearest = answer.hits.map((hit) => hit.dealer.slug);
      distant = nearest[cut]!;
      break;
    }
  }
  expect(nearest.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe("dealer stock for visitors", () => {
  it("puts dealers with fresh stock first, with a badge and its time, never a quantity or stale or sold-out stock", async () => {
    const now = new Date();
    const [a, b, c, d, e] = nearest.slice(1, 6) as [string, string, string, string, string];
    await stock([
      { slug: c, quantity: 7, asOf: new Date(now.getTime() - HOUR) },
      { slug: a, quantity: 2, asOf: new Date(now.getTime() - 2 * HOUR) },
      { slug: b, quantity: 0, asOf: now },
      { slug: d, quantity: 5, asOf: new Date(now.getTime() - 49 * HOUR) },
      { slug: e, quantity: 1, asOf: new Date(now.getTime() - 47 * HOUR) },
      { slug: distant, quantity: 3, asOf: new Date(now.getTime() - HOUR) },
    ]);
    const answer = await whereToBuy(first);
    const slugs = answer.hits.map((hit) => hit.dealer.slug);
    // In stock nearby (a, c, e) by distance, then everyone else by distance, as before: the distant
    // dealer's stock gives it a badge in its place, not the lead.
    expect(slugs.slice(0, 3)).toEqual([a, c, e]);
    expect(slugs.slice(3)).toEqual(nearest.filter((slug) => ![a, c, e].includes(slug)));
    expect(answer.hits.filter((hit) => hit.inStockAsOf !== null).map((hit) => hit.dealer.slug)).toEqual([a, c, e, distant]);
    expect(JSON.stringify(answer)).not.toMatch(/quantity/);

    const page = await fetch(`${first.url}/handlersuche?q=${PLACE}&article=${encodeURIComponent(partno)}&r=200&lang=de`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/class="stock-badge"/g)).toHaveLength(4);
    expect(html).toMatch(/<strong class="stock-badge__label">vorrätig<\/strong><span class="stock-badge__time"> · Stand (heute|gestern) \d\d:\d\d<\/span>/);
    expect(html.indexOf(`/handlersuche/${a}"`)).toBeLessThan(html.indexOf(`/handlersuche/${nearest[0]}"`));
    const english = await (await fetch(`${first.url}/handlersuche?q=${PLACE}&article=${encodeURIComponent(partno)}&r=200&lang=en`)).text();
    expect(english).toMatch(/<strong class="stock-badge__label">in stock<\/strong><span class="stock-badge__time"> · as of (today|yesterday) \d\d:\d\d<\/span>/);

    // Two hours on (the server's clock), e's stock is 49 hours old: no longer claimed.
    first.advanceClock(2 * HOUR);
    try {
      const later = await whereToBuy(first);
      expect(later.hits.filter((hit) => hit.inStockAsOf !== null).map((hit) => hit.dealer.slug)).toEqual([a, c, distant]);
    } finally {
      first.advanceClock(-2 * HOUR);
    }
  });

  it("filters to the dealers with stock in the URL, hides the chip without an article and drops the filter there", async () => {
    const base = `${first.url}/handlersuche?q=${PLACE}&article=${encodeURIComponent(partno)}&r=200&lang=de`;
    const plain = await (await fetch(base)).text();
    expect(plain).toContain('value="stock"');
    expect(plain).toContain("Nur vorrätig");
    // Without JavaScript the chip sends the form with toggle=stock: the server answers with the address.
    const toggled = await fetch(`${base}&toggle=stock`, { redirect: "manual" });
    expect(toggled.status).toBe(302);
    expect(toggled.headers.get("location")).toContain("stock=1");
    const filtered = await fetch(new URL(toggled.headers.get("location")!, first.url));
    expect(filtered.headers.get("cache-control")).toBe("private, max-age=0");
    const html = await filtered.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html.match(/class="dealer-card[ "]/g)).toHaveLength(html.match(/class="stock-badge"/g)?.length ?? -1);
    expect(html).toContain('aria-pressed="true"');

    const bare = await (await fetch(`${first.url}/handlersuche?lang=de`)).text();
    expect(bare).not.toContain('value="stock"');
    const orphan = await fetch(`${first.url}/handlersuche?q=${PLACE}&stock=1`, { redirect: "manual" });
    expect(orphan.status).toBe(302);
    expect(orphan.headers.get("location")).toBe(`/handlersuche?q=${PLACE}`);
  });

  it("GET /api/in-stock: the dealers with stock near a place, cacheable for a minute, with an ETag", async () => {
    const target = `${first.url}/api/in-stock?article=${encodeURIComponent(partno)}&q=${PLACE}&r=200`;
    const answer = await fetch(target);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = answer.headers.get("etag");
    expect(etag).toBeTruthy();
    const body = (await answer.json()) as InStockAnswer;
    expect(body.article.partno).toBe(partno);
    expect(body.maxAgeHours).toBe(48);
    expect(body.dealers.map((dealer) => dealer.slug)).toHaveLength(4);
    expect(body.dealers.map((dealer) => dealer.distanceKm)).toEqual([...body.dealers.map((dealer) => dealer.distanceKm)].sort((x, y) => x - y));
    expect(JSON.stringify(body)).not.toMatch(/quantity/);
    // node:http, not fetch: fetch sends "Cache-Control: no-cache" with a validator of its own.
    const revalidated = await new Promise<number>((resolve, reject) =>
      http.get(target, { headers: { "If-None-Match": etag! } }, (res) => resolve(res.resume().statusCode ?? 0)).on("error", reject),
    );
    expect(revalidated).toBe(304);
    const byPosition = await fetch(`${first.url}/api/in-stock?article=${encodeURIComponent(partno)}&lat=${body.place.lat}&lng=${body.place.lng}&r=200`);
    expect(((await byPosition.json()) as InStockAnswer).dealers).toEqual(body.dealers);
  });

  it("GET /api/in-stock: 400 naming the bad parameters, 404 for an unknown article or place, 405 for other methods", async () => {
    const status = async (query: string, init?: RequestInit) => {
      const answer = await fetch(`${first.url}/api/in-stock?${query}`, init);
      return { status: answer.status, text: await answer.text() };
    };
    const article = `article=${encodeURIComponent(partno)}`;
    expect(await status(`${article}&q=${PLACE}&r=100000`)).toMatchObject({ status: 400, text: expect.stringContaining("r:") });
    expect(await status(`${article}&lat=52.5`)).toMatchObject({ status: 400, text: expect.stringContaining("lng:") });
    expect(await status(`q=${PLACE}`)).toMatchObject({ status: 400, text: expect.stringContaining("article:") });
    expect(await status(`${article}`)).toMatchObject({ status: 400, text: expect.stringContaining("q:") });
    expect(await status(`${article}&lat=abc&lng=13`)).toMatchObject({ status: 400, text: expect.stringContaining("lat:") });
    expect(await status(`article=${"X".repeat(500)}&q=${PLACE}`)).toMatchObject({ status: 400 });
    // A broken escape is the client's malformed request, not an unknown article (U+FFFD).
    expect(await status(`article=%E0%A4%A&q=${PLACE}`)).toMatchObject({ status: 400, text: expect.stringContaining("%-escape") });
    expect(await status(`${article}&q=M%FCnchen`)).toMatchObject({ status: 400 });
    expect(await status(`article=NO-SUCH-PART&q=${PLACE}`)).toMatchObject({ status: 404, text: expect.stringContaining("NO-SUCH-PART") });
    expect(await status(`${article}&q=Xyzzyhausen`)).toMatchObject({ status: 404 });
    expect((await status(`${article}&q=${PLACE}`, { method: "POST", body: "x" })).status).toBe(405);
    expect((await status(`${article}&q=${PLACE}`, { method: "DELETE" })).status).toBe(405);
  });

  it("a dealer's page opened for an article (?article=, as where to buy links it) shows its stock badge, or that it only carries the line (issue 37 item 19)", async () => {
    const [withStock, lineOnly] = nearest.slice(1, 3) as [string, string];
    await stock([{ slug: withStock, quantity: 7, asOf: new Date() }]);
    const page = (slug: string, article: string, lang = "de") => fetch(`${first.url}/handlersuche/${slug}?article=${encodeURIComponent(article)}&lang=${lang}`);
    const stocked = await page(withStock, partno);
    expect(stocked.status).toBe(200);
    // Stock changes with any push, and the view is counted: never kept by a cache.
    expect(stocked.headers.get("cache-control")).toBe("private, max-age=0");
    const html = await stocked.text();
    expect(html).toMatch(/class="stock-badge"[^]*vorrätig[^]*Stand heute/);
    expect(html).toContain(`>${partno}<`);
    expect(html).not.toMatch(/\b7 (Stück|vorrätig)/);
    const english = await (await page(withStock, partno, "en")).text();
    expect(english).toMatch(/in stock[^]*as of today/);
    const carried = await (await page(lineOnly, partno)).text();
    expect(carried).toContain("führt die Produktlinie · auf Bestellung");
    expect(carried).not.toContain('class="stock-badge"');
    // An article that no longer exists (an old link): the dealer's page as without it, no claim.
    const unknown = await page(withStock, "NO-SUCH-PART");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain("dealer-profile__article");
  });

  it("a push through one instance shows on the other at its next stock-version check", async () => {
    const target = (server: TestServer) => `${server.url}/api/in-stock?article=${encodeURIComponent(partno)}&q=${PLACE}&r=200`;
    const before = (await (await fetch(target(second))).json()) as InStockAnswer;
    // Stored by the second's page cache: asked again, the same.
    expect(await (await fetch(target(second))).json()).toEqual(before);
    const newcomer = nearest.find((slug) => !before.dealers.some((dealer) => dealer.slug === slug))!;
    const dealer = await first.db.selectFrom("dealers").select(["id", "source_id"]).where("slug", "=", newcomer).executeTakeFirstOrThrow();
    const token = await createDealerToken(first.db, dealer.id, new Date());
    const pushed = await fetch(`${first.url}/api/stock/${dealer.source_id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ partNumber: partno, quantity: 3 }] }),
    });
    expect(pushed.status, await pushed.clone().text()).toBe(200);
    // The second has not looked yet; a second later (its clock) it has.
    second.advanceClock(1000);
    const after = (await (await fetch(target(second))).json()) as InStockAnswer;
    expect(after.dealers.map((d) => d.slug)).toContain(newcomer);
    expect(((await whereToBuy(second)).hits.find((hit) => hit.dealer.slug === newcomer))?.inStockAsOf).toBeTruthy();
  });
});
