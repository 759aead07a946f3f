import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import express, { type Request, type Response, type Router } from "express";
import { DiskLru } from "./disk-lru";
import { TokenBuckets } from "~/utils/token-bucket";
import { BusyError, SharedWork, WorkQueue, closedSignal } from "./work-queue";
import type { Env } from "~/env.server";
import type { BrandContent } from "~/content/brand-content";

/**
 * Map tiles through our own server (decision 011): the visitor's browser only ever talks to us, so
 * its IP address, cookies and referrer never reach the tile server, and the OSM tile usage policy
 * (identifying User-Agent, caching for at least 7 days) is kept in one place.
 */
export interface TileProxyOptions {
  /** URL template with {z}, {x} and {y}. */
  upstream: string;
  /** Where tiles are kept: DATA_DIR/cache/tiles. */
  cacheDir: string;
  /** Lower bound of a tile's lifetime, whatever upstream says. */
  minCacheDays: number;
  /** Asked at each upstream request: it names the brand and its e-mail address, which editors may change. */
  userAgent: () => string;
  /** The visitor waits at most this long for upstream; below 3 s so a dead upstream is a quick 504. */
  timeoutMs?: number;
  /** Bytes of tiles kept on disk at most; the least recently used are deleted beyond. */
  maxCacheBytes: number;
  /** Tiles one client address may have fetched from upstream per minute. */
  perClientPerMinute: number;
  /** The client address (trust proxy applied). */
  clientIp: (req: Request) => string;
  /** Upstream requests at the same time, from all clients together. */
  upstreamConcurrency?: number;
}

/** The dealer map's zoom range (0 = the world in one tile, 19 = a few houses); docs/http-interface.md documents it. */
export const MAX_ZOOM = 19;
const MAX_TILE_BYTES = 1024 * 1024;
const TILE_PATH = /^\/(\d{1,2})\/(\d{1,6})\/(\d{1,6})\.png$/;
/** How long a browser may keep a tile we served stale, before asking again. */
const STALE_MAX_AGE_S = 300;

interface TileMeta {
  /** Epoch ms after which the tile is asked for again. */
  expires: number;
  contentType: string;
  etag?: string;
  lastModified?: string;
}

interface Tile {
  body: Buffer;
  meta: TileMeta;
}

type Fetched =
  | { kind: "tile"; tile: Tile }
  | { kind: "missing" }
  | { kind: "failed"; unreachable: boolean; reason: string }
  | { kind: "busy" };

/** A header value is bytes, and fetch refuses any character above U+00FF: "Räder" becomes "Rader", "’" or "–" a hyphen. */
const asciiHeader = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "-");

/**
 * The OSM tile usage policy's identifying User-Agent: the brand and its contact address
 * (content/brand.yaml). An editor's brand name may hold any printable character, a User-Agent only
 * ASCII (and its product name no spaces): otherwise every tile fetch would throw and the map go blank.
 */
export function tileUserAgent(siteUrl: string, brand: Pick<BrandContent, "name" | "company">): string {
  const product = asciiHeader(brand.name).replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]+/g, "-");
  return asciiHeader(`${product}-dealer-map/1.0 (tile proxy of ${siteUrl}; contact ${brand.company.email})`);
}

/** Seconds upstream allows the tile to be cached, from Cache-Control or Expires; 0 when silent. */
export function upstreamLifetimeSeconds(headers: Headers, now: number): number {
  const cacheControl = headers.get("cache-control") ?? "";
  const maxAge = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (maxAge?.[1]) return Number(maxAge[1]);
  const expires = Date.parse(headers.get("expires") ?? "");
  const date = Date.parse(headers.get("date") ?? "") || now;
  return Number.isFinite(expires) ? Math.max(0, Math.round((expires - date) / 1000)) : 0;
}

function badRequest(res: Response, message: string) {
  res.status(400).set("Cache-Control", "no-store").json({ error: { code: "bad_request", message } });
}

async function readCached(file: string): Promise<Tile | null> {
  try {
    const [body, meta] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.json`, "utf8")]);
    return { body, meta: JSON.parse(meta) as TileMeta };
  } catch {
    return null;
  }
}

/** Temp file and rename: a reader never sees half a tile, a crash leaves at most a stray temp file. */
async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, file);
}

/** Returns the bytes written, tile and metadata together. */
async function writeCached(file: string, tile: Tile): Promise<number> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const meta = JSON.stringify(tile.meta);
  await writeAtomic(file, tile.body);
  await writeAtomic(`${file}.json`, meta);
  return tile.body.length + Buffer.byteLength(meta);
}

export function tileProxy(options: TileProxyOptions): Router {
  const timeoutMs = options.timeoutMs ?? 2500;
  const minLifetimeS = options.minCacheDays * 86_400;
  // One upstream request per tile, however many visitors ask for it at the same moment; a few at a
  // time in all (the OSM tile usage policy forbids bulk downloading), dropped while still waiting
  // when every visitor who wanted it has gone.
  const fetches = new SharedWork<Fetched>();
  const upstreamSlots = new WorkQueue(options.upstreamConcurrency ?? 4, 64, "Too many tiles are being fetched.");
  const perClient = new TokenBuckets(options.perClientPerMinute);
  const tileFile = (key: string) => path.join(options.cacheDir, `${key}.png`);
  // A tile is its PNG and the metadata beside it; the size bound counts both.
  const disk = new DiskLru(options.cacheDir, options.maxCacheBytes, {
    files: (key) => [tileFile(key), `${tileFile(key)}.json`],
    keyOf: (relative) => (relative.endsWith(".png") ? relative.slice(0, -4) : null),
  });
  const keep = async (key: string, file: string, tile: Tile) => {
    // A full disk must not cost the visitor the tile they are waiting for.
    const bytes = await writeCached(file, tile).catch(() => 0);
    if (bytes > 0) disk.stored(key, bytes);
  };

  async function fetchTile(z: number, x: number, y: number, key: string, file: string, cached: Tile | null): Promise<Fetched> {
    const url = options.upstream.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
    // Only these headers: nothing of the visitor's request (IP, cookies, referrer, language) is passed on.
    const headers: Record<string, string> = { "User-Agent": options.userAgent(), Accept: "image/png,image/*;q=0.8" };
    if (cached?.meta.etag) headers["If-None-Match"] = cached.meta.etag;
    if (cached?.meta.lastModified) headers["If-Modified-Since"] = cached.meta.lastModified;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
      const now = Date.now();
      const expires = now + Math.max(minLifetimeS, upstreamLifetimeSeconds(response.headers, now)) * 1000;
      if (response.status === 304 && cached) {
        const tile = { body: cached.body, meta: { ...cached.meta, expires } };
        await keep(key, file, tile);
        return { kind: "tile", tile };
      }
      if (response.status === 404) return { kind: "missing" };
      const contentType = response.headers.get("content-type") ?? "";
      if (!response.ok || !contentType.startsWith("image/")) {
        await response.body?.cancel();
        return { kind: "failed", unreachable: false, reason: `upstream answered ${response.status} ${contentType}` };
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_TILE_BYTES) return { kind: "failed", unreachable: false, reason: `tile of ${body.length} bytes` };
      const meta: TileMeta = { expires, contentType };
      const etag = response.headers.get("etag");
      const lastModified = response.headers.get("last-modified");
      if (etag) meta.etag = etag;
      if (lastModified) meta.lastModified = lastModified;
      const tile = { body, meta };
      await keep(key, file, tile);
      return { kind: "tile", tile };
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      const cause = (error as Error & { cause?: Error }).cause?.message;
      return { kind: "failed", unreachable: true, reason: timedOut ? `no answer within ${timeoutMs} ms` : (cause ?? (error as Error).message) };
    }
  }

  function send(res: Response, tile: Tile, state: "hit" | "miss" | "revalidated" | "stale", method: string) {
    const maxAge = state === "stale" ? STALE_MAX_AGE_S : Math.max(0, Math.floor((tile.meta.expires - Date.now()) / 1000));
    res
      .status(200)
      .set({
        "Content-Type": tile.meta.contentType,
        "Content-Length": String(tile.body.length),
        "Cache-Control": `public, max-age=${maxAge}`,
        "X-Tile-Cache": state,
      });
    if (method === "HEAD") res.end();
    else res.end(tile.body);
  }

  const router = express.Router();
  router.use(async (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").json({ error: { code: "bad_request", message: "Tiles are read with GET." } });
      return;
    }
    const match = TILE_PATH.exec(req.path);
    if (!match) {
      badRequest(res, "A tile address is /tiles/{z}/{x}/{y}.png with whole numbers.");
      return;
    }
    const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const size = 2 ** z;
    if (z > MAX_ZOOM || x >= size || y >= size) {
      badRequest(res, `Zoom must be 0 to ${MAX_ZOOM}, and x and y 0 to 2^zoom - 1.`);
      return;
    }
    const key = `${z}/${x}/${y}`;
    const file = tileFile(key);
    const cached = await readCached(file);
    if (cached && cached.meta.expires > Date.now()) {
      disk.touch(key);
      send(res, cached, "hit", req.method);
      return;
    }
    const wait = perClient.take(options.clientIp(req));
    if (wait > 0 && !cached) {
      res
        .status(429)
        .set({ "Retry-After": String(wait), "Cache-Control": "no-store" })
        .json({ error: { code: "too_many_requests", message: "Too many map tiles in a short time; try again in a moment." } });
      return;
    }
    const gone = closedSignal(res);
    const result: Fetched =
      wait > 0
        ? { kind: "failed", unreachable: false, reason: "client over its tile rate" }
        : await fetches
            .run(key, (signal) => upstreamSlots.run(() => fetchTile(z, x, y, key, file, cached), signal), gone)
            .catch((error: unknown): Fetched => {
              if (error instanceof BusyError) return { kind: "busy" };
              return { kind: "failed", unreachable: true, reason: (error as Error).message };
            });
    if (gone.aborted) return;
    if (result.kind === "tile") {
      send(res, result.tile, cached ? "revalidated" : "miss", req.method);
      return;
    }
    if (result.kind === "failed" && wait === 0) req.log?.warn({ tile: key, reason: result.reason, stale: Boolean(cached) }, "tile upstream failed");
    // An old tile beats a hole in the map.
    if (cached) {
      send(res, cached, "stale", req.method);
      return;
    }
    if (result.kind === "missing") {
      res.status(404).set("Cache-Control", "public, max-age=3600").json({ error: { code: "not_found", message: "No such tile." } });
      return;
    }
    if (result.kind === "busy") {
      res
        .status(503)
        .set({ "Retry-After": "2", "Cache-Control": "no-store" })
        .json({ error: { code: "busy", message: "Too many map tiles are being fetched; try again in a moment." } });
      return;
    }
    res
      .status(result.unreachable ? 504 : 502)
      .set("Cache-Control", "no-store")
      .json({ error: { code: "upstream_unavailable", message: "The map tile server is not reachable; try again later." } });
  });
  return router;
}

/** `brand`: the live brand content (the server's content store), read at each upstream request. */
export function tileProxyFromEnv(env: Env, brand: () => BrandContent): Router {
  return tileProxy({
    upstream: env.TILE_UPSTREAM_URL,
    cacheDir: path.join(env.DATA_DIR_ABSOLUTE, "cache", "tiles"),
    minCacheDays: env.TILE_CACHE_DAYS,
    userAgent: () => tileUserAgent(env.SITE_URL, brand()),
    maxCacheBytes: env.TILE_CACHE_MAX_MB * 1024 * 1024,
    perClientPerMinute: env.TILE_RATE_LIMIT,
    clientIp: (req) => req.ip ?? req.socket.remoteAddress ?? "",
  });
}
