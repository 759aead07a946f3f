import { type Locator, type Page, expect, test } from "@playwright/test";

/*
 * Issue 14's keyboard journey: "find an open workshop near 80331 and open its page", with the
 * keyboard alone after the page has loaded. Which dealers are open depends on the hour the test
 * runs, so it only checks that every card left is open or has unknown hours.
 */

/**
 * Tabs (or Shift+Tabs, when the target comes before the focus) until `target` has the focus;
 * fails after `limit` presses.
 */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const where = () =>
    target.evaluate((element) => {
      if (element === document.activeElement) return "here";
      const focused = document.activeElement;
      if (!focused || focused === document.body) return "after";
      return focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING ? "before" : "after";
    });
  for (let i = 0; i < limit; i++) {
    const position = await where();
    if (position === "here") return;
    await page.keyboard.press(position === "before" ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test("find an open workshop near 80331 and open its page, by keyboard", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/handlersuche");
  const search = page.getByLabel("Ort, Postleitzahl oder Händlername");
  await tabTo(page, search);
  await page.keyboard.type("80331");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=80331/);

  const chips = page.locator(".dealer-filters");
  const workshop = chips.getByRole("button", { name: "Werkstatt", exact: true });
  await tabTo(page, workshop);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]service=workshop/);
  await expect(workshop).toHaveAttribute("aria-pressed", "true");

  const openNow = chips.getByRole("button", { name: "Jetzt geöffnet", exact: true });
  await tabTo(page, openNow);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/[?&]open=1/);
  await expect(openNow).toHaveAttribute("aria-pressed", "true");

  const cards = page.locator(".dealer-grid > .dealer-card");
  await expect(cards.first()).toBeVisible();
  for (const state of await cards.locator(".open-status").evaluateAll((lines) => lines.map((line) => line.className))) {
    expect(state).toMatch(/open-status--(open|unknown)/);
  }
  const firstName = cards.first().locator(".dealer-card__name a");
  const name = (await firstName.textContent()) ?? "";
  await tabTo(page, firstName, 120);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/handlersuche\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
