import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseCache } from "./response-cache";

let url = "";
let rendered = 0;
let throughExpress = 0;
let version = "v1";
/** The store is away: the version check fails as PostgreSQL's does when it is stopped. */
let storeDown = false;
let clock = 1_000_000;
let stockVersion = "s1";
let close: () => void;
/** Held renders of /slow and /slow-private, released by the test. */
let gate: Promise<void> = Promise.resolve();
let renderStarted: () => void = () => {};

beforeAll(async () => {
  const cache = responseCache({
    cacheable: (u) => [...u.searchParams.keys()].every((k) => k === "page" || k === "lang"),
    version: async () => {
      if (storeDown) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return version;
    },
    now: () => clock,
    stock: { shows: (u) => u.pathname === "/stock", version: async () => stockVersion },
  });
  const app = express();
  app.use((_req, res, next) => {
    throughExpress++;
    res.setHeader("Content-Security-Policy", "script-src 'self'");
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(cache.middleware);
  // As the site does (server/react-router-handler.ts): HEAD is rendered as GET, and the whole
  // answer goes to the cache to complete (and perhaps store) before it is sent.
  const send = async (req: express.Request, res: express.Response, html: string) => {
    res.type("html");
    const body = Buffer.from(html);
    const kept = res.locals.pageCache;
    const out = kept ? await cache.complete(req, res, body, kept) : body;
    if (out) res.end(out);
  };
  app.get("/clock", async (req, res) => {
    rendered++;
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
    await send(req, res, `<p>${rendered}</p>`);
  });
  app.get("/page", async (req, res) => {
    rendered++;
    // A page's own policy, with the hash of its one inline script, as entry.server.tsx reports it.
    res.setHeader("Content-Security-Policy", "script-src 'self' 'sha256-abc'");
    if (req.query.lang === "en") res.setHeader("Set-Cookie", "language=en; Path=/");
    await send(req, res, `<script>x()</script>${"<p>render</p>".repeat(200)}${rendered}`);
  });
  app.get("/stock", async (req, res) => {
    rendered++;
    await send(req, res, `<p>stock ${stockVersion} ${rendered}</p>`);
  });
  app.get("/private", async (req, res) => {
    rendered++;
    res.setHeader("Set-Cookie", "session=1");
    await send(req, res, "<p>mine</p>");
  });
  app.get("/slow", async (req, res) => {
    rendered++;
    renderStarted();
    await gate;
    await send(req, res, `<p>slow ${rendered}</p>`);
  });
  app.get("/slow-private", async (req, res) => {
    rendered++;
    renderStarted();
    await gate;
    res.setHeader("Set-Cookie", "session=1");
    await send(req, res, `<p>mine ${rendered}</p>`);
  });
  // Negotiates its body on Accept, as the Digital Link resolver does, and says so in Vary.
  app.get("/negotiated", async (req, res) => {
    rendered++;
    res.setHeader("Vary", "Accept, Accept-Language, Cookie");
    res.type(req.headers.accept === "application/json" ? "json" : "html");
    const body = Buffer.from(req.headers.accept === "application/json" ? "{}" : "<p>page</p>");
    const kept = res.locals.pageCache;
    const out = kept ? await cache.complete(req, res, body, kept) : body;
    if (out) res.end(out);
  });
  // A drawn image, as the QR codes are: costly to make, so kept like a page (issue 37).
  app.get("/code.png", async (req, res) => {
    rendered++;
    res.type("png").setHeader("Cache-Control", "public, max-age=86400");
    const body = Buffer.alloc(4096, rendered);
    const kept = res.locals.pageCache;
    const out = kept ? await cache.complete(req, res, body, kept) : body;
    if (out) res.end(out);
  });
  const server = http.createServer((req, res) => {
    if (!cache.serve(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

type Raw = http.IncomingMessage & { body: Buffer };

async function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.request(`${url}${path}`, { method, headers }, resolve).on("error", reject).end(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Object.assign(response, { body: Buffer.concat(chunks) });
}

/** Resolves once `condition` holds, looking again after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

/** `count` requests for `path` while its first render is held: all of them have missed the cache when it is let go. */
async function heldBurst(path: string, count: number): Promise<{ renders: number; answers: Raw[] }> {
  let release!: () => void;
  gate = new Promise((r) => (release = r));
  const started = new Promise<void>((r) => (renderStarted = r));
  const before = rendered;
  const arrived = throughExpress;
  const burst = Array.from({ length: count }, () => request(path, { "Accept-Encoding": "gzip" }));
  await started;
  await until(() => throughExpress - arrived === count);
  release();
  const answers = await Promise.all(burst);
  return { renders: rendered - before, answers };
}

/** Everything but the date and the connection's own headers. */
function head(raw: Raw) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = raw.headers;
  return rest;
}

describe("responseCache", () => {
  it("renders a page once and answers later requests with the same bytes, before Express runs", async () => {
    const before = rendered;
    const first = await request("/page?page=2", { "Accept-Encoding": "br, gzip" });
    const expressBefore = throughExpress;
    const second = await request("/page?page=2", { "Accept-Encoding": "br, gzip" });
    expect(rendered - before).toBe(1);
    expect(throughExpress).toBe(expressBefore);
    expect(second.body.equals(first.body)).toBe(true);
    expect(head(second)).toEqual(head(first));
    expect(second.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-abc'");
    expect(second.headers["x-frame-options"]).toBe("DENY");
    expect(second.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("keeps brotli and gzip copies that decode to the page, and serves each encoding asked for", async () => {
    await request("/page?page=3");
    const plain = await request("/page?page=3", { "Accept-Encoding": "identity" });
    const br = await request("/page?page=3", { "Accept-Encoding": "gzip, br" });
    const gzip = await request("/page?page=3", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    for (const raw of [plain, br, gzip]) expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
  });

  it("answers HEAD with the GET's head, cached or not, and no body", async () => {
    const headFirst = await request("/page?page=4", { "Accept-Encoding": "br" }, "HEAD");
    const get = await request("/page?page=4", { "Accept-Encoding": "br" });
    const headCached = await request("/page?page=4", { "Accept-Encoding": "br" }, "HEAD");
    expect(headFirst.body.length).toBe(0);
    expect(head(headFirst)).toEqual(head(get));
    expect(head(headCached)).toEqual(head(get));
  });

  it("answers a matching If-None-Match with 304 and the validator", async () => {
    const first = await request("/page?page=5");
    const etag = String(first.headers.etag);
    const again = await request("/page?page=5", { "If-None-Match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
  });

  it("writes a hit found after the version check exactly as one before Express: no header of the chain's", async () => {
    const stored = await request("/page?page=8", { "Accept-Encoding": "gzip" });
    clock += 1_000; // the version is due a check: the next requests go through Express first
    const expressBefore = throughExpress;
    const again = await request("/page?page=8", { "Accept-Encoding": "gzip" });
    clock += 1_000;
    const revalidated = await request("/page?page=8", { "If-None-Match": String(stored.headers.etag) });
    expect(throughExpress - expressBefore).toBe(2);
    expect(head(again)).toEqual(head(stored));
    expect(again.body.equals(stored.body)).toBe(true);
    // The chain's general policy on a 304 would replace the page's own in the browser's copy.
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
  });

  it("keeps the language cookie a ?lang= visit sets with the answer, privately", async () => {
    await request("/page?page=6&lang=en");
    const before = rendered;
    const hit = await request("/page?page=6&lang=en");
    expect(rendered).toBe(before);
    expect(hit.headers["set-cookie"]).toEqual(["language=en; Path=/"]);
    expect(hit.headers["cache-control"]).toMatch(/^private/);
  });

  it("keys the same URL by the language cookie, each time it is asked (the parsed URL is remembered, the cookie is not)", async () => {
    const before = rendered;
    for (let round = 0; round < 2; round++) {
      await request("/page?page=10");
      await request("/page?page=10", { Cookie: "language=en" });
      await request("/page?page=10", { Cookie: "language=%zz; other=1" });
    }
    // German (no cookie and the unreadable one) and English: two renders, every other request a hit.
    expect(rendered - before).toBe(2);
  });

  it("serves URLs and Accept-Encoding values too long to be remembered from the cache all the same", async () => {
    const long = `/page?page=${"7".repeat(4000)}`;
    const encoding = `gzip, ${"x-custom;q=0.1, ".repeat(40)}br`;
    const first = await request(long, { "Accept-Encoding": encoding });
    const expressBefore = throughExpress;
    const before = rendered;
    const second = await request(long, { "Accept-Encoding": encoding });
    expect(rendered).toBe(before);
    expect(throughExpress).toBe(expressBefore);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.body.equals(first.body)).toBe(true);
    const refused = `/page?utm_source=${"y".repeat(4000)}`;
    await request(refused);
    await request(refused);
    expect(rendered - before).toBe(2);
  });

  it("does not store answers that set other cookies, or requests the predicate refuses", async () => {
    const before = rendered;
    await request("/private");
    await request("/private");
    await request("/page?utm_source=x");
    await request("/page?utm_source=x");
    expect(rendered - before).toBe(4);
  });

  it("does not store an answer that varies by a request header the key does not hold, whatever was asked first", async () => {
    const first = await request("/negotiated", { Accept: "application/json" });
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    const before = rendered;
    const later = await request("/negotiated");
    expect(later.headers["content-type"]).toMatch(/^text\/html/);
    expect(later.body.toString()).toBe("<p>page</p>");
    await request("/negotiated");
    expect(rendered - before).toBe(2);
  });

  it("draws an image once and serves it as it is, with a validator, to every encoding", async () => {
    const before = rendered;
    const first = await request("/code.png", { "Accept-Encoding": "br, gzip" });
    const again = await request("/code.png", { "Accept-Encoding": "gzip" });
    expect(rendered - before).toBe(1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.headers.vary).toBeUndefined();
    expect(again.headers["cache-control"]).toBe("public, max-age=86400");
    const etag = String(first.headers.etag);
    expect((await request("/code.png", { "If-None-Match": etag })).statusCode).toBe(304);
    expect(rendered - before).toBe(1);
  });

  it("keeps an answer whose route set its own s-maxage only that long, and says how old it is", async () => {
    const first = await request("/clock");
    clock += 20_000;
    const hit = await request("/clock");
    expect(hit.body.equals(first.body)).toBe(true);
    expect(hit.headers.age).toBe("20");
    clock += 41_000;
    expect((await request("/clock")).body.equals(first.body)).toBe(false);
  });

  it("renders a page once for a burst of requests that arrive while it renders, and sends each the same bytes", async () => {
    const { renders, answers } = await heldBurst("/slow", 5);
    expect(renders).toBe(1);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it("lets the waiting requests render their own answer when the first one keeps nothing", async () => {
    const { renders, answers } = await heldBurst("/slow-private", 3);
    expect(renders).toBe(3);
    expect(answers.map((a) => a.headers["set-cookie"]?.[0])).toEqual(["session=1", "session=1", "session=1"]);
  });

  it("does not make a request wait for a render begun before the data version changed", async () => {
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const started = new Promise<void>((r) => (renderStarted = r));
    const before = rendered;
    const old = request("/slow?page=7");
    await started;
    version = `${version}+`;
    clock += 1_000;
    const fresh = request("/slow?page=7");
    // The second renders on its own while the first is still held.
    await until(() => rendered - before === 2);
    release();
    expect((await old).statusCode).toBe(200);
    expect((await fresh).body.toString()).toContain(`slow ${before + 2}`);
  });

  it("renders again after the data version changes", async () => {
    await request("/page");
    const before = rendered;
    version = "v2";
    clock += 1_000;
    await request("/page");
    await request("/page");
    expect(rendered - before).toBe(1);
  });

  it("keeps serving what it stored while the data version cannot be read (stale if error)", async () => {
    await request("/page?page=3");
    const before = rendered;
    storeDown = true;
    try {
      for (let i = 0; i < 3; i++) {
        clock += 1_000;
        const answer = await request("/page?page=3");
        expect(answer.statusCode).toBe(200);
        expect(answer.body.toString()).toContain("<p>render</p>");
      }
      expect(rendered - before).toBe(0);
    } finally {
      storeDown = false;
    }
    // Back again, the version it gives still decides: a changed one drops what was kept.
    version = "v3";
    clock += 1_000;
    await request("/page?page=3");
    expect(rendered - before).toBe(1);
  });

  it("drops the answers that show stock when the stock version changes, within a second, and keeps the rest (decision 056)", async () => {
    await request("/stock");
    await request("/page?page=5");
    const before = rendered;
    expect((await request("/stock")).body.toString()).toContain("stock s1");
    stockVersion = "s2";
    // Until the next check (at most a second) the stored answer stands.
    expect((await request("/stock")).body.toString()).toContain("stock s1");
    clock += 1_000;
    expect((await request("/stock")).body.toString()).toContain("stock s2");
    await request("/page?page=5");
    expect(rendered - before).toBe(1);
  });
});
