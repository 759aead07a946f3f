import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { cleanTitle } from "~/utils/article-rules";
import { type ImportedServer, startImportedServer } from "../support/imported-server";

/*
 * What an import of a German-only catalogue without retail prices, with accessories and spare parts,
 * looks like on the pages. The shared demo server has no such data, so this file runs its own server
 * on a copy of the e2e data directory (one per worker, on a port beside the shared one).
 */
const sharedPort = Number(process.env.E2E_PORT ?? 3100);
const sharedDataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data");

let server: ImportedServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const info = test.info();
  info.setTimeout(180_000);
  server = await startImportedServer(sharedDataDir, sharedPort + 20 + info.parallelIndex);
});

test.afterAll(async () => {
  await server?.close();
});

async function openPanel(page: Page, href: string, lang: "de" | "en"): Promise<Locator> {
  await page.goto(`${server.url}${encodeURI(href)}?lang=${lang}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an English panel of a German-only article marks its German texts and lists accessories and spare parts, without a price", async ({ page }) => {
  const { germanOnly, accessories, spareParts } = server.catalogue;
  const dialog = await openPanel(page, germanOnly.href, "en");
  await expect(dialog.locator("#panel-title > span[lang='de']")).toBeVisible();
  await expect(dialog.locator(".panel__name > span[lang='de']")).toHaveText(cleanTitle(germanOnly.titleDe));
  await expect(dialog.locator(".panel__description > span[lang='de']")).toBeVisible();
  await expect(dialog.locator(".panel__price")).toHaveCount(0);

  const accessoryLinks = dialog.getByRole("region", { name: "Accessories" }).getByRole("link");
  await expect(accessoryLinks).toHaveCount(accessories.length);
  for (const [index, accessory] of accessories.entries()) {
    const link = accessoryLinks.nth(index);
    await expect(link).toHaveAttribute("href", accessory.href);
    await expect(link).toContainText(`Part no. ${accessory.partno}`);
  }
  // The first accessory is German only (marked, no price), the second a translated one with a price.
  await expect(accessoryLinks.nth(0).locator(".related__title > span[lang='de']")).toHaveText(cleanTitle(accessories[0]?.titleDe ?? ""));
  await expect(accessoryLinks.nth(0).locator(".related__price")).toHaveCount(0);
  await expect(accessoryLinks.nth(1).locator("[lang]")).toHaveCount(0);
  await expect(accessoryLinks.nth(1).locator(".related__price")).toHaveText(/^\d+\.\d{2}\u00a0€\*$/);
  // The spare part whose article is gone is left out.
  const spareLinks = dialog.getByRole("region", { name: "Spare parts" }).getByRole("link");
  await expect(spareLinks).toHaveCount(spareParts.length);
  await expect(spareLinks.first()).toHaveAttribute("href", spareParts[0]?.href ?? "");
  // The related prices carry the asterisk, so the footnote explains it.
  await expect(dialog.locator(".footnote")).toBeVisible();

  await dialog.getByRole("link", { name: "Properties" }).click();
  const rows = dialog.locator(".properties tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator("th > span[lang='de']").first()).toBeVisible();
  // The one property with an English name: the name is English, its value German.
  const translatedRow = rows.filter({ has: page.locator("th", { hasText: germanOnly.attributeEn }) });
  await expect(translatedRow.locator("th [lang]")).toHaveCount(0);
  await expect(translatedRow.locator("td > span[lang='de']")).toBeVisible();
});

test("the German panel carries no language marks and names the sections in German", async ({ page }) => {
  const dialog = await openPanel(page, server.catalogue.germanOnly.href, "de");
  await expect(dialog.getByRole("heading", { name: "Zubehör" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Ersatzteile" })).toBeVisible();
  await expect(page.locator("main span[lang]")).toHaveCount(0);
});

test("an accessory opens its own panel from the keyboard; an article without price or references shows neither footnote nor sections", async ({ page }) => {
  const { germanOnly, accessories } = server.catalogue;
  const accessory = accessories[0];
  if (!accessory) throw new Error("no accessory");
  const dialog = await openPanel(page, germanOnly.href, "en");
  const link = dialog.getByRole("link", { name: new RegExp(`Part no\\. ${accessory.partno}`) });
  // Reached with Tab from the panel's close button: inside the dialog's focus trap, in reading order.
  for (let presses = 0; presses < 40 && !(await link.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${accessory.partno}$`));
  await expect(dialog.locator(".panel__name")).toHaveText(cleanTitle(accessory.titleDe));
  await expect(dialog.locator(".related")).toHaveCount(0);
  await expect(dialog.locator(".panel__price")).toHaveCount(0);
  await expect(dialog.locator(".footnote")).toHaveCount(0);
});

test("without JavaScript the sections are plain links to the other article's page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const { germanOnly, accessories } = server.catalogue;
    const target = accessories[1];
    if (!target) throw new Error("no second accessory");
    const dialog = await openPanel(page, germanOnly.href, "en");
    await dialog.getByRole("link", { name: new RegExp(`Part no\\. ${target.partno}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${target.partno}$`));
    await expect(page.getByRole("dialog").locator(".panel__name")).toHaveText(/\S/);
    await expect(page.getByRole("dialog").locator(".panel__price")).toHaveText(/€\*$/);
  } finally {
    await context.close();
  }
});

test("English catalogue pages mark the untranslated category and titles: heading, breadcrumb, menu, cards and search", async ({ page }) => {
  const { category, germanOnly } = server.catalogue;
  await page.goto(`${server.url}${encodeURI(category.href)}?lang=en`);
  await expect(page.locator("h1 > span[lang='de']")).toHaveText(category.nameDe.toLocaleUpperCase("de"));
  await expect(page.locator(".breadcrumb [aria-current='page'] > span[lang='de']")).toHaveText(category.nameDe);
  await expect(page.locator(".mega-menu a > span[lang='de']", { hasText: category.nameDe })).toHaveCount(1);
  await expect(page.locator(".article-card__title > span[lang='de']").first()).toBeVisible();
  await expect(page.locator(".article-card__price")).toHaveCount(0);
  await expect(page.locator("#articles .footnote")).toHaveCount(0);

  await page.goto(`${server.url}/search?q=${encodeURIComponent(cleanTitle(germanOnly.titleDe))}&lang=en`);
  await expect(page.locator(".article-card__title > span[lang='de']", { hasText: cleanTitle(germanOnly.titleDe) })).toBeVisible();
});

test("a translated article with an accessory stays unmarked in English and keeps its price and footnote", async ({ page }) => {
  const { translated } = server.catalogue;
  const dialog = await openPanel(page, translated.href, "en");
  await expect(dialog.locator("[lang]")).toHaveCount(0);
  await expect(dialog.locator(".panel__price")).toBeVisible();
  const links = dialog.getByRole("region", { name: "Accessories" }).getByRole("link");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute("href", translated.accessory.href);
  await expect(dialog.getByRole("region", { name: "Spare parts" })).toHaveCount(0);
  await expect(dialog.locator(".footnote")).toBeVisible();
});
