import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { sitePaths } from "../quality/site-pages";

/*
 * Recall notices (issue 28) as a consumer meets them, with and without JavaScript: the footer →
 * overview → recall, and an affected article's page → its recall, whose notice must be in view on a
 * phone too (@phone). The demo seeds two recalls (app/seed/demo-recalls.ts).
 */

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The template's parts, in the page's language. */
async function expectRecallPage(page: Page, lang: "de" | "en") {
  const de = lang === "de";
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de ? "Produktsicherheitsrückruf" : "Product safety recall");
  await expect(page.getByRole("img", { name: de ? /^Abbildung: / : /^Picture: / })).toBeVisible();
  for (const heading of de ? ["Betroffenes Produkt", "Gefahr", "Was Sie tun sollten", "Abhilfe", "Kontakt"] : ["Affected product", "Hazard", "What you should do", "Remedy", "Contact"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText(de ? "Benutzen Sie ein Produkt aus einer der betroffenen Chargen ab sofort nicht mehr." : "Stop using the product immediately if it is from one of the affected batches.")).toBeVisible();
  await expect(page.getByText("2605-L03")).toBeVisible();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("footer → overview → recall, in German and English", async ({ page }) => {
      for (const lang of ["de", "en"] as const) {
        await page.goto(`/impressum${lang === "en" ? "?lang=en" : ""}`);
        await page.locator("footer").getByRole("link", { name: lang === "de" ? "Rückrufe" : "Recalls" }).click();
        await expect(page).toHaveURL(/\/rueckrufe(\?lang=en)?$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "de" ? "Produktrückrufe" : "Product recalls");
        await page.getByRole("link", { name: lang === "de" ? /Akku kann beim Laden überhitzen/ : /Battery can overheat while charging/ }).click();
        await expect(page).toHaveURL(/\/rueckrufe\/2026-11-02-vb-\d+/);
        await expectRecallPage(page, lang);
      }
    });

    test("an affected article's page shows the recall notice and leads to the recall", { tag: "@phone" }, async ({ page }) => {
      await page.goto("/rueckrufe/2026-11-02-vb-63177");
      await page.locator(".recall__product").getByRole("link").click();
      await expect(page).toHaveURL(/\/products\/articles\/[^/]+\/VB-63177$/);
      const notice = page.getByRole("region", { name: "Rückruf dieses Produkts" });
      await expect(notice).toBeVisible();
      await expect(notice).toBeInViewport();
      await notice.getByRole("link", { name: /Rückruf, veröffentlicht am 2\. November 2026/ }).click();
      await expect(page).toHaveURL(/\/rueckrufe\/2026-11-02-vb-63177$/);
      await expectRecallPage(page, "de");
    });
  });
}

test("axe finds nothing on the overview, a recall and an article page with its notice, in both languages", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.goto("/rueckrufe/2026-11-02-vb-63177");
  const article = (await page.locator(".recall__product").getByRole("link").getAttribute("href")) ?? "";
  // accessibility.spec.ts already checks the pages every route list holds (the overview, the newest recall).
  const everyRoute = await sitePaths(baseURL!);
  const found: string[] = [];
  for (const path of ["/rueckrufe", "/rueckrufe/2026-11-02-vb-63177", article].filter((p) => !everyRoute.includes(p))) {
    for (const lang of ["de", "en"] as const) {
      await page.goto(`${path}${lang === "en" ? "?lang=en" : ""}`);
      await page.waitForLoadState("networkidle");
      for (const v of await violations(page)) found.push(`${path} ${lang}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
