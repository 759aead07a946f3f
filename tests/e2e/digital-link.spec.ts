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

const PROBLEMS = {
  de: { notFound: "Artikel nicht gefunden", badRequest: "Kein gültiger GS1 Digital Link", search: "Artikel suchen", query: "" },
  en: { notFound: "Article not found", badRequest: "Not a valid GS1 Digital Link", search: "Search articles", query: "?lang=en" },
};

for (const lang of ["de", "en"] as const) {
  test(`a link that cannot be resolved is a page of the site with its status and a way on (${lang})`, { tag: "@phone" }, async ({ page }) => {
    // Two pages, axe and a search: like the scan above, slow on a busy machine.
    test.setTimeout(90_000);
    const texts = PROBLEMS[lang];
    // What hydration or a script throws; the browser's own line about the 404 document is no fault.
    const faults: string[] = [];
    page.on("pageerror", (error) => faults.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) faults.push(message.text());
    });
    const bad = await page.goto(`/01/4006381333932${texts.query}`);
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.badRequest);

    const response = await page.goto(`/01/4006381333931${texts.query}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound);
    // The site's header and footer (issue 37): the visitor can search, change language and go on.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole("main").getByRole("link", { name: texts.search }).click();
    await expect(page).toHaveURL(/\/search\?q=04006381333931$/);
    expect(faults).toEqual([]);
  });
}
