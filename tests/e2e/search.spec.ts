import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";

/** The /search page's own form; the header carries a second one under another landmark name. */
const pageForm = (page: Page, name: string) => page.getByRole("search", { name }).getByRole("searchbox");

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a word search lists articles and pages through them (German)", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produktsuche");
  const field = pageForm(page, "Produktsuche");
  await field.fill("schwarz");
  await field.press("Enter");

  await expect(page).toHaveURL(/\/search\?q=schwarz$/);
  await expect(page.getByRole("status")).toHaveText(/^\d+ Treffer für „schwarz“$/);
  const cards = page.locator(".article-card");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText(/Art\.-Nr\. VB-\d+/);
  await expect(cards.first()).toContainText("€*");
  await expect(field).toHaveValue("schwarz");
  await expectNoAxeViolations(page);

  const firstPage = await cards.first().getAttribute("href");
  await page.getByRole("navigation", { name: "Seiten" }).getByRole("link", { name: "Seite 2", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=schwarz&page=2#results$/);
  await expect(page.getByRole("link", { name: "Seite 2, aktuelle Seite" })).toHaveAttribute("aria-current", "page");
  await expect(cards.first()).not.toHaveAttribute("href", firstPage ?? "");

  // A result opens the article panel over its category list.
  await cards.first().click();
  await expect(page).toHaveURL(/\/products\/articles\/[^/]+\/VB-\d+$/);
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a typo still finds the article, and nothing found says what to do", async ({ page }) => {
  await page.goto("/search?q=Klingle");
  await expect(page.locator(".article-card").first()).toContainText(/Klingel/);

  await page.goto("/search?q=xqzvwk");
  await expect(page.getByRole("status")).toHaveText("0 Treffer für „xqzvwk“");
  await expect(page.getByText("Für „xqzvwk“ haben wir leider nichts gefunden.")).toBeVisible();
  // The empty state's link, not the header menu's of the same name (in the page before hydration hides the menu).
  await page.getByRole("main").getByRole("link", { name: "Alle Produkte ansehen" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a part number and an EAN open the article directly", async ({ page }) => {
  await page.goto("/search?q=Klingel");
  const partnoText = (await page.locator(".article-card__partno").first().textContent()) ?? "";
  const partno = /VB-\d+/.exec(partnoText)?.[0];
  expect(partno).toBeDefined();

  const field = pageForm(page, "Produktsuche");
  await field.fill(partno!.toLowerCase());
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/products/articles/[^/]+/${partno}$`));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(partno!);
  const ean = /\d{13}/.exec((await dialog.textContent()) ?? "")?.[0];
  expect(ean).toBeDefined();

  await page.goto("/search");
  await pageForm(page, "Produktsuche").fill(`${ean!.slice(0, 1)} ${ean!.slice(1, 7)} ${ean!.slice(7)}`);
  await page.getByRole("search", { name: "Produktsuche" }).getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/articles/[^/]+/${partno}$`));
  await expect(page.getByRole("dialog")).toContainText(partno!);
});

test("search works in English", async ({ page }) => {
  await page.goto("/search?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product search");
  const field = pageForm(page, "Product search");
  await expect(field).toHaveAttribute("placeholder", "Product, part no. or EAN");
  await field.fill("bell");
  await page.getByRole("search", { name: "Product search" }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “bell”$/);
  await expect(page.locator(".article-card__title").first()).toContainText(/bell/i);
  await expect(page.locator(".article-card__partno").first()).toContainText(/Part no\./i);

  const partno = /VB-\d+/.exec((await page.locator(".article-card__partno").first().textContent()) ?? "")?.[0];
  await field.fill(partno!);
  await field.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the search form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/search");
  await pageForm(page, "Produktsuche").fill("Pedale");
  await pageForm(page, "Produktsuche").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=Pedale$/);
  await expect(page.locator(".article-card").first()).toBeVisible();
  await context.close();
});
