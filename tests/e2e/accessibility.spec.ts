import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { sitePaths, withLang } from "../quality/site-pages";

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/*
 * Every route in both languages, in slices of a third: one test of all 36 pages took up to six
 * minutes on the two-core machine and set the browser run's length alone (issue 36); slices run on
 * both workers. The last slice takes whatever the first two left, so a new route is never skipped.
 */
const SLICES = 3;

for (const lang of ["de", "en"] as const) {
  for (let slice = 0; slice < SLICES; slice++) {
    test(`axe finds no violations on any route, in ${lang === "de" ? "German" : "English"} (part ${slice + 1} of ${SLICES})`, { tag: "@phone" }, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      // The home carousel turns every 5 s; axe caught mid-fade measures a half-transparent button's
      // contrast (a slide's own colours are checked once it stands still). Reduced motion stops it.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const paths = await sitePaths(baseURL!);
      const size = Math.ceil(paths.length / SLICES);
      const found: string[] = [];
      for (const path of paths.slice(slice * size, slice === SLICES - 1 ? undefined : (slice + 1) * size)) {
        await page.goto(withLang(path, lang));
        await page.waitForLoadState("networkidle");
        for (const v of await violations(page)) found.push(`${withLang(path, lang)}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }
}
