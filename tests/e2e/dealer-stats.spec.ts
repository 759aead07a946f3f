import { type Page, type Request, expect, test } from "@playwright/test";
import type { ProviderReseller } from "~/exchange/provider-schema";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";

/** Beacons the page sends to our own statistics endpoint, as their bodies. */
function beaconsOf(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname === "/api/stats/dealer-click") bodies.push(request.postData() ?? "");
  });
  return bodies;
}

test.describe("dealer contact clicks", () => {
  test("links on the cards and in the map's popups report the dealer and the kind of link, without consent", { tag: "@phone" }, async ({ page, context, request }) => {
    const dealers = (await (await request.get("/api/reseller")).json()) as ProviderReseller[];
    const dealer = dealers.find((d) => hasBrandTag(d.tag, "viva") && d.web && d.position[0] !== null && d.slug)!;
    // Links to the dealer's site and the route planner open tabs that must not reach the internet.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const beacons = beaconsOf(page);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to connect/i.test(message.text())) violations.push(message.text());
    });

    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await expect(page.locator(".dealer-map.leaflet-container")).toHaveAttribute("data-markers-ready", "true", { timeout: 15_000 });
    const card = page.locator(".dealer-grid > .dealer-card").filter({ hasText: dealer.name }).first();
    // The cards report through React's handlers: no tracking attributes in the HTML.
    expect(await card.evaluate((element) => element.outerHTML)).not.toContain("data-dealer");

    for (const link of [card.locator(`a[href^="${dealer.web}"]`), card.locator(".dealer-card__route")]) {
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.close();
    }
    await page.locator(`.dealer-marker[title="${dealer.name}"]`).click();
    const popupRoute = page.locator(".leaflet-popup-content .dealer-popup__route");
    await expect(popupRoute).toHaveAttribute("data-dealer-click", "directions");
    const [tab] = await Promise.all([context.waitForEvent("page"), popupRoute.click()]);
    await tab.close();

    const body = (kind: string) => JSON.stringify({ dealer: dealer.slug, kind });
    await expect.poll(() => beacons).toEqual([body("web"), body("directions"), body("directions")]);
    expect(violations).toEqual([]);
  });
});
