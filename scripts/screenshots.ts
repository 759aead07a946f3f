/**
 * Screenshots of the main pages at desktop and phone sizes, for looking at what we built:
 *   npm run screenshots -- [base URL] [path …]
 * Writes PNGs to test-results/screenshots/. Uses Debian's Chromium, like the browser tests.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/products", "/products/articles/Lichtsets", "/handlersuche", "/contact"];
const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];
const out = path.resolve("test-results", "screenshots");
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const size of sizes) {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
  for (const p of pages) {
    await page.goto(`${base}${p}`, { waitUntil: "networkidle" });
    // Lazy images load only near the viewport: scroll through once so the full-page shot has them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const file = path.join(out, `${size.name}${p.replace(/[^a-z0-9]+/gi, "_") || "_home"}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
