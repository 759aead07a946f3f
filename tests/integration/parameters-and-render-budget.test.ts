import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/dealers/search/search-spec";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * Issue 25, item 4: `/handlersuche?limit=` took any value up to 100,000, each a render and a cache
 * entry of its own (479 renders slowed cached pages from everyone), and nothing stopped one client
 * from keeping the renderer busy. Only the values the site links are answered; the others are sent
 * there. And each client has a budget of uncached renders.
 */
let server: TestServer;
const BUDGET = 12;
beforeAll(async () => {
  server = await startTestServer({ RENDER_RATE_LIMIT: String(BUDGET) });
});
afterAll(async () => {
  await server?.close();
});

/** A GET from `localAddress` (127.0.0.x all reach the server): status and headers, no redirect followed. */
function get(path: string, localAddress = "127.0.0.1"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { localAddress, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

describe("numeric parameters the site does not link", () => {
  it("sends a dealer list limit to one the site links: whole pages, up to the one that shows every dealer", async () => {
    const dealers = ((await (await fetch(`${server.url}/api/reseller`)).json()) as unknown[]).length;
    expect(dealers).toBeGreaterThan(2 * PAGE_SIZE);
    // Every dealer the list can show, as "show more" would reach it: not necessarily all of the API's.
    const all = await get("/handlersuche?limit=100000", "127.0.0.11");
    expect(all.status).toBe(302);
    const last = Number(new URL(all.headers.location ?? "", server.url).searchParams.get("limit"));
    expect(last % PAGE_SIZE).toBe(0);
    expect(last).toBeLessThanOrEqual(Math.ceil(dealers / PAGE_SIZE) * PAGE_SIZE);
    expect((await get(`/handlersuche?limit=${last}`, "127.0.0.11")).status).toBe(200);
    for (const [asked, linked] of [
      [`${last + PAGE_SIZE}`, `${last}`],
      [`${2 * PAGE_SIZE + 1}`, `${2 * PAGE_SIZE}`],
      [`0${2 * PAGE_SIZE}`, `${2 * PAGE_SIZE}`],
    ]) {
      const response = await get(`/handlersuche?limit=${asked}&lang=en`, "127.0.0.11");
      expect(response.status, asked).toBe(302);
      expect(response.headers.location, asked).toBe(`/handlersuche?limit=${linked}&lang=en`);
    }
    expect((await get(`/handlersuche?limit=${2 * PAGE_SIZE}`, "127.0.0.11")).status).toBe(200);
  });

  it("sends a position to the three decimals the site links, and a page number to its plain spelling", async () => {
    const position = await get("/handlersuche?lat=48.13712345&lng=11.5&r=25", "127.0.0.12");
    expect(position.status).toBe(302);
    expect(position.headers.location).toBe("/handlersuche?lat=48.137&lng=11.500&r=25");
    expect((await get("/handlersuche?lat=48.137&lng=11.500&r=25", "127.0.0.12")).status).toBe(200);
    const page = await get("/search?q=schwarz&page=01", "127.0.0.12");
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/search?q=schwarz");
  });
});

describe("the render budget", () => {
  it("answers a client past its uncached renders 429 with Retry-After, while its cached pages and other clients are served", async () => {
    // Stored before the budget runs out: a cached page costs no render.
    expect((await get("/", "127.0.0.21")).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 3; i++) statuses.push((await get(`/search?q=kette${i}`, "127.0.0.22")).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(BUDGET);
    expect(statuses.at(-1)).toBe(429);
    const refused = await get("/search?q=kette-mehr&lang=en", "127.0.0.22");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.body).toContain("Please try again in");
    const api = await get("/catalog/list/categories/articles/999999", "127.0.0.22");
    expect(api.status).toBe(429);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: "too_many_requests" } });
    // A page in the cache, and another client, are not held up.
    expect((await get("/", "127.0.0.22")).status).toBe(200);
    expect((await get("/search?q=kette", "127.0.0.23")).status).toBe(200);
    // A minute later the budget is full again.
    server.advanceClock(60_000);
    expect((await get("/search?q=kette-spaeter", "127.0.0.22")).status).toBe(200);
  });
});
