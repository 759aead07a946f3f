import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { catalogue, urlName } from "./helpers";

/*
 * The article panel's history entries (issue 37, item 17; decision 069): a picture or a tab replaces
 * the panel's entry, closing goes back to (or replaces with) the list, so Back never reopens the
 * panel. Only a browser's session history shows what Back does; the server sees single requests.
 */

async function richArticle(request: APIRequestContext) {
  const { leaves, articlesOf } = await catalogue(request);
  for (const leaf of leaves) {
    const articles = await articlesOf(leaf);
    const index = articles.findIndex((a) => a.media.length >= 2 && a.descriptions.default.TEXT5);
    if (index >= 0 && index < 6) return { listUrl: `/products/articles/${urlName(leaf.bbf_cat_name)}`, partno: articles[index]!.PARTNO };
  }
  throw new Error("no article with a description and two images on a first page");
}

/** The list, hydrated (its menu button works), reached from the catalogue page so Back has somewhere to go. */
async function openList(page: Page, listUrl: string) {
  await page.goto("/products");
  await page.goto(listUrl);
  await expect(page.locator(".site-header button").first()).toBeEnabled();
}

test("pictures and tabs inside the panel add no history entries: Back leaves the panel", async ({ page, request }) => {
  const { listUrl, partno } = await richArticle(request);
  await openList(page, listUrl);
  await page.locator(`[data-partno="${partno}"]`).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const entries = await page.evaluate(() => history.length);
  await dialog.getByRole("link", { name: "Bild 2 anzeigen" }).click();
  await expect(page).toHaveURL(/\?image=2$/);
  await dialog.getByRole("link", { name: "Eigenschaften" }).click();
  await expect(page).toHaveURL(/\?view=properties&image=2$/);
  await dialog.getByRole("link", { name: "Beschreibung" }).click();
  await expect(page).toHaveURL(/\?image=2$/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${listUrl}$`));
  await expect(dialog).toHaveCount(0);
});

for (const how of ["the close button", "Escape"] as const) {
  test(`closing with ${how} goes back to the list, so Back does not reopen the panel`, async ({ page, request }) => {
    const { listUrl, partno } = await richArticle(request);
    await openList(page, listUrl);
    await page.locator(`[data-partno="${partno}"]`).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Bild 2 anzeigen" }).click();
    await expect(page).toHaveURL(/\?image=2$/);
    if (how === "Escape") await page.keyboard.press("Escape");
    else await dialog.getByRole("link", { name: "Schließen" }).click();
    await expect(page).toHaveURL(new RegExp(`${listUrl}$`));
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(`[data-partno="${partno}"]`)).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(dialog).toHaveCount(0);
  });
}

test("closing a panel opened by a deep link replaces it with its list", async ({ page, request }) => {
  const { listUrl, partno } = await richArticle(request);
  await page.goto("/products");
  await page.goto(`${listUrl}/${partno}`);
  const dialog = page.getByRole("dialog");
  await expect(page.getByRole("button", { name: "In meiner Nähe" })).toBeEnabled();
  await dialog.getByRole("link", { name: "Schließen" }).click();
  await expect(page).toHaveURL(new RegExp(`${listUrl}$`));
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(dialog).toHaveCount(0);
});
