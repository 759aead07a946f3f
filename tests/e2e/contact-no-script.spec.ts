import { type Locator, expect, test } from "@playwright/test";

/*
 * Without JavaScript nothing can close the contact form's message (issue 37, item 16): it must stand
 * in the page's flow, clear of the header and the form, at both widths. Where a box ends up is
 * layout, which only a browser computes.
 */
test.use({ javaScriptEnabled: false });

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the message after sending stands in the page, above the form, not over the header", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ohne Skript");
  await page.getByLabel("E-Mail").fill("ohne.skript@example.com");
  await page.getByLabel("Telefon").fill("0561 1");
  await page.getByLabel("Nachricht", { exact: true }).fill("Hallo ohne JavaScript");
  await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Absenden" }).click()]);
  const message = page.locator(".toast").filter({ hasText: "Ihre Nachricht wurde gesendet" });
  await expect(message).toBeVisible();
  // A close button that cannot work is not offered.
  await expect(message.getByRole("button")).toBeHidden();
  expect(await page.locator(".toast-region").evaluate((el) => getComputedStyle(el).position)).toBe("static");
  const toast = await box(message);
  const form = await box(page.locator("form.contact-form"));
  expect(overlaps(toast, await box(page.locator(".site-header")))).toBe(false);
  expect(overlaps(toast, form)).toBe(false);
  expect(toast.y + toast.height).toBeLessThanOrEqual(form.y);
  expect(toast.y).toBeGreaterThanOrEqual((await box(page.getByRole("heading", { level: 1 }))).y);
  // Scrolled down, the message stays where it is in the page instead of following the viewport.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await box(message)).y).toBeLessThan(toast.y);
});
