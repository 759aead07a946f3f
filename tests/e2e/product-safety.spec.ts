import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { shippedBrand } from "../support/shipped-brand";

/** The company behind the brand, as the shipped content names it (content/brand.yaml). */
const { company } = shippedBrand();

/*
 * Issue 28 in the browser: an article panel with documents and safety information (every demo front
 * light has a declaration of conformity and a safety text), with and without JavaScript; the panel's
 * overflow on a phone too (@phone).
 */

/** The first front light of the demo catalogue, by its card on the list page. */
async function openFrontLight(page: Page, lang: "de" | "en" = "de"): Promise<void> {
  await page.goto(`/products/articles/Frontlichter${lang === "en" ? "?lang=en" : ""}`);
  const href = await page.locator("a[data-partno]").first().getAttribute("href");
  expect(href).toBeTruthy();
  await page.goto(href!);
  await expect(page.getByRole("dialog")).toBeVisible();
}

test("the article panel shows documents, safety information and the manufacturer, accessibly and without overflow", { tag: "@phone" }, async ({ page }) => {
  // Layout shifts from the first paint on: the sections are rendered on the server and must not move anything.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await openFrontLight(page);
  const dialog = page.getByRole("dialog");
  const documents = dialog.getByRole("region", { name: "Dokumente" });
  await expect(documents.getByRole("link", { name: /EU-Konformitätserklärung/ })).toHaveAttribute("href", /^\/media\/shop\/documents\/eu-konformitaet-frontlicht\.pdf$/);
  await expect(documents.getByRole("link").first()).toContainText(/PDF, [\d,]+ KB · Deutsch und Englisch/);
  const safety = dialog.getByRole("region", { name: "Sicherheitshinweise" });
  await expect(safety).toContainText("§ 67 StVZO");
  const maker = dialog.getByRole("region", { name: "Hersteller" });
  await expect(maker).toContainText(company.street);
  await expect(maker.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);

  await maker.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).include(".panel").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Nothing wider than the panel (a phone's 390 px included).
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector(".panel");
    return panel ? panel.scrollWidth - panel.clientWidth : -1;
  });
  expect(overflow).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
});

test("the same in English, and the PDF it links is served", async ({ page, request }) => {
  await openFrontLight(page, "en");
  const dialog = page.getByRole("dialog");
  const link = dialog.getByRole("region", { name: "Documents" }).getByRole("link", { name: /EU declaration of conformity/ });
  await expect(link).toContainText(/PDF, [\d.]+ KB · German and English/);
  await expect(dialog.getByRole("region", { name: "Safety information" })).toContainText("German StVZO § 67");
  await expect(dialog.getByRole("region", { name: "Manufacturer" })).toContainText("Germany");
  const pdf = await request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sections are there and the document opens", async ({ page }) => {
    await openFrontLight(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Sicherheitshinweise" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Hersteller" })).toBeVisible();
    const link = dialog.getByRole("region", { name: "Dokumente" }).getByRole("link").last();
    const href = await link.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

test("another maker with its postal address and e-mail, accessible and within the panel on a phone (issue 37)", { tag: "@phone" }, async ({ page, isMobile }) => {
  // A browser test: whether the longer address block overflows the panel at 390 px and passes axe
  // needs real layout; the integration test (product-safety-pages) checks the text and links, so the
  // desktop run would add nothing but CI time.
  test.skip(!isMobile, "the phone's width is the case a layout test adds");
  await page.goto("/products/articles/Pumpen");
  // The demo's pumps are made by another company (app/seed/product-safety.ts): any one of them.
  await page.goto((await page.locator("a[data-partno]").first().getAttribute("href"))!);
  const maker = page.getByRole("dialog").getByRole("region", { name: "Hersteller" });
  await expect(maker).toContainText("Officine Pneumatiche Bresciane S.r.l.");
  await expect(maker).toContainText("25030 Castel Mella (BS), Italia");
  await expect(maker.getByRole("link", { name: "sicurezza@opb-pompe.example.it" })).toHaveAttribute("href", "mailto:sicurezza@opb-pompe.example.it");
  await maker.scrollIntoViewIfNeeded();
  const results = await new AxeBuilder({ page }).include(".product-safety").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => { const panel = document.querySelector(".panel"); return panel ? panel.scrollWidth - panel.clientWidth : -1; })).toBe(0);
});
