import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { catalogue } from "./helpers";

/**
 * A consumer scans the QR code on a pack (issue 28, decision 053): the Digital Link opens the
 * article in their language, and the article offers the QR codes a brand prints. Desktop and phone.
 */
async function articleWithGtin(request: Parameters<typeof catalogue>[0]) {
  const { leaves, articlesOf } = await catalogue(request);
  for (const leaf of leaves) {
    const article = (await articlesOf(leaf)).find((a) =>
      a.eans.some((e) => /^\d{13}$/.test(e.EAN)),
    );
    if (article)
      return {
        partno: article.PARTNO,
        gtin14: `0${article.eans.find((e) => /^\d{13}$/.test(e.EAN))!.EAN}`,
      };
  }
  throw new Error("no article with an EAN-13");
}

for (const lang of ["de", "en"] as const) {
  test.describe(`a phone set to ${lang}`, { tag: "@phone" }, () => {
    // The browser's language is what it sends as Accept-Language: the only hint a first scan carries.
    test.use({ locale: lang === "en" ? "en-GB" : "de-DE" });

    test(`a scanned Digital Link opens the article with its QR codes (${lang})`, async ({
      page,
      request,
      baseURL,
    }) => {
      // axe on the open panel takes a while on a busy machine.
      test.setTimeout(90_000);
      const { partno, gtin14 } = await articleWithGtin(request);
      await page.goto(`/01/${gtin14}`);
      await expect(page).toHaveURL(
        new RegExp(
          `/products/articles/[^/]+/${partno}${lang === "en" ? "\\?lang=en" : ""}$`,
        ),
      );
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(partno);

      const section = dialog.getByRole("region", {
        name:
          lang === "de"
            ? "QR-Code für die Verpackung"
            : "QR code for packaging",
      });
      await section.scrollIntoViewIfNeeded();
      await expect(section).toBeVisible();
      await expect(section).toContainText(`${baseURL}/01/${gtin14}`);
      const svg = section.getByRole("link", {
        name:
          lang === "de" ? "QR-Code als SVG" : "QR code as SVG",
      });
      await expect(svg).toHaveAttribute("href", `/qr/${gtin14}.svg`);
      await expect(svg).toHaveAttribute("download", `viva-qr-${gtin14}.svg`);
      const png = section.getByRole("link", {
        name: lang === "de" ? "QR-Code als PNG" : "QR code as PNG",
      });
      const response = await request.get(
        (await png.getAttribute("href")) ?? "",
      );
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");

      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map(
          (v) =>
            `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    });
  });
}

test("an unknown GTIN is a page that says so, with a way on", async ({
  page,
}) => {
  const response = await page.goto("/01/4006381333931?lang=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Article not found",
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole("link", { name: "Search articles" }).click();
  await expect(page).toHaveURL(/\/search\?q=04006381333931$/);
});
