import { type APIRequestContext, type Page, expect } from "@playwright/test";
import type { ProviderReseller } from "~/catalog/provider-schema";
import { hasBrandTag } from "~/dealers/dealer-filter";

/** The brand's dealers as the page must show them, from the live API (never hard-coded rows). */
export async function brandDealers(request: APIRequestContext): Promise<ProviderReseller[]> {
  const all = (await (await request.get("/api/reseller")).json()) as ProviderReseller[];
  return all.filter((d) => hasBrandTag(d.tag, "viva"));
}

export const hasCoordinates = (d: ProviderReseller) => d.position[0] !== null && d.position[1] !== null;

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
