import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TileProxyOptions, tileProxy, upstreamLifetimeSeconds } from "../../server/tile-proxy";

/** A 1×1 PNG: what the stub tile server hands out. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==",
  "base64",
);

type Mode = "ok" | "hang" | "down" | "error";

interface Stub {
  url: string;
  requests: http.IncomingHttpHeaders[];
  /** The tile paths asked for, in order. */
  paths: string[];
  /** Requests whose client (the proxy) went away before an answer. */
  abandoned: number;
  /** While set, answers wait here until the test calls them. */
  held: (() => void)[] | null;
  mode: Mode;
  cacheControl: string;
  delayMs: number;
  maxConcurrent: number;
  close(): Promise<void>;
}

/** A local stand-in for tile.openstreetmap.org that records what it was sent. */
async function startStub(): Promise<Stub> {
  const stub = {
    requests: [] as http.IncomingHttpHeaders[],
    paths: [] as string[],
    abandoned: 0,
    held: null as (() => void)[] | null,
    mode: "ok" as Mode,
    cacheControl: "max-age=604800",
    delayMs: 0,
    maxConcurrent: 0,
  };
  let concurrent = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    stub.requests.push(req.headers);
    stub.paths.push(req.url ?? "");
    res.once("close", () => {
      if (!res.writableEnded) stub.abandoned++;
    });
    if (stub.mode === "hang") return;
    if (stub.mode === "down") {
      req.socket.destroy();
      return;
    }
    if (stub.mode === "error") {
      res.writeHead(503).end();
      return;
    }
    concurrent++;
    stub.maxConcurrent = Math.max(stub.maxConcurrent, concurrent);
    res.once("close", () => concurrent--);
    const answer = () => res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": stub.cacheControl, "Set-Cookie": "upstream=1" }).end(PNG);
    if (stub.held) stub.held.push(answer);
    else setTimeout(answer, stub.delayMs);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

let stub: Stub;
let cacheDir: string;
let proxyServer: http.Server;
let base: string;

/** The tile paths the proxy was asked for, in order (reset by the test that reads it). */
const arrived: string[] = [];

async function startProxy(overrides: Partial<TileProxyOptions> = {}) {
  const app = express();
  app.use("/tiles", (req, _res, next) => {
    arrived.push(req.path);
    next();
  });
  app.use(
    "/tiles",
    tileProxy({
      upstream: stub.url,
      cacheDir,
      minCacheDays: 7,
      userAgent: () => "VIVA-dealer-map/1.0 (test; contact info@example.de)",
      timeoutMs: 2500,
      maxCacheBytes: 64 * 1024 * 1024,
      perClientPerMinute: 10_000,
      // Tests name their client in a header; the server reads the socket (trust proxy applied).
      clientIp: (req) => String(req.headers["x-test-client"] ?? "127.0.0.1"),
      ...overrides,
    }),
  );
  proxyServer = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => proxyServer.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(async () => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-tiles-"));
  stub.requests.length = 0;
  stub.paths.length = 0;
  stub.abandoned = 0;
  stub.held = null;
  stub.mode = "ok";
  stub.cacheControl = "max-age=604800";
  stub.delayMs = 0;
  stub.maxConcurrent = 0;
  await startProxy();
});
afterEach(async () => {
  proxyServer.closeAllConnections();
  await new Promise<void>((resolve) => proxyServer.close(() => resolve()));
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

/** How long to wait for an event that will come: the bound only ends a test that has failed. */
const EVENT_WAIT = { timeout: 10_000 };

/** Makes the cached copy of a tile look old, as if its lifetime had run out. */
function expire(tile: string) {
  const metaFile = path.join(cacheDir, `${tile}.png.json`);
  const meta = JSON.parse(fs.readFileSync(metaFile, "utf8")) as { expires: number };
  fs.writeFileSync(metaFile, JSON.stringify({ ...meta, expires: Date.now() - 1000 }));
}

describe("tile proxy", () => {
  it.each(["/tiles/1.5/0/0.png", "/tiles/-1/0/0.png", "/tiles/20/0/0.png", "/tiles/2/4/0.png", "/tiles/2/0/4.png", "/tiles/a/b/c.png", "/tiles/1/0/0.jpg", "/tiles/1/0", "/tiles/1/0/..%2f..%2fx.png"])(
    "answers 400 for %s without asking upstream",
    async (url) => {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(400);
      expect(stub.requests).toHaveLength(0);
    },
  );

  it("answers other methods than GET and HEAD with 405 and Allow, without asking upstream", async () => {
    for (const method of ["POST", "DELETE", "PUT"]) {
      const response = await fetch(`${base}/tiles/1/0/0.png`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe("GET, HEAD");
    }
    expect(stub.requests).toHaveLength(0);
  });

  it("accepts the corners of the tile grid", async () => {
    expect((await fetch(`${base}/tiles/0/0/0.png`)).status).toBe(200);
    expect((await fetch(`${base}/tiles/19/524287/524287.png`)).status).toBe(200);
  });

  it("fetches once, then serves from the disk cache", async () => {
    const first = await fetch(`${base}/tiles/5/16/10.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("x-tile-cache")).toBe("miss");
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG);
    const second = await fetch(`${base}/tiles/5/16/10.png`);
    expect(second.headers.get("x-tile-cache")).toBe("hit");
    expect(Buffer.from(await second.arrayBuffer())).toEqual(PNG);
    expect(stub.requests).toHaveLength(1);
    expect(fs.existsSync(path.join(cacheDir, "5", "16", "10.png"))).toBe(true);
    // No temp files left behind by the write-and-rename.
    expect(fs.readdirSync(path.join(cacheDir, "5", "16")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("coalesces concurrent requests for one tile", async () => {
    stub.delayMs = 200;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/tiles/6/33/21.png`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(stub.requests).toHaveLength(1);
  });

  it("honours a longer upstream lifetime and enforces at least TILE_CACHE_DAYS", async () => {
    stub.cacheControl = "public, max-age=2592000";
    const long = await fetch(`${base}/tiles/4/8/5.png`);
    const longAge = Number(/max-age=(\d+)/.exec(long.headers.get("cache-control") ?? "")?.[1]);
    expect(longAge).toBeGreaterThan(2592000 - 60);
    expect(longAge).toBeLessThanOrEqual(2592000);

    stub.cacheControl = "max-age=60";
    const short = await fetch(`${base}/tiles/4/8/6.png`);
    const shortAge = Number(/max-age=(\d+)/.exec(short.headers.get("cache-control") ?? "")?.[1]);
    expect(shortAge).toBeGreaterThan(7 * 86400 - 60);
    expect(shortAge).toBeLessThanOrEqual(7 * 86400);
    const meta = JSON.parse(fs.readFileSync(path.join(cacheDir, "4", "8", "6.png.json"), "utf8")) as { expires: number };
    expect(meta.expires).toBeGreaterThan(Date.now() + 7 * 86400_000 - 60_000);
  });

  it("reads lifetimes from Cache-Control or Expires", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(upstreamLifetimeSeconds(new Headers({ "cache-control": "public, max-age=3600" }), now)).toBe(3600);
    expect(upstreamLifetimeSeconds(new Headers({ "cache-control": "s-maxage=7200" }), now)).toBe(7200);
    expect(
      upstreamLifetimeSeconds(new Headers({ expires: "Thu, 01 Jan 2026 01:00:00 GMT", date: "Thu, 01 Jan 2026 00:00:00 GMT" }), now),
    ).toBe(3600);
    expect(upstreamLifetimeSeconds(new Headers(), now)).toBe(0);
  });

  // Not timed: on a busy machine the clock says little. Upstream never answers, so a 504 can only be
  // the proxy's own time-out, and the proxy must then have hung up on upstream.
  it("answers 504 when upstream hangs, giving up on the upstream request", async () => {
    stub.mode = "hang";
    const response = await fetch(`${base}/tiles/7/66/43.png`);
    expect(response.status).toBe(504);
    expect(stub.requests).toHaveLength(1);
    await vi.waitFor(() => expect(stub.abandoned).toBe(1), EVENT_WAIT);
  });

  it("answers 504 when upstream refuses connections", async () => {
    stub.mode = "down";
    const response = await fetch(`${base}/tiles/7/66/44.png`);
    expect(response.status).toBe(504);
    expect(stub.requests).toHaveLength(1);
  });

  it("serves the stale tile when upstream is down or hangs after expiry", async () => {
    expect((await fetch(`${base}/tiles/8/134/86.png`)).status).toBe(200);
    expire("8/134/86");
    stub.mode = "down";
    const down = await fetch(`${base}/tiles/8/134/86.png`);
    expect(down.status).toBe(200);
    expect(down.headers.get("x-tile-cache")).toBe("stale");
    expect(Buffer.from(await down.arrayBuffer())).toEqual(PNG);

    stub.mode = "hang";
    const hanging = await fetch(`${base}/tiles/8/134/86.png`);
    expect(hanging.status).toBe(200);
    expect(hanging.headers.get("x-tile-cache")).toBe("stale");
    await vi.waitFor(() => expect(stub.abandoned).toBe(1), EVENT_WAIT);

    stub.mode = "error";
    expect((await fetch(`${base}/tiles/8/134/86.png`)).headers.get("x-tile-cache")).toBe("stale");
  });

  it("refetches an expired tile when upstream is back", async () => {
    await fetch(`${base}/tiles/3/4/2.png`);
    expire("3/4/2");
    const again = await fetch(`${base}/tiles/3/4/2.png`);
    expect(again.headers.get("x-tile-cache")).toBe("revalidated");
    expect(stub.requests).toHaveLength(2);
  });

  it("never passes the visitor's IP address, cookies or headers upstream", async () => {
    await fetch(`${base}/tiles/9/268/172.png`, {
      headers: {
        Cookie: "session=secret; _ga=GA1.2.3",
        "X-Forwarded-For": "203.0.113.7",
        "X-Real-IP": "203.0.113.7",
        Forwarded: "for=203.0.113.7",
        Referer: "https://shop.example.de/handlersuche?q=Berlin",
        "User-Agent": "Visitor-Browser/1.0",
        "Accept-Language": "de-DE",
        Authorization: "Bearer secret",
      },
    });
    expect(stub.requests).toHaveLength(1);
    const sent = stub.requests[0]!;
    const text = JSON.stringify(sent);
    expect(text).not.toContain("203.0.113.7");
    expect(text).not.toContain("secret");
    expect(text).not.toContain("Visitor-Browser");
    expect(text).not.toContain("handlersuche");
    for (const header of ["cookie", "x-forwarded-for", "x-real-ip", "forwarded", "referer", "authorization"]) {
      expect(sent[header]).toBeUndefined();
    }
    expect(sent["user-agent"]).toMatch(/VIVA.*info@example\.de/);
  });

  /** Restarts the proxy with other limits. */
  async function restart(overrides: Partial<TileProxyOptions>) {
    proxyServer.closeAllConnections();
    await new Promise<void>((resolve) => proxyServer.close(() => resolve()));
    await startProxy(overrides);
  }

  it("limits each client's upstream fetches, not its cached tiles nor other clients", async () => {
    await restart({ perClientPerMinute: 20 });
    const client = { "X-Test-Client": "198.51.100.1" };
    const statuses: number[] = [];
    for (let x = 0; x < 30; x++) statuses.push((await fetch(`${base}/tiles/12/${x}/7.png`, { headers: client })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    const refused = await fetch(`${base}/tiles/12/99/7.png`, { headers: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(stub.requests).toHaveLength(20);
    // Tiles it already has cost no upstream request, so they are still served.
    expect((await fetch(`${base}/tiles/12/3/7.png`, { headers: client })).status).toBe(200);
    // Another address has its own budget.
    expect((await fetch(`${base}/tiles/12/99/7.png`, { headers: { "X-Test-Client": "198.51.100.2" } })).status).toBe(200);
  });

  it("asks upstream a few tiles at a time however many arrive at once", async () => {
    await restart({ upstreamConcurrency: 2 });
    stub.delayMs = 50;
    // Counted where the requests start, not sampled by a timer that a busy machine may delay.
    let open = 0;
    let most = 0;
    const tracked = stub.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, x) => {
        most = Math.max(most, ++open);
        const response = await fetch(`${base}/tiles/10/${x}/3.png`);
        open--;
        return response.status;
      }),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(stub.requests.length - tracked).toBe(12);
    expect(most).toBeGreaterThan(2);
    expect(stub.maxConcurrent).toBeLessThanOrEqual(2);
  });

  it("keeps the disk cache under its bound by deleting the least recently used tiles", async () => {
    // A tile is 70 bytes plus about 60 of metadata: room for about eight.
    await restart({ maxCacheBytes: 1100 });
    for (let x = 0; x < 6; x++) await fetch(`${base}/tiles/11/${x}/1.png`);
    // Tile 0 is used again, so tile 1 is now the least recently used.
    expect((await fetch(`${base}/tiles/11/0/1.png`)).headers.get("x-tile-cache")).toBe("hit");
    for (let x = 6; x < 20; x++) await fetch(`${base}/tiles/11/${x}/1.png`);
    // Pruning runs beside the answers: wait for its files to be gone rather than for a fixed time.
    const diskBytes = () =>
      fs
        .readdirSync(path.join(cacheDir, "11"))
        .flatMap((x) => fs.readdirSync(path.join(cacheDir, "11", x)).map((f) => path.join(cacheDir, "11", x, f)))
        .reduce((sum, f) => sum + fs.statSync(f).size, 0);
    await vi.waitFor(() => expect(diskBytes()).toBeLessThanOrEqual(1100));
    expect(fs.existsSync(path.join(cacheDir, "11", "19", "1.png"))).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, "11", "1", "1.png"))).toBe(false);
    expect(fs.existsSync(path.join(cacheDir, "11", "1", "1.png.json"))).toBe(false);
  });

  it("finds the tiles already on disk after a restart and prunes them too", async () => {
    for (let x = 0; x < 10; x++) await fetch(`${base}/tiles/13/${x}/1.png`);
    await restart({ maxCacheBytes: 700 });
    await fetch(`${base}/tiles/13/50/1.png`);
    const left = () => fs.readdirSync(path.join(cacheDir, "13")).filter((x) => fs.readdirSync(path.join(cacheDir, "13", x)).length > 0);
    await vi.waitFor(() => expect(left().length).toBeLessThan(10));
    expect(left()).toContain("50");
  });

  it("drops a queued upstream fetch when its visitor has gone", async () => {
    // Upstream holds the first tile until the test lets it go, so the second one surely waits in the queue.
    arrived.length = 0;
    await restart({ upstreamConcurrency: 1 });
    stub.held = [];
    const first = fetch(`${base}/tiles/14/1/1.png`);
    await vi.waitFor(() => expect(stub.held).toHaveLength(1), EVENT_WAIT);
    const controller = new AbortController();
    const abandoned = fetch(`${base}/tiles/14/2/2.png`, { signal: controller.signal }).catch(() => null);
    await vi.waitFor(() => expect(arrived).toContain("/14/2/2.png"), EVENT_WAIT);
    controller.abort();
    await abandoned;
    const held = stub.held;
    stub.held = null;
    for (const answer of held) answer();
    expect((await first).status).toBe(200);
    // Instead of waiting a while for nothing to happen: the queue is first come, first served, so
    // a tile asked for now reaches upstream after the abandoned one, if that were still queued.
    expect((await fetch(`${base}/tiles/14/3/3.png`)).status).toBe(200);
    expect(stub.paths).toEqual(["/14/1/1.png", "/14/3/3.png"]);
  });

  it("does not hand upstream cookies to the visitor", async () => {
    const response = await fetch(`${base}/tiles/2/1/1.png`);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
