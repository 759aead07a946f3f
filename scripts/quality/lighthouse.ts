/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) against the production
 * build on localhost, in Debian's Chromium, for the main pages in German and English. Prints a table
 * and fails below the budgets: performance 90, accessibility 100, best practices 100, SEO 100.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { sampleCatalogueUrls, startLocalServer } from "./local-server";

const BUDGET = { performance: 90, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET) as Category[];

const dataDir = path.resolve(process.env.LIGHTHOUSE_DATA_DIR ?? ".lighthouse-data");
const server = await startLocalServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});

interface Row {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failures: string[];
}

const rows: Row[] = [];
try {
  const { list, article } = await sampleCatalogueUrls(server.url);
  const only = process.env.LIGHTHOUSE_PATHS?.split(",");
  const paths = only ?? ["/", "/products", list, article, "/handlersuche", "/contact"];
  for (const lang of ["de", "en"] as const) {
    for (const p of paths) {
      const url = `${server.url}${p}${p.includes("?") ? "&" : "?"}lang=${lang}`;
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const failures = CATEGORIES.filter((c) => scores[c] < BUDGET[c]).flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
          .map((a) => {
            // Name what failed (which console error, which image), not only that something did.
            const items = ((a?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 3);
            const detail = items.length > 0 ? ` ${JSON.stringify(items).slice(0, 400)}` : "";
            return `${c}: ${a?.id} (${a?.displayValue ?? a?.score})${detail}`;
          }),
      );
      rows.push({
        page: `${decodeURIComponent(p)} [${lang}]`,
        scores,
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failures,
      });
      console.log(`${rows.at(-1)?.page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
      if (scores.performance < BUDGET.performance) {
        const lcp = lhr.audits["largest-contentful-paint-element"]?.details as { items?: unknown[] } | undefined;
        const bootup = lhr.audits["bootup-time"]?.details as { items?: unknown[] } | undefined;
        console.log(`  LCP element: ${JSON.stringify(lcp?.items ?? []).slice(0, 600)}`);
        console.log(`  Script time: ${JSON.stringify(bootup?.items?.slice(0, 4) ?? []).slice(0, 600)}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = "| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms |";
const table = [
  header,
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`,
  ),
].join("\n");
console.log(`\n${table}\n`);
fs.mkdirSync("test-results", { recursive: true });
fs.writeFileSync(path.join("test-results", "lighthouse.md"), `${table}\n`);

const failed = rows.filter((r) => r.failures.length > 0);
if (failed.length > 0) {
  for (const r of failed) console.error(`✗ ${r.page}\n  ${r.failures.join("\n  ")}`);
  console.error(`\nLighthouse budgets missed on ${failed.length} of ${rows.length} pages.`);
  process.exit(1);
}
console.log(`Lighthouse budgets met on all ${rows.length} pages.`);
