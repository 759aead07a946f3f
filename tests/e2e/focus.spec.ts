import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { catalogue, urlName } from "./helpers";
import { brandDealers, hasCoordinates, markersReady } from "./dealer-helpers";

/*
 * Where the keyboard focus goes after a search, a client-side navigation or a popup (issue 37, item
 * 15). Only a browser can tell: focus follows React's effects, Leaflet's events and the router's
 * navigations in a real document, which neither the server's HTML nor a DOM without layout has.
 */

/** The page has hydrated once "In meiner Nähe" (dealer search, article panel) works. */
const hydrated = (page: Page) => expect(page.getByRole("button", { name: "In meiner Nähe" }).first()).toBeEnabled();

/** The first article's panel, by its deep link, once it has hydrated. */
async function openPanel(page: Page, request: APIRequestContext) {
  const { leaves, articlesOf } = await catalogue(request);
  const leaf = leaves[0]!;
  const [article] = await articlesOf(leaf);
  await page.goto(`/products/articles/${urlName(leaf.bbf_cat_name)}/${article!.PARTNO}`);
  await hydrated(page);
  return page.getByRole("dialog");
}

/** What has the focus: an element's tag, id and text, enough to tell `<body>` from the field. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName, id: el.id, text: (el.textContent ?? "").trim().slice(0, 60), inDialog: Boolean(el.closest('[role="dialog"]')) } : null;
  });

test.describe("focus after a search", () => {
  test("Enter in the dealer search keeps the focus in the field, and a new radius in its select", async ({ page }) => {
    await page.goto("/handlersuche");
    await hydrated(page);
    const field = page.getByRole("searchbox", { name: /Postleitzahl/ });
    await field.fill("10115");
    await field.press("Enter");
    await expect(page).toHaveURL(/q=10115/);
    await expect(page.locator(".dealer-results__status")).toContainText("10115");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("10115");
    const radius = page.getByRole("combobox", { name: /Umkreis/ });
    await radius.focus();
    await radius.selectOption("100");
    await expect(page).toHaveURL(/r=100/);
    await expect(radius).toBeFocused();
    // A link that changes the search (the reset) still shows its own query in the field.
    await page.getByRole("link", { name: "Alle Händler anzeigen" }).first().click();
    await expect(page).toHaveURL(/\/handlersuche$/);
    await expect(field).toHaveValue("");
  });

  test.describe("with the visitor's position", () => {
    test.use({ geolocation: { latitude: 52.52, longitude: 13.405 }, permissions: ["geolocation"] });

    test("'In meiner Nähe' keeps the focus on its button, in the article panel and on the dealer search", async ({ page, request }) => {
      const dialog = await openPanel(page, request);
      const nearMe = dialog.getByRole("button", { name: "In meiner Nähe" });
      await nearMe.click();
      await expect(dialog.locator(".where-to-buy__status")).toContainText(/Ihrer Nähe|Händler/);
      await expect(dialog.locator(".where-to-buy__status")).not.toHaveText(/werden gesucht|Standort/);
      await expect(nearMe).toBeFocused();

      await page.goto("/handlersuche");
      await hydrated(page);
      const button = page.getByRole("button", { name: "In meiner Nähe" });
      await button.click();
      await expect(page).toHaveURL(/lat=/);
      await expect(button).toBeFocused();
    });
  });

  test("'Händler finden' in the article panel keeps the focus inside the dialog", async ({ page, request }) => {
    const dialog = await openPanel(page, request);
    const field = dialog.getByRole("textbox", { name: /Postleitzahl/ });
    await field.fill("10115");
    await field.press("Enter");
    await expect(dialog.locator(".where-to-buy__status")).not.toBeEmpty();
    await expect(dialog.locator(".where-to-buy__status")).not.toHaveText(/werden gesucht/);
    expect(await focused(page)).toMatchObject({ inDialog: true });
    await dialog.getByRole("button", { name: "Händler finden" }).click();
    await expect(dialog.locator(".where-to-buy__status")).not.toHaveText(/werden gesucht/);
    expect(await focused(page)).toMatchObject({ inDialog: true });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ inDialog: true });
  });
});

test.describe("focus after a client-side navigation", () => {
  test("a header link moves the focus to the new page's heading; the first load and a filter do not", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Nächstes Bild" })).toBeVisible();
    expect(await focused(page)).toMatchObject({ tag: "BODY" });
    await page.locator(".site-nav").getByRole("link", { name: "Händlersuche" }).first().click();
    await expect(page).toHaveURL(/\/handlersuche$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute("tabindex", "-1");
    // Only the query changes (a filter): the focus stays where the visitor put it.
    const field = page.getByRole("searchbox", { name: /Postleitzahl/ });
    await field.fill("Berlin");
    await field.press("Enter");
    await expect(page).toHaveURL(/q=Berlin/);
    await expect(heading).not.toBeFocused();
  });

  test("a link in the phone menu moves the focus to the heading, not back to the menu button", { tag: "@phone" }, async ({ page, isMobile }) => {
    test.skip(!isMobile, "the hamburger menu is the phone's");
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Nächstes Bild" })).toBeVisible();
    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Kontakt", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("opening and closing the article panel keep their own focus (the close button, then the card)", async ({ page, request }) => {
    const { leaves, articlesOf } = await catalogue(request);
    const leaf = leaves[0]!;
    const [article] = await articlesOf(leaf);
    await page.goto(`/products/articles/${urlName(leaf.bbf_cat_name)}`);
    await expect(page.locator(".site-header button").first()).toBeEnabled();
    const card = page.locator(`[data-partno="${article!.PARTNO}"]`);
    await card.click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Schließen" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card).toBeFocused();
  });
});

test.describe("the map's popups", () => {
  test("Escape closes a popup opened by the mouse and gives the focus to its marker", { tag: "@phone" }, async ({ page, request }) => {
    const dealer = (await brandDealers(request)).find(hasCoordinates)!;
    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await markersReady(page);
    const marker = page.locator(`.dealer-marker[title="${dealer.name}"]`);
    await marker.click();
    const popup = page.locator(".leaflet-popup");
    await expect(popup).toContainText(dealer.name);
    // Wherever the click left the focus (on the page, on the marker): Escape closes the popup.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);
    await expect(marker).toBeFocused();
  });
});
