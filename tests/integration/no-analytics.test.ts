import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * Brief section 4.9: without ANALYTICS_ID nothing needs consent. The browser tests' server runs
 * with an analytics id (their consent tests need it), so the site without one is checked here.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe("without an analytics id", () => {
  it("the privacy page says that no analytics runs and names no consent storage", async () => {
    const html = await (await fetch(`${server.url}/datenschutz`)).text();
    expect(html).toContain("Auf dieser Website läuft keine Webanalyse.");
    expect(html).toContain("zeigt die Website auch keinen");
    expect(html).not.toContain("Google Analytics");
    expect(html).not.toContain("cookieConsent");
    expect(html).not.toContain("Cookie-Einstellungen");
  });

  it("shows no cookie banner and no cookie button, and stores no decision", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${server.url}/handlersuche`);
      // The page has hydrated once "near me" is enabled; the banner would follow within a frame or two.
      await page.getByRole("button", { name: "In meiner Nähe" }).and(page.locator(":enabled")).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.locator(".consent, .consent-button").count()).toBe(0);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("cookieConsent")))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
