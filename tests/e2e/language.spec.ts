import { expect, test } from "@playwright/test";

test("German is the default and the switch keeps English across pages and reloads", async ({ page, context }) => {
  await page.goto("/service");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "DE", exact: true })).toHaveAttribute("aria-current", "true");

  await page.getByRole("link", { name: "EN", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service");
  await expect(page.getByRole("link", { name: "EN", exact: true })).toHaveAttribute("aria-current", "true");
  // The page remembers the choice when the browser is idle (root.tsx), at the latest 2 s later.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "language")?.value).toBe("en");

  // The server renders the stored choice: no German first.
  const response = await page.goto("/contact");
  expect(await response?.text()).toContain('<html lang="en"');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in touch");
});

test("?lang beats the stored choice", async ({ page, context }) => {
  await context.addCookies([{ name: "language", value: "en", url: "http://127.0.0.1" }]);
  const response = await page.goto("/contact?lang=de");
  expect(await response?.text()).toContain('<html lang="de"');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nehmen Sie Kontakt mit uns auf");
});

test("a choice kept only in localStorage still wins over the default", async ({ page }) => {
  await page.goto("/service");
  // Wait until the page has stored its own choice, or it would overwrite ours below.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("de");
  await page.evaluate(() => {
    localStorage.setItem("language", "en");
    document.cookie = "language=; Max-Age=0; Path=/";
  });
  await page.goto("/service");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Contact", exact: true }).first()).toBeVisible();
});

test("pages open scrolled to the top", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/datenschutz");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the browser loads only the shown language's texts and fetches the other on a switch, without a reload", async ({ page }) => {
  const german = "Nehmen Sie Kontakt mit uns auf";
  const english = "Get in touch";
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text().catch(() => ""));
  });
  const loaded = (text: string) => scripts.some((body) => body.includes(text));

  await page.goto("/contact?lang=en");
  await expect(page.getByRole("link", { name: "DE", exact: true })).toBeVisible();
  await expect.poll(() => loaded(english)).toBe(true);
  expect(loaded(german)).toBe(false);

  // Every heading the switch shows, to catch a moment of untranslated keys or an empty page.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => seen.push(document.querySelector("h1")?.textContent ?? "")).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByRole("link", { name: "DE", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(german);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(loaded(german)).toBe(true);
  const headings = await page.evaluate(() => (window as unknown as { headings?: string[] }).headings);
  // Still set: the page was not reloaded.
  expect(headings).toContain(german);
  expect(headings?.filter((text) => text !== german && text !== english)).toEqual([]);
  // The layout's menu data comes in the page's language (issue 15): the switch brings the other.
  await expect(page.locator(".mega-menu__heading").first()).toHaveText("Fahrradteile");
  await page.getByRole("link", { name: "EN", exact: true }).click();
  await expect(page.locator(".mega-menu__heading").first()).toHaveText("Bicycle parts");
  await expect(page.locator(".mega-menu a", { hasText: "Baskets" })).toHaveCount(1);
  expect(errors).toEqual([]);
});
