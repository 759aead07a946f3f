import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * Random and hostile input against every endpoint and route parameter: whatever arrives, the
 * answer is never a 5xx and never shows a stack trace.
 */
let server: TestServer;
beforeAll(async () => {
  // Tiles must not reach the internet: an unroutable upstream makes the proxy answer by itself.
  server = await startTestServer({ TILE_UPSTREAM_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png", CONTACT_RATE_LIMIT: "100000" });
});
afterAll(async () => {
  await server?.close();
});

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "../",
    "..%2f..%2fetc%2fpasswd",
    "%00",
    "\u0000",
    "%",
    "%E0%A4%A",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\"*:()NEAR AND OR",
    "9".repeat(400),
    "x".repeat(5000),
    "😀🚲",
    "-1",
    "1e309",
    "NaN",
    "[]",
    "{}",
  ),
);

/** Percent-encodes what fetch would otherwise refuse or normalise, keeping hostile characters. */
const segment = (value: string) => encodeURIComponent(value);

async function expectSane(path: string, init?: RequestInit) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  const body = await response.text();
  // A valid tile with the (deliberately unreachable) tile server down is answered 504 by design.
  const tileUpstreamDown = path.startsWith("/tiles/") && response.status === 504;
  if (!tileUpstreamDown) expect(response.status, `${init?.method ?? "GET"} ${path}`).toBeLessThan(500);
  expect(body, path).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
}

const ROUTES = [
  (v: string) => `/products/${segment(v)}`,
  (v: string) => `/products/articles/${segment(v)}`,
  (v: string) => `/products/articles/Licht-Sets/${segment(v)}`,
  (v: string) => `/products/articles/Licht-Sets?page=${segment(v)}`,
  (v: string) => `/search?q=${segment(v)}`,
  (v: string) => `/search?q=klingel&page=${segment(v)}`,
  (v: string) => `/handlersuche?q=${segment(v)}`,
  (v: string) => `/handlersuche?q=10115&r=${segment(v)}`,
  (v: string) => `/handlersuche?lat=${segment(v)}&lng=${segment(v)}`,
  (v: string) => `/?lang=${segment(v)}`,
  (v: string) => `/catalog/list/categories/${segment(v)}`,
  (v: string) => `/catalog/list/categories/articles/${segment(v)}`,
  (v: string) => `/media/${segment(v)}`,
  (v: string) => `/media/shop/images/${segment(v)}.jpg`,
  (v: string) => `/media/w/${segment(v)}/shop/images/x.webp`,
  (v: string) => `/tiles/${segment(v)}/1/1.png`,
  (v: string) => `/${segment(v)}`,
];

describe("hostile input", () => {
  it("never gets a 5xx or a stack trace from any GET route", { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), hostile, async (route, value) => {
        await expectSane(route(value));
      }),
      { numRuns: 300 },
    );
  });

  it("never gets a 5xx from the mailer, whatever JSON arrives", { timeout: 120_000 }, async () => {
    const field = fc.oneof(hostile, fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const body = fc.oneof(
      fc.record({ name: field, email: field, subject: field, nachricht: field, telephone: field }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        await expectSane("/api/mailer/viva", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(payload),
        });
      }),
      { numRuns: 150 },
    );
    await expectSane("/api/mailer/viva", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    await expectSane("/api/mailer/viva", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
  });
});
