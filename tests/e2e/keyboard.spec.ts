import { type Page, expect, test } from "@playwright/test";

/**
 * The three main journeys with the keyboard alone: no mouse, no taps. Each step Tabs to the next
 * control the way a keyboard user would, so a control that cannot be reached fails the test.
 */
async function tabTo(page: Page, matches: (el: { tag: string; text: string; label: string | null }) => boolean, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el
        ? { tag: el.tagName, text: (el.textContent ?? "").trim(), label: el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? null }
        : { tag: "", text: "", label: null };
    });
    if (matches(focused)) return;
  }
  throw new Error("the control was not reached with Tab");
}

test.beforeEach(({ isMobile }) => {
  test.skip(isMobile, "keyboard journeys are a desktop concern");
});

test("find an article with the keyboard: menu, list, panel and back", async ({ page }) => {
  await page.goto("/");
  await tabTo(page, (el) => el.tag === "BUTTON" && el.text.startsWith("Produkte"));
  await expect(page.getByRole("button", { name: "Produkte" })).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Produkte" })).toHaveAttribute("aria-expanded", "true");
  await tabTo(page, (el) => el.tag === "A" && el.text === "Lichtsets");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\/articles\/Lichtsets$/);
  await tabTo(page, (el) => el.tag === "A" && (el.label ?? "").startsWith("Details zu"));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Schließen" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(".article-card").first()).toBeFocused();
});

test("find a dealer with the keyboard", async ({ page }) => {
  await page.goto("/handlersuche");
  await tabTo(page, (el) => el.tag === "INPUT" && (el.label ?? "").includes("Postleitzahl"));
  await page.keyboard.type("10115");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=10115/);
  await expect(page.locator(".dealer-card").first()).toContainText(/km/);
  await tabTo(page, (el) => el.tag === "A" && el.text.startsWith("tel:") === false && /^\+?\d[\d\s/-]+$/.test(el.text));
  await expect(page.locator(":focus")).toHaveAttribute("href", /^tel:/);
});

test("send a message with the keyboard", async ({ page }) => {
  await page.goto("/contact");
  await tabTo(page, (el) => el.tag === "INPUT" && el.label === "Name");
  await page.keyboard.type("Erika Mustermann");
  await page.keyboard.press("Tab");
  await page.keyboard.type("erika@example.de");
  await page.keyboard.press("Tab");
  await page.keyboard.type("0301234567");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Wo finde ich Ersatzteile für meine Klingel?");
  await tabTo(page, (el) => el.tag === "BUTTON" && el.text === "Absenden");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Ihre Nachricht wurde gesendet" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
});
