import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";
import { sitePaths, withLang } from "./site-pages";

/**
 * Size budgets over the production build (issue 7): what a first visit to each route downloads
 * before it can run. Leaflet may only be part of the dealer page.
 */
const BUDGET = { jsGzip: 110 * 1024, cssGzip: 30 * 1024, html: 100 * 1024 };
/**
 * The 110 KB target cannot be met with the mandated stack: React 19's DOM client, React Router's
 * runtime, i18next and react-i18next are 122 KB gzip by themselves (one chunk, measured with a
 * source-map build, decision 013). Until the target is revisited, this ratchet just above the
 * heaviest route stops any growth. The 128 bytes: the GS1 Digital Link resolver's three routes in
 * React Router's client manifest and the QR section's texts (decision 053; the dealer page, 41 B over).
 * The next 512: the recall notices' texts (footer link, the article's notice, the recall pages; issue
 * 28, decision 052), which every page's language chunk carries, +395 B gzip in German.
 * The next 256: the article panel's product safety texts in every page's language chunk (decision 051).
 * The last 128: the three issue-28 sections together make the article page the heaviest route
 * (149,491 B). Every page carrying every page's texts is what grows this: splitting the language
 * chunk by route is the way back under 145 KB.
 * The next 64: the safety section's anchor, which the GS1 resolver's `gs1:safetyInfo` link lands on.
 * The next 128: dealer stock's words in every page's language chunk (the badge, "nur vorrätig", the
 * article note; issue 29, decision 056): the article page measured 149,690 B.
 * Then lowered: issue 30 moved the marketing texts out of every page's language chunk into content
 * files (decision 060); the article page, still the heaviest route, measured 145.7 KB.
 * Lowered again: the article page's manufacturer block takes the company from its loader
 * (content/brand.yaml, decision 062), so app/config/company.ts left its JavaScript: 149,008 B.
 * Raised by 2,048 for issue 37 (the dealer search now the heaviest route, 151,025 B): the framework
 * chunk +0.9 KB (the navigation hooks behind focus after a navigation and `replace` in the panel,
 * decision 069), each language chunk +0.26 KB (where-to-buy's groups, the line label, the recall note
 * beside stock, "did you mean", name matches), the stock badge and where-to-buy groups +0.7 KB, and
 * zod's core split from its chunk by the build, +0.6 KB net. Measured chunk by chunk against a1e3dee.
 * The next 256: another maker's postal and electronic address in the article panel (issue 37 item 18),
 * which makes the article page the heaviest route again (151,289 B).
 * The next 384: the article list's sort form (issue 39: list-sort-form.tsx with its four orders and
 * React Router's useSubmit), on the list and the article page inside it (151,731 B).
 */
const JS_RATCHET = 145 * 1024 + 3264;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const cache = new Map<string, Buffer>();
async function asset(url: string): Promise<Buffer> {
  let body = cache.get(url);
  if (!body) {
    body = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    cache.set(url, body);
  }
  return body;
}

/** The `attribute` of every `<tag>` whose opening tag matches `filter`, whatever the attribute order. */
function attributeValues(html: string, tag: string, filter: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [openingTag] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))) {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(openingTag)?.[1];
    if (filter.test(openingTag) && value) values.push(value);
  }
  return values;
}

/** Modules that inline module scripts import, statically or with import(). */
function inlineImports(html: string): string[] {
  const bodies = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  return bodies.flatMap((body) =>
    [...body.matchAll(/\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1] ?? ""),
  );
}

describe("budgets", () => {
  it("keeps every route's initial JavaScript, CSS and HTML within budget", { timeout: 60_000 }, async () => {
    const report: string[] = [];
    const failures: string[] = [];
    // Each language loads only its own texts, so both are measured.
    const paths = (await sitePaths(server.url)).flatMap((path) => [path, withLang(path, "en")]);
    for (const path of paths) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const scripts = new Set([
        ...attributeValues(html, "link", /\srel="modulepreload"/, "href"),
        ...attributeValues(html, "script", /\stype="module"/, "src"),
        ...inlineImports(html),
      ]);
      const styles = attributeValues(html, "link", /\srel="stylesheet"/, "href");
      let js = 0;
      let leaflet = false;
      for (const src of scripts) {
        const body = await asset(src);
        js += gzipSync(body).length;
        if (/leafletjs\.com|L\.Map|_leaflet_id/.test(body.toString("utf8"))) leaflet = true;
      }
      let css = 0;
      for (const href of styles) css += gzipSync(await asset(href)).length;
      const htmlBytes = Buffer.byteLength(html);
      report.push(`${path}: JS ${(js / 1024).toFixed(1)} KB gz, CSS ${(css / 1024).toFixed(1)} KB gz, HTML ${(htmlBytes / 1024).toFixed(1)} KB`);
      if (js > JS_RATCHET) failures.push(`${path}: initial JS ${js} B gzip > ${JS_RATCHET} (target ${BUDGET.jsGzip})`);
      if (css > BUDGET.cssGzip) failures.push(`${path}: CSS ${css} B gzip > ${BUDGET.cssGzip}`);
      if (htmlBytes > BUDGET.html) failures.push(`${path}: HTML ${htmlBytes} B > ${BUDGET.html}`);
      // Only the dealer search: a dealer's own page shows its map as plain tiles.
      if (leaflet && !/^\/handlersuche(\?|$)/.test(path)) failures.push(`${path}: loads Leaflet`);
    }
    console.log(report.join("\n"));
    expect(failures).toEqual([]);
  });
});
