import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS, serverEntry } from "./build-dir";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, CONSENT_VERSION_KEY } from "./app/components/consent/consent-storage";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the production build,
 * served by our own server with its own demo database in .e2e-data.
 */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port, so test runs side by side do not delete each other's traces.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Browser tests wait between bursts of work (network idle, animations, a toast's five seconds), so
  // more browsers than cores keep both cores busy. E2E_WORKERS overrides (issue 36).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    // A visitor who already rejected analytics, so the cookie banner does not cover what other tests
    // click; tests/e2e/consent.spec.ts starts from an empty storage instead.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: CONSENT_STORAGE_KEY, value: "rejected" },
            { name: CONSENT_VERSION_KEY, value: CONSENT_VERSION },
          ],
        },
      ],
    },
    launchOptions: chromium,
    // Recording a trace (a DOM snapshot per action and a screencast) for every test and keeping it
    // only on failure cost CPU on every test: CI records the retry of a failed test instead, and
    // a run here, which does not retry, keeps the failures' traces (issue 36).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined } },
    // The phone runs only what depends on the viewport (phone layout, menus, overflow, map, touch),
    // tagged "@phone"; every other journey runs once, on desktop (issue 36, CI time).
    // tests/quality/phone-tags.test.ts fails when a test that skips on desktop lacks the tag.
    { name: "mobile", grep: /@phone/, use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, channel: undefined } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (npm test builds first).
    command: ["node", ...SERVER_NODE_FLAGS, JSON.stringify(serverEntry)].join(" "),
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".e2e-data",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      SITE_URL: baseURL,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // One browser-test run sends more messages than a visitor may.
      CONTACT_RATE_LIMIT: "1000",
      // Several browsers render pages from this one address at once.
      RENDER_RATE_LIMIT: "0",
      TILE_UPSTREAM_URL: process.env.E2E_TILE_UPSTREAM ?? "http://127.0.0.1:9/{z}/{x}/{y}.png",
      // Analytics on, from a local address that tests fulfil with page.route (tests/e2e/consent.spec.ts).
      ANALYTICS_ID: "G-TEST1234",
      ANALYTICS_SCRIPT_URL: `${baseURL}/__gtag-stub.js`,
    },
  },
});
