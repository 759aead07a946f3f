import { type Page, expect, test } from "@playwright/test";

/**
 * Links to our pages are plain anchors followed by one click handler of the document (decision
 * 019): these tests hold it to what React Router's <Link> did.
 */

/** Marks the open document; the mark is gone when the browser loaded a new one. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { documentMark: number }).documentMark = 1));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { documentMark?: number }).documentMark === 1);

test("a link to another page is followed without loading a new document, and Back returns", async ({ page }) => {
  await page.goto("/impressum");
  await markDocument(page);
  await page.locator("footer").getByRole("link", { name: "Datenschutz" }).click();
  await expect(page).toHaveURL(/\/datenschutz$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Datenschutz");
  expect(await sameDocument(page)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Impressum");
  expect(await sameDocument(page)).toBe(true);
});

test("the main navigation marks the section shown, also after moving on in the browser", async ({ page, isMobile }) => {
  test.skip(isMobile, "the phone shows the navigation in its menu");
  await page.goto("/service");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Service" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Kontakt" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(nav.getByRole("link", { name: "Kontakt" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Service" })).not.toHaveAttribute("aria-current", "page");
});

test("a Ctrl-click leaves the page alone for the browser's new tab", async ({ page, context, isMobile }) => {
  test.skip(isMobile, "phones have no Ctrl key");
  await page.goto("/impressum");
  const opened = context.waitForEvent("page");
  await page.locator("footer").getByRole("link", { name: "Datenschutz" }).click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/datenschutz");
  await expect(page).toHaveURL(/\/impressum$/);
});

test("without JavaScript a link is an ordinary page load", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/impressum");
  await page.locator("footer").getByRole("link", { name: "Datenschutz" }).click();
  await expect(page).toHaveURL(/\/datenschutz$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Datenschutz");
  await context.close();
});
