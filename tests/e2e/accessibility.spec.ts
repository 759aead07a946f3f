import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { sitePaths, withLang } from "../quality/site-pages";

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("axe finds no violations on any route, in German and English", async ({ page, baseURL }) => {
  // Every route twice with axe: on a busy two-core machine this took over three minutes.
  test.setTimeout(360_000);
  // The home carousel turns every 5 s; axe caught mid-fade measures a half-transparent button's
  // contrast (a slide's own colours are checked once it stands still). Reduced motion stops it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: string[] = [];
  for (const path of await sitePaths(baseURL!)) {
    for (const lang of ["de", "en"] as const) {
      await page.goto(withLang(path, lang));
      await page.waitForLoadState("networkidle");
      for (const v of await violations(page)) found.push(`${withLang(path, lang)}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
