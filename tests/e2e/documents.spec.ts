import { expect, test } from "@playwright/test";
import { formatFileSize } from "~/utils/file-size";
import { readPdfText } from "../support/pdf-text";
import { catalogue } from "./helpers";

for (const lang of ["de", "en"] as const) {
  test(`the service card leads to the notes page (${lang})`, async ({ page }) => {
    await page.goto(`/service?lang=${lang}`);
    const card = page.locator(".service-card");
    await expect(card.getByRole("heading", { name: lang === "de" ? "Hinweise und Anleitungen" : "Notes and instructions" })).toBeVisible();
    await expect(card.locator("img")).toHaveCount(1);
    await card.getByRole("link").click();
    await expect(page).toHaveURL(/\/hinweise$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "de" ? "Hinweise und Anleitungen" : "Notes and instructions");
  });

  test(`every manual link shows the real size of its PDF (${lang})`, async ({ page, request }) => {
    await page.goto(`/hinweise?lang=${lang}`);
    const links = page.locator(".document-link");
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/media\/documents\/[a-z-]+\.pdf$/);
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
      const bytes = await response.body();
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await expect(link.locator(".document-link__size")).toHaveText(`PDF, ${formatFileSize(bytes.length, lang)}`);
    }
  });
}

test("the catalogue download is a PDF of every article in the catalogue", async ({ page, request }) => {
  await page.goto("/downloads");
  const link = page.getByRole("link", { name: /Katalog 2024 herunterladen/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toBe("/media/documents/viva-katalog-2024.pdf");
  const response = await request.get(href);
  expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
  const bytes = await response.body();
  await expect(link.locator(".document-link__size")).toHaveText(`PDF, ${formatFileSize(bytes.length, "de")}`);

  const { leaves, articlesOf } = await catalogue(request);
  const partnos = (await Promise.all(leaves.map(articlesOf))).flat().map((a) => a.PARTNO);
  expect(partnos.length).toBeGreaterThan(300);
  const { pages, pageTexts } = await readPdfText(bytes);
  const text = pageTexts.join("\n");
  expect(pageTexts[0]).toContain(`${partnos.length} Artikel`);
  expect((text.match(/Art\.-Nr\. /g) ?? []).length).toBe(partnos.length);
  for (const partno of partnos) expect(text).toContain(`Art.-Nr. ${partno}`);
  expect(pageTexts[pages - 1]).toContain(`Seite ${pages} von ${pages}`);
});

test("the English downloads page offers the catalogue in English, with its real size", async ({ page, request }) => {
  await page.goto("/downloads?lang=en");
  const link = page.getByRole("link", { name: /Download the 2024 catalogue/ });
  await expect(link).toBeVisible();
  expect(await link.getAttribute("href")).toBe("/media/documents/viva-catalogue-2024.pdf");
  const bytes = await (await request.get("/media/documents/viva-catalogue-2024.pdf")).body();
  await expect(link.locator(".document-link__size")).toHaveText(`PDF, ${formatFileSize(bytes.length, "en")}`);
  const { pages, pageTexts } = await readPdfText(bytes);
  expect(pageTexts[0]).toContain("Catalogue 2024");
  expect(pageTexts[pages - 1]).toContain(`Page ${pages} of ${pages}`);
  expect(pageTexts.join("\n")).not.toContain("Art.-Nr.");
});

for (const lang of ["de", "en"] as const) {
  test(`the legal pages render in German (${lang} visitor)`, async ({ page }) => {
    await page.goto(`/datenschutz?lang=${lang}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
    const legal = page.locator(".legal");
    await expect(legal).toHaveAttribute("lang", "de");
    for (const text of ["Google Analytics", "anonymize_ip", "Art. 6 Abs. 1 lit. a DSGVO", "§ 25 Abs. 1 TDDDG", "cookieConsent", "_gid", "Cookie-Einstellungen", "zehn Jahre", "Art. 77 DSGVO"]) {
      await expect(legal).toContainText(text);
    }
    if (lang === "en") await expect(page.getByText("This text is available in German only.")).toBeVisible();

    await page.goto(`/impressum?lang=${lang}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
    await expect(page.locator(".legal")).toContainText("Angaben gemäß § 5 DDG");
  });
}
