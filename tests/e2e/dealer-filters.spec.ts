import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import type { Dealer } from "~/dealers/dealer/dealer";
import type { DealerService } from "~/dealers/dealer/dealer-services";
import { brandDealers, cards, hasCoordinates, map, markerTotal, markersReady } from "./dealer-helpers";
import { PAGE_SIZE } from "~/dealers/search/search-spec";

/*
 * Issue 14: filter chips (services, open now) and the article filter on /handlersuche, the richer
 * cards, and the map by keyboard. Expected dealers come from the live API, never hard-coded rows.
 */

const offers = (...services: DealerService[]) => (d: Dealer) => services.every((s) => d.services.includes(s));
const status = (page: Page) => page.locator(".dealer-results__status");
const chip = (page: Page, name: string) => page.locator(".dealer-filters").getByRole("button", { name, exact: true });

/** The number the list's live region gives ("87 Händler · Filter: …"). */
async function shownTotal(page: Page): Promise<number> {
  return Number(/^(\d+) Händler/.exec((await status(page).textContent()) ?? "")?.[1]);
}

test.describe("dealer filters with JavaScript", () => {
  test("service chips toggle, narrow the cards and the markers, keep the focus and announce the count", { tag: "@phone" }, async ({ page, request }) => {
    const dealers = await brandDealers(request);
    const workshops = dealers.filter(offers("workshop"));
    const both = dealers.filter(offers("workshop", "test-rides"));
    await page.goto("/handlersuche");
    await markersReady(page);
    await expect(status(page)).toHaveAttribute("role", "status");

    const workshop = chip(page, "Werkstatt");
    await expect(workshop).toHaveAttribute("aria-pressed", "false");
    await workshop.click();
    await expect(page).toHaveURL(/[?&]service=workshop(&|$)/);
    await expect(workshop).toHaveAttribute("aria-pressed", "true");
    await expect(workshop).toBeFocused();
    await expect(status(page)).toHaveText(`${workshops.length} Händler · Filter: Werkstatt`);
    await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, workshops.length));
    for (const badges of await cards(page).locator(".dealer-card__services").allTextContents()) expect(badges).toContain("Werkstatt");
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(workshops.filter(hasCoordinates).length);

    // A second chip by keyboard: dealers that offer both.
    await chip(page, "Probefahrten").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/service=workshop&service=test-rides/);
    await expect(chip(page, "Probefahrten")).toBeFocused();
    await expect(status(page)).toHaveText(`${both.length} Händler · Filter: Werkstatt, Probefahrten`);
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(both.filter(hasCoordinates).length);

    // Pressed again, a chip lets go; the reset link clears what is left.
    await page.keyboard.press(" ");
    await expect(chip(page, "Probefahrten")).toHaveAttribute("aria-pressed", "false");
    await expect(status(page)).toHaveText(`${workshops.length} Händler · Filter: Werkstatt`);
    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/handlersuche$/);
    await expect(status(page)).toHaveText(`${dealers.length} Händler`);
    await expect(workshop).toHaveAttribute("aria-pressed", "false");
  });

  test("a chip keeps the map where the visitor has moved it", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/handlersuche");
    await markersReady(page);
    const zoom = async () => Number(await map(page).getAttribute("data-zoom"));
    const before = await zoom();
    await page.locator(".leaflet-control-zoom-in").click();
    await expect.poll(zoom).toBeGreaterThan(before);
    const zoomed = await zoom();
    await chip(page, "Verleih").click();
    await expect(page).toHaveURL(/service=rental/);
    await markersReady(page);
    expect(await zoom()).toBe(zoomed);
  });

  test("filters combine with a place search and its radius", async ({ page }) => {
    await page.goto("/handlersuche?q=10115&r=100");
    const all = await cards(page).count();
    await chip(page, "E-Bike-Service").click();
    await expect(page).toHaveURL(/q=10115&r=100&service=ebike-service/);
    await expect(status(page)).toContainText("um D-10115 Berlin");
    await expect(status(page)).toContainText("Filter: E-Bike-Service");
    const filtered = await cards(page).count();
    expect(filtered).toBeLessThanOrEqual(all);
    // The demo data has such dealers near Berlin; without them the checks below would check nothing.
    expect(filtered).toBeGreaterThan(0);
    const distances = await page.locator(".dealer-card__distance").allTextContents();
    expect(distances.length).toBe(filtered);
    for (const badges of await cards(page).locator(".dealer-card__services").allTextContents()) expect(badges).toContain("E-Bike-Service");
  });

  test("open now shows only open dealers, then those with unknown hours, on the cards and the map", { tag: "@phone" }, async ({ page, request }) => {
    const dealers = await brandDealers(request);
    await page.goto("/handlersuche");
    await chip(page, "Jetzt geöffnet").click();
    await expect(page).toHaveURL(/open=1/);
    await expect(status(page)).toContainText("Filter: jetzt geöffnet");
    // The page's moment is the server's: whatever it is, no card may say "closed".
    const states = await cards(page).locator(".open-status").evaluateAll((lines) =>
      lines.map((line) => (line.classList.contains("open-status--open") ? "open" : line.classList.contains("open-status--unknown") ? "unknown" : "closed")),
    );
    expect(states).not.toContain("closed");
    // Open ones first, then unknown ones (either group may be empty at the server's moment).
    expect(states).toEqual([...states.filter((state) => state === "open"), ...states.filter((state) => state === "unknown")]);
    for (const text of await cards(page).locator(".open-status--unknown").allTextContents()) expect(text).toBe("Öffnungszeiten unbekannt");
    // The map runs the same search at the same moment.
    const total = await shownTotal(page);
    const withoutCoordinates = dealers.filter((d) => !hasCoordinates(d)).length;
    await markersReady(page);
    const markers = await markerTotal(page);
    expect(markers).toBeLessThanOrEqual(total);
    expect(markers).toBeGreaterThanOrEqual(total - withoutCoordinates);
  });

  test("the filtered page and an open popup have no axe violations", { tag: "@phone" }, async ({ page, request }) => {
    // axe over fifty cards and the map takes a while on a busy machine.
    test.setTimeout(90_000);
    const axe = async (include?: string) => {
      const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
      const results = await (include ? builder.include(include) : builder).analyze();
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    await page.goto("/handlersuche?q=10115&service=workshop&open=1");
    await markersReady(page);
    expect(await axe()).toEqual([]);

    const dealer = (await brandDealers(request)).find((d) => hasCoordinates(d) && d.website)!;
    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await markersReady(page);
    await page.locator(".leaflet-marker-icon.dealer-marker").click();
    await expect(page.locator(".leaflet-popup-content .open-status")).toBeVisible();
    expect(await axe(".leaflet-popup")).toEqual([]);
  });
});

test.describe("dealer map by keyboard", { tag: "@phone" }, () => {
  test("Tab reaches a marker named after its dealer; Enter opens its popup with the status and the dealer's page; Escape returns", async ({
    page,
    request,
  }) => {
    const dealer = (await brandDealers(request)).find((d) => hasCoordinates(d) && d.slug)!;
    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await markersReady(page);
    await map(page).focus();
    await page.keyboard.press("Tab");
    const marker = page.locator(".leaflet-marker-icon.dealer-marker:focus");
    await expect(marker).toHaveAttribute("aria-label", new RegExp(`^${dealer.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `));
    await expect(marker).toHaveAttribute("role", "button");
    await page.keyboard.press("Enter");
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup).toContainText(dealer.name);
    await expect(popup.locator(".open-status")).toBeVisible();
    const pageLink = popup.locator(`a[href="/handlersuche/${dealer.slug}"]`).first();
    await expect(pageLink).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator(".leaflet-popup")).toHaveCount(0);
    await expect(page.locator(".leaflet-marker-icon.dealer-marker")).toBeFocused();
  });

  test("a cluster's name gives its count; Enter zooms in and the focus stays on the map", async ({ page }) => {
    await page.goto("/handlersuche");
    await markersReady(page);
    await map(page).focus();
    // Markers and clusters are in the tab order: on to the first cluster.
    const onCluster = () => page.evaluate(() => document.activeElement?.classList.contains("dealer-cluster") ?? false);
    for (let i = 0; i < 40 && !(await onCluster()); i++) await page.keyboard.press("Tab");
    const focused = page.locator(".leaflet-marker-icon.dealer-cluster:focus");
    const count = await focused.getAttribute("data-count");
    await expect(focused).toHaveAttribute("aria-label", `${count} Händler – vergrößern`);
    const before = Number(await map(page).getAttribute("data-zoom"));
    await page.keyboard.press("Enter");
    await expect.poll(async () => Number(await map(page).getAttribute("data-zoom"))).toBeGreaterThan(before);
    // Once the clusters are rebuilt the focus is on one of the markers or clusters it split into.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains("leaflet-marker-icon") ?? false))
      .toBe(true);
    expect(await page.evaluate(() => document.querySelector(".dealer-map")?.contains(document.activeElement))).toBe(true);
  });
});

test.describe("dealers for an article", () => {
  test("shows who carries the article's line, with a way back to the article", async ({ page, request }) => {
    const dealers = await brandDealers(request);
    // A demo article in "Lenkergriffe", a line some specialised demo dealers list.
    await page.goto("/handlersuche?article=VB-17439");
    const heading = page.getByRole("heading", { level: 2, name: /^Händler für .+ \(VB-17439\)$/ });
    await expect(heading).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Artikel" })).toHaveAttribute("href", /\/products\/articles\/Lenkergriffe\/VB-17439$/);
    const carriers = dealers.filter((d) => !d.productLines?.length || d.productLines.includes("Lenkergriffe"));
    expect(await shownTotal(page)).toBe(carriers.length);
    expect(carriers.length).toBeLessThan(dealers.length);
    // A search from here keeps the article.
    await page.getByLabel("Ort, Postleitzahl oder Händlername").fill("10115");
    await page.locator("#main").getByRole("button", { name: "Suchen", exact: true }).click();
    await expect(page).toHaveURL(/q=10115.*article=VB-17439|article=VB-17439.*q=10115/);
  });

  test("an unknown part number is a 404", async ({ page }) => {
    const response = await page.goto("/handlersuche?article=NO-SUCH-PART");
    expect(response?.status()).toBe(404);
  });
});

test.describe("dealer filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a chip is a submit button: the server answers with the filtered page", async ({ page, request }) => {
    const dealers = await brandDealers(request);
    await page.goto("/handlersuche");
    await chip(page, "Werkstatt").click();
    await expect(page).toHaveURL(/service=workshop/);
    await expect(chip(page, "Werkstatt")).toHaveAttribute("aria-pressed", "true");
    await expect(status(page)).toHaveText(`${dealers.filter(offers("workshop")).length} Händler · Filter: Werkstatt`);

    await chip(page, "Jetzt geöffnet").click();
    await expect(page).toHaveURL(/service=workshop&open=1/);
    await expect(cards(page).locator(".open-status--closed")).toHaveCount(0);

    // The search button keeps the filters; the chip pressed again lets go.
    await page.getByLabel("Ort, Postleitzahl oder Händlername").fill("10115");
    await page.locator("#main").getByRole("button", { name: "Suchen", exact: true }).click();
    await expect(page).toHaveURL(/q=10115.*service=workshop.*open=1/);
    await chip(page, "Werkstatt").click();
    await expect(page).toHaveURL(/q=10115/);
    await expect(page).not.toHaveURL(/service=/);
    await expect(chip(page, "Jetzt geöffnet")).toHaveAttribute("aria-pressed", "true");
  });

  test("an unknown service in the address is dropped by a redirect, not an error", async ({ page }) => {
    const response = await page.goto("/handlersuche?service=sauna&service=workshop");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/handlersuche\?service=workshop$/);
  });
});
