import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resellerListSchema } from "~/exchange/provider-schema";
import { berlinDay } from "~/dealers/stats/dealer-stats.server";
import { dealerStatsReport } from "~/dealers/stats/dealer-stats-report.server";
import { listDealerStats } from "~/models/dealer-stat.server";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * The dealer locator's statistics end to end (issue 14): searches counted by the page's loader,
 * click beacons through the endpoint, the counters flushed into dealer_stats, `npm run stats`.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const run = promisify(execFile);
const ENDPOINT = "/api/stats/dealer-click";

let server: TestServer;
let slug: string;
let today: string;

beforeAll(async () => {
  // Behind a proxy on loopback, so a test can be many clients (X-Forwarded-For) with buckets of their own.
  server = await startTestServer({ TRUST_PROXY: "loopback" });
  const dealers = resellerListSchema.parse(await (await fetch(`${server.url}/api/reseller`)).json());
  slug = dealers.find((dealer) => dealer.tag.includes("viva") && dealer.slug)?.slug ?? "";
  expect(slug).not.toBe("");
  today = berlinDay(new Date());
});
afterAll(async () => {
  await server?.close();
});

async function rows() {
  await server.dealerStats.flush();
  return listDealerStats(server.db);
}

function count(all: Awaited<ReturnType<typeof rows>>, event: string, subject = ""): number {
  return all.filter((row) => row.event === event && row.subject === subject).reduce((sum, row) => sum + row.count, 0);
}

function beacon(body: BodyInit, init: { type?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${server.url}${ENDPOINT}`, {
    method: "POST",
    headers: { "Content-Type": init.type ?? "text/plain;charset=UTF-8", ...init.headers },
    body,
  });
}

describe("dealer searches", () => {
  it("counts every search, also the same one again (never answered from the page cache), but not HEAD or the bare page", async () => {
    const before = await rows();
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.url}/handlersuche?q=25999&r=25`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("gibt es keinen Händler");
    }
    // A client-side navigation asks for React Router's data: counted like the page.
    expect((await fetch(`${server.url}/handlersuche.data?q=25999&r=25&_routes=routes%2Fhandlersuche`)).status).toBe(200);
    expect((await fetch(`${server.url}/handlersuche?q=25999&r=25`, { method: "HEAD" })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/handlersuche`)).status).toBe(200);

    const after = await rows();
    expect(count(after, "search.postal-code") - count(before, "search.postal-code")).toBe(3);
    expect(count(after, "no-dealer.postal-code", "DE 25999") - count(before, "no-dealer.postal-code", "DE 25999")).toBe(3);
    expect(after.every((row) => row.day === today)).toBe(true);
  });

  it("counts near me, towns and names without keeping a position or anything typed", async () => {
    await fetch(`${server.url}/handlersuche?lat=52.521&lng=13.409&r=25`);
    await fetch(`${server.url}/handlersuche?q=Helgoland&r=25`);
    await fetch(`${server.url}/handlersuche?q=${encodeURIComponent("Erika Mustermann")}`);
    const all = await rows();
    expect(count(all, "search.near-me")).toBe(1);
    expect(count(all, "search.town")).toBe(1);
    expect(count(all, "no-dealer.place", "Helgoland")).toBe(1);
    expect(count(all, "search.name")).toBe(1);
    const stored = JSON.stringify(all);
    for (const secret of ["52.521", "13.409", "Erika", "Mustermann"]) expect(stored).not.toContain(secret);
  });
});

describe("POST /api/stats/dealer-click", () => {
  it("counts a beacon (text/plain as sendBeacon sends it, or JSON) with 204, no cookie and no-store", async () => {
    const before = await rows();
    const plain = await beacon(JSON.stringify({ dealer: slug, kind: "phone" }));
    expect(plain.status).toBe(204);
    expect(plain.headers.get("set-cookie")).toBeNull();
    expect(plain.headers.get("cache-control")).toBe("no-store");
    expect(plain.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const json = await beacon(new Blob([JSON.stringify({ dealer: slug, kind: "directions" })]), { type: "application/json" });
    expect(json.status).toBe(204);
    const after = await rows();
    expect(count(after, "click.phone", slug) - count(before, "click.phone", slug)).toBe(1);
    expect(count(after, "click.directions", slug) - count(before, "click.directions", slug)).toBe(1);
  });

  it("answers everything else with a real status and stores nothing", async () => {
    const before = await rows();
    const unknown = await beacon(JSON.stringify({ dealer: "no-such-dealer", kind: "web" }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: "not_found", message: "No dealer with that slug." } });
    expect((await beacon('{"dealer":')).status).toBe(400);
    expect((await beacon("")).status).toBe(400);
    expect((await beacon(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).status).toBe(400);
    expect((await beacon(JSON.stringify({ dealer: slug, kind: "fax" }))).status).toBe(400);
    expect((await beacon(JSON.stringify([{ dealer: slug, kind: "web" }]))).status).toBe(400);
    expect((await beacon(`${"[".repeat(500)}${"]".repeat(500)}`)).status).toBe(400);
    expect((await beacon(JSON.stringify({ dealer: slug, kind: "web", padding: "x".repeat(2000) }))).status).toBe(413);
    expect((await beacon("dealer=x&kind=web", { type: "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { type: "text/html" })).status).toBe(415);
    const crossSite = await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { headers: { Origin: "https://competitor.example" } });
    expect(otherOrigin.status).toBe(403);
    const sameOrigin = await beacon(JSON.stringify({ dealer: slug, kind: "email" }), { headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.status).toBe(204);

    const get = await fetch(`${server.url}${ENDPOINT}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(`${server.url}${ENDPOINT}`, { method: "HEAD" })).status).toBe(405);
    expect((await fetch(`${server.url}${ENDPOINT}`, { method: "PUT", body: "{}" })).status).toBe(405);

    const after = await rows();
    const withoutEmail = (all: typeof after) => all.filter((row) => row.event !== "click.email");
    expect(withoutEmail(after)).toEqual(withoutEmail(before));
    expect(count(after, "click.email", slug) - count(before, "click.email", slug)).toBe(1);
  });

  it("asks one address to wait after a minute's worth of clicks", async () => {
    const from = { "X-Forwarded-For": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { headers: from })).status);
    // 60 at once, and one more a second: a slow machine may see a token come back during the loop.
    const counted = statuses.filter((status) => status === 204).length;
    expect(counted).toBeGreaterThanOrEqual(60);
    expect(counted).toBeLessThan(70);
    expect(statuses.slice(counted).every((status) => status === 429 || status === 204)).toBe(true);
    const limited = await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { headers: from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up by that one.
    expect((await beacon(JSON.stringify({ dealer: slug, kind: "web" }), { headers: { "X-Forwarded-For": "198.51.100.78" } })).status).toBe(204);
  });

  // 2,000 over HTTP (each a full request through Express); 10,000 at the function in dealer-click.server.test.ts.
  it("does not grow the table for 2,000 made-up slugs from 2,000 addresses", async () => {
    const before = await rows();
    const statuses = new Map<number, number>();
    let next = 0;
    const client = async () => {
      while (next < 2000) {
        const i = next++;
        const response = await beacon(JSON.stringify({ dealer: `fake-dealer-${i}`, kind: "phone" }), {
          headers: { "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    // Within the request guard's eight uploads at a time per connection's address.
    await Promise.all(Array.from({ length: 6 }, client));
    expect(Object.fromEntries(statuses)).toEqual({ 404: 2000 });
    expect(server.dealerStats.pending).toBe(0);
    expect(await rows()).toEqual(before);
  }, 60_000);
});

describe("the privacy page", () => {
  it("says what the dealer locator counts and that it needs no consent", async () => {
    const html = await (await fetch(`${server.url}/datenschutz`)).text();
    expect(html).toContain("4.1 Anonyme Zählung der Nutzung");
    expect(html).toContain("keine IP-Adresse");
    expect(html).toContain("braucht die Zählung keine");
  });
});

describe("npm run stats -- dealers", () => {
  it("prints what was counted, as a table and as CSV", async () => {
    const table = (await dealerStatsReport(server.db)).join("\n");
    expect(table).toMatch(/by postal code\s+3\n/);
    expect(table).toMatch(/DE 25999\s+3\n/);
    expect(table).toMatch(/Helgoland\s+1\n/);
    const all = await rows();
    const clicks = (["phone", "email", "web", "directions"] as const).map((kind) => count(all, `click.${kind}`, slug));
    expect(clicks.slice(0, 2)).toEqual([1, 1]);
    const total = clicks.reduce((sum, n) => sum + n, 0);
    expect(table).toMatch(new RegExp(`${slug}\\s+${clicks.join("\\s+")}\\s+${total}\n`));
    const csv = await dealerStatsReport(server.db, { csv: true });
    expect(csv[0]).toBe("day,event,subject,dealer,count");
    expect(csv).toContain(`${today},no-dealer.postal-code,DE 25999,,3`);

    const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "silent" };
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const { stdout } = await run(tsx, ["scripts/stats.ts", "dealers", "--since", today], { cwd: root, env });
    expect(stdout).toContain(`Dealer locator, ${today} to ${today}`);
    expect(stdout).toMatch(/DE 25999\s+3\n/);
    const bad = await run(tsx, ["scripts/stats.ts", "dealers", "--since", "2026-02-30"], { cwd: root, env }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("--since 2026-02-30: not a date") });
  }, 60_000);
});
