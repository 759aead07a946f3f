import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { markersReady } from "./dealer-helpers";

/*
 * Every marker a search fits into the map is a whole target (axe target-size, WCAG 2.5.8), at a
 * phone's 390 px (issue 37, item 20): none lies under the zoom buttons, where half
 * of it could not be tapped. Where markers land is the browser's layout and Leaflet's arithmetic.
 */
const SEARCHES = ["8001", "Zürich", "Basel", "Wien", "Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Leipzig", "80331&r=100", "10115&r=100"];

test("the markers of a search are whole targets, clear of the zoom buttons", { tag: "@phone" }, async ({ page, isMobile }) => {
  // The phone's map is the narrow one where markers crowd the buttons (the 2 violations of issue 37
  // were at 390 px); twelve searches on the desktop too cost CI about a minute.
  test.skip(!isMobile, "the 390 px map is where the markers crowd");
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const query of SEARCHES) {
    await page.goto(`/handlersuche?q=${query}`);
    await markersReady(page);
    await expect(page.locator(".dealer-map")).toHaveAttribute("data-moving", "false");
    const results = await new AxeBuilder({ page }).include(".dealer-map").withRules(["target-size"]).analyze();
    for (const v of results.violations) for (const node of v.nodes) found.push(`${query}: ${node.target.join(" ")}`);
  }
  expect(found).toEqual([]);
});
