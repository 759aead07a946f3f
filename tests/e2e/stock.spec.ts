import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import type { InStockAnswer } from "~/dealers/where-to-buy/in-stock-query";
import { catalogue, urlName } from "./helpers";

/*
 * Issue 29 item 4 (decision 056) in the browser: the demo's stock snapshot badges dealers on
 * /handlersuche?article=… and in the article's where-to-buy block, and "Nur vorrätig" works without
 * JavaScript. The article is the first whose stock the live JSON answer reports near Munich.
 */

const PLACE = "80331";

async function stockedArticle(request: APIRequestContext) {
  const { leaves, articlesOf } = await catalogue(request);
  for (const leaf of leaves) {
    for (const article of await articlesOf(leaf)) {
      const answer = await request.get(`/api/in-stock?article=${encodeURIComponent(article.PARTNO)}&q=${PLACE}&r=200`);
      const { dealers } = (await answer.json()) as InStockAnswer;
      if (dealers.length >= 2 && dealers.length <= 20) return { listUrl: `/products/articles/${urlName(leaf.bbf_cat_name)}`, partno: article.PARTNO, dealers };
    }
  }
  throw new Error("the demo has no article in stock near Munich: is the demo stock seeded (app/seed/demo-stock.ts)?");
}

const cards = (page: Page) => page.locator(".dealer-card");

test.describe("dealer stock without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("in-stock dealers lead with a badge, and the chip keeps only them", async ({ page, request }) => {
    const { partno, dealers } = await stockedArticle(request);
    await page.goto(`/handlersuche?q=${PLACE}&article=${encodeURIComponent(partno)}&r=200`);
    const badges = page.locator(".dealer-card .stock-badge");
    await expect(badges.first()).toHaveText(/^vorrätig · Stand (heute|gestern|\d+\.\d+\.) \d\d:\d\d$/);
    // The badged cards come first.
    const badged = await cards(page).evaluateAll((all) => all.map((card) => card.querySelector(".stock-badge") !== null));
    expect(badged.indexOf(false)).toBe(Math.min(dealers.length, badged.length));

    await page.locator(".dealer-filters").getByRole("button", { name: "Nur vorrätig", exact: true }).click();
    await expect(page).toHaveURL(/stock=1/);
    await expect(page.locator(".dealer-filters").getByRole("button", { name: "Nur vorrätig", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(cards(page)).toHaveCount(dealers.length);
    await expect(badges).toHaveCount(dealers.length);
    await expect(page.locator(".dealer-results__status")).toContainText("Filter: nur vorrätig");
  });

  test("the chip is not offered without an article", async ({ page }) => {
    await page.goto(`/handlersuche?q=${PLACE}`);
    await expect(page.locator(".dealer-filters").getByRole("button", { name: "Nur vorrätig" })).toHaveCount(0);
  });
});

test("the article's where-to-buy block badges the dealers with stock", async ({ page, request }) => {
  const { listUrl, partno } = await stockedArticle(request);
  await page.goto(`${listUrl}/${partno}?lang=en`);
  const where = page.getByRole("dialog").getByRole("region", { name: "Find a dealer" });
  await expect(where.getByRole("button", { name: "Near me" })).toBeEnabled();
  await where.getByRole("textbox").fill(PLACE);
  await where.getByRole("button", { name: "Find a dealer", exact: true }).click();
  await expect(where.locator(".where-to-buy__dealer").first().locator(".stock-badge")).toHaveText(/^in stock · as of (today|yesterday|\d+ \w+) \d\d:\d\d$/);
});
