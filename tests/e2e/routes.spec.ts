import { expect, test } from "@playwright/test";

/** Every route of the specification's table, with a heading it must show in each language. */
const routes: { path: string; de: RegExp; en: RegExp }[] = [
  { path: "/", de: /Fahrradteile und Zubehör in Markenqualität/, en: /Quality bicycle parts and accessories/ },
  { path: "/products", de: /Willkommen in der Produktwelt/, en: /Welcome to the VIVA product range/ },
  { path: "/handlersuche", de: /Händlersuche/, en: /Find a dealer/ },
  { path: "/service", de: /^Service$/, en: /^Service$/ },
  { path: "/hinweise", de: /Hinweise und Anleitungen/, en: /Notes and instructions/ },
  { path: "/downloads", de: /Downloads/, en: /Downloads/ },
  { path: "/contact", de: /Nehmen Sie Kontakt mit uns auf/, en: /Get in touch/ },
  { path: "/datenschutz", de: /Datenschutzerklärung/, en: /Datenschutzerklärung/ },
  { path: "/impressum", de: /Impressum/, en: /Impressum/ },
];

for (const route of routes) {
  for (const lang of ["de", "en"] as const) {
    test(`${route.path} renders on the server in ${lang}`, async ({ request }) => {
      const response = await request.get(`${route.path}?lang=${lang}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
      expect(h1).toMatch(route[lang]);
    });
  }
}

test("catalogue routes render real data", async ({ page }) => {
  await page.goto("/products");
  const tiles = page.locator(".tile");
  expect(await tiles.count()).toBeGreaterThan(6);

  // Follow tiles until an article list is reached (some tiles go to a category page first).
  await tiles.first().click();
  await page.waitForURL((url) => url.pathname !== "/products");
  if (!/\/products\/articles\//.test(page.url())) {
    await page.locator(".tile").first().click();
  }
  await expect(page).toHaveURL(/\/products\/articles\//);
  await expect(page.locator(".banner__title")).toBeVisible();
  const cards = page.locator(".article-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await cards.first().click();
  await expect(page).toHaveURL(/\/products\/articles\/[^/]+\/[^/?]+/);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an unknown address shows the error screen with 404", async ({ page }) => {
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
  await page.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("unknown category and part number answer 404", async ({ request }) => {
  expect((await request.get("/products/Gibt-es-nicht")).status()).toBe(404);
  expect((await request.get("/products/articles/Gibt-es-nicht")).status()).toBe(404);
});

test("the error screen never shows a stack trace", async ({ request }) => {
  const html = await (await request.get("/products/articles/x?page=abc")).text();
  expect(html).toContain("Unexpected Application Error!");
  expect(html).not.toMatch(/at .*\(.*:\d+:\d+\)/);
});
