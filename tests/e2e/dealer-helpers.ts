import { type APIRequestContext, type Page, expect } from "@playwright/test";
import { parseProviderReseller } from "~/dealers/source/provider-reseller";
import { type Dealer, completeDealers } from "~/dealers/dealer/dealer";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";

/** The brand's dealers as the page must show them, from the live API (never hard-coded rows), read as the map reads them. */
export async function brandDealers(request: APIRequestContext): Promise<Dealer[]> {
  const all = (await (await request.get("/api/reseller")).json()) as unknown[];
  return completeDealers(all.map(parseProviderReseller)).filter((d) => hasBrandTag(d.tags, "viva"));
}

export const hasCoordinates = (d: Dealer) => d.position[0] !== null && d.position[1] !== null;

export const map = (page: Page) => page.locator(".dealer-map.leaflet-container");

export const cards = (page: Page) => page.locator(".dealer-grid > .dealer-card");

export async function markersReady(page: Page) {
  await expect(map(page)).toHaveAttribute("data-markers-ready", "true", { timeout: 15_000 });
}

/** Single markers plus the counts in the cluster bubbles: every dealer on the map, once. */
export async function markerTotal(page: Page): Promise<number> {
  return page.evaluate(() => {
    const singles = document.querySelectorAll(".leaflet-marker-icon.dealer-marker").length;
    const clustered = [...document.querySelectorAll<HTMLElement>(".leaflet-marker-icon.dealer-cluster")].reduce(
      (sum, el) => sum + Number(el.dataset.count ?? 0),
      0,
    );
    return singles + clustered;
  });
}
