import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { CONSENT_VERSION } from "~/components/consent/consent-storage";

// A first visit: no decision stored (the config gives every other test a stored "rejected").
test.use({ storageState: { cookies: [], origins: [] } });

const ANALYTICS = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|__gtag-stub\.js/;

/**
 * Records every request to an analytics host. The configured script address (ANALYTICS_SCRIPT_URL in
 * playwright.config.ts) is a local path fulfilled here, so nothing leaves the machine; Google's real
 * hosts are refused, and would be recorded too.
 */
async function watchAnalytics(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (ANALYTICS.test(request.url())) requests.push(request.url());
  });
  await page.route("**/__gtag-stub.js*", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.__gtagStub = (window.__gtagStub || 0) + 1;" }),
  );
  await page.route(/googletagmanager\.com|google-analytics\.com|analytics\.google\.com/, (route) => route.abort());
  return requests;
}

const banner = (page: Page, lang: "de" | "en" = "de") =>
  page.getByRole("region", { name: lang === "de" ? "Cookies und Datenschutz" : "Cookies and privacy" });

async function fakeAnalyticsCookies(context: BrowserContext) {
  const url = "http://127.0.0.1";
  await context.addCookies([
    { name: "_ga", value: "GA1.1.123.456", url },
    { name: "_ga_TEST1234", value: "GS1.1.1", url },
    { name: "_gid", value: "GA1.1.789", url },
    { name: "_gat_UA-1", value: "1", url },
    { name: "keepme", value: "1", url },
  ]);
}

async function analyticsCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((name) => /^(_ga|_gid|_gat)/.test(name));
}

const storedConsent = (page: Page) =>
  page.evaluate(() => [localStorage.getItem("cookieConsent"), localStorage.getItem("cookieConsentVersion")]);

test("a first visit shows the banner, focused but not trapping, and loads nothing", { tag: "@phone" }, async ({ page }) => {
  const requests = await watchAnalytics(page);
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("heading", { name: "Cookies und Datenschutz" })).toBeFocused();
  await expect(banner(page).getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/datenschutz");
  await expect(banner(page).getByRole("link", { name: "Impressum" })).toHaveAttribute("href", "/impressum");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Keyboard: Tab goes through the banner's controls; Shift+Tab leaves it for the page (no trap).
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("link", { name: "Datenschutzerklärung" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("footer")))).toBe(true);

  // The footer's legal links stay reachable above the banner.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  // Still undecided: the banner stays.
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);
  expect(await storedConsent(page)).toEqual([null, null]);
});

for (const lang of ["de", "en"] as const) {
  test(`Accept stores accepted and loads the gtag script (${lang})`, async ({ page }) => {
    const requests = await watchAnalytics(page);
    await page.goto(`/?lang=${lang}`);
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);

    await banner(page, lang).getByRole("button", { name: lang === "de" ? "Alle akzeptieren" : "Accept all" }).click();
    await expect(banner(page, lang)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual(["accepted", CONSENT_VERSION]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagStub?: number }).__gtagStub)).toBe(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/\/__gtag-stub\.js\?id=G-TEST1234$/);
    const layer = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => JSON.stringify(Array.from(entry as ArrayLike<unknown>))));
    expect(layer).toContain(JSON.stringify(["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" }]));
    expect(layer).toContain(JSON.stringify(["consent", "update", { analytics_storage: "granted" }]));
    expect(layer.some((e) => e.startsWith('["config","G-TEST1234"') && e.includes('"anonymize_ip":true'))).toBe(true);

    // Client-side navigation counts as a page view too.
    const pageViews = () => page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as ArrayLike<unknown>)[1] === "page_view").length);
    expect(await pageViews()).toBe(1);
    await page.getByRole("contentinfo").getByRole("link", { name: lang === "de" ? "Kontakt" : "Contact" }).click();
    await expect(page).toHaveURL(/\/contact/);
    await expect.poll(pageViews).toBe(2);

    // A returning visitor never sees the banner, and analytics starts at once.
    await page.goto("/service");
    await expect(page.getByRole("button", { name: lang === "de" ? "Cookie-Einstellungen" : "Cookie settings" })).toBeVisible();
    await expect(banner(page, lang)).toHaveCount(0);
    await expect(page.locator("script[data-consent-analytics]")).toHaveCount(1);
  });
}

test("Reject stores rejected, loads nothing and clears analytics cookies", async ({ page, context }) => {
  const requests = await watchAnalytics(page);
  await fakeAnalyticsCookies(context);
  await page.goto("/products");
  await banner(page).getByRole("button", { name: "Ablehnen" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toEqual(["rejected", CONSENT_VERSION]);
  await expect.poll(() => analyticsCookies(context)).toEqual([]);
  expect((await context.cookies()).map((c) => c.name)).toContain("keepme");
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(banner(page)).toHaveCount(0);
  expect(requests).toEqual([]);
  await expect(page.locator("script[data-consent-analytics]")).toHaveCount(0);
  // Clearing up never touches the site's own scripts: the page still works.
  await page.getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await expect(banner(page)).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Kontakt" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(banner(page)).toBeVisible();
});

test("revoking through the cookie button removes the script and the cookies", async ({ page, context }) => {
  await watchAnalytics(page);
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expect(page.locator("script[data-consent-analytics]")).toHaveCount(1);
  // What Google Analytics would have set by now.
  await fakeAnalyticsCookies(context);

  const cookieButton = page.getByRole("button", { name: "Cookie-Einstellungen" });
  await cookieButton.click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("heading")).toBeFocused();
  await banner(page).getByRole("button", { name: "Ablehnen" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(cookieButton).toBeFocused();
  await expect(page.locator("script[data-consent-analytics]")).toHaveCount(0);
  await expect.poll(() => analyticsCookies(context)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)["ga-disable-G-TEST1234"])).toBe(true);
  expect(await storedConsent(page)).toEqual(["rejected", CONSENT_VERSION]);
});

test("the settings view has analytics off by default; Save and Accept all decide", async ({ page }) => {
  const requests = await watchAnalytics(page);
  await page.goto("/?lang=en");
  await banner(page, "en").getByRole("button", { name: "Settings" }).click();
  const toggle = banner(page, "en").getByRole("switch", { name: "Statistics (Google Analytics)" });
  await expect(toggle).not.toBeChecked();
  await expect(banner(page, "en").getByRole("checkbox", { name: /Necessary/ })).toBeDisabled();
  await banner(page, "en").getByRole("button", { name: "Save selection" }).click();
  expect(await storedConsent(page)).toEqual(["rejected", CONSENT_VERSION]);
  expect(requests).toEqual([]);

  // Reopened, the toggle shows the current choice; switching it on and saving accepts.
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await banner(page, "en").getByRole("button", { name: "Settings" }).click();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await banner(page, "en").getByRole("button", { name: "Save selection" }).click();
  expect(await storedConsent(page)).toEqual(["accepted", CONSENT_VERSION]);
  await expect.poll(() => requests.length).toBe(1);

  // Accept all in the settings view accepts as well.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await banner(page, "en").getByRole("button", { name: "Settings" }).click();
  await banner(page, "en").getByRole("button", { name: "Accept all" }).click();
  expect(await storedConsent(page)).toEqual(["accepted", CONSENT_VERSION]);

  // Escape closes a reopened banner without changing the decision.
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page, "en")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(banner(page, "en")).toHaveCount(0);
  expect(await storedConsent(page)).toEqual(["accepted", CONSENT_VERSION]);
});

test("a consent given to an older text counts as none", async ({ page }) => {
  const requests = await watchAnalytics(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("primed")) {
      localStorage.setItem("cookieConsent", "accepted");
      localStorage.setItem("cookieConsentVersion", "2020-01");
      sessionStorage.setItem("primed", "1");
    }
  });
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);
});

test("the banner and the cookie button are not server-rendered", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toMatch(/class="consent/);
  expect(html).not.toMatch(/<script[^>]+src="[^"]*(googletagmanager|__gtag-stub)/);
});

/**
 * Text and controls under the cookie button. Content that scrolls under it can always be scrolled
 * clear of it again, except at the end of the page: there nothing may lie beneath it.
 */
function coveredByCookieButton(): string[] {
  const button = document.querySelector(".consent-button")!.getBoundingClientRect();
  const hits = (r: DOMRect) =>
    r.width > 1 && r.height > 1 && r.left < button.right && button.left < r.right && r.top < button.bottom && button.top < r.bottom;
  const covered: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || node.parentElement?.closest(".consent-button, [hidden]")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(hits)) covered.push(node.textContent.trim());
  }
  for (const control of document.querySelectorAll("a, button, input, select, textarea")) {
    if (control.closest(".consent-button")) continue;
    if ([...control.getClientRects()].some(hits)) covered.push(`<${control.tagName.toLowerCase()}> ${control.textContent?.trim() ?? ""}`);
  }
  return covered;
}

test("the cookie button covers nothing at the end of a page", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Ablehnen" }).click();
  for (const path of ["/", "/handlersuche", "/handlersuche?q=Zzzyxx", "/contact", "/impressum"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Cookie-Einstellungen" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
    expect(await page.evaluate(coveredByCookieButton), path).toEqual([]);
  }
});
