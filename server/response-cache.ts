import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import fresh from "fresh";
import { resolveLanguage } from "~/i18n/language";
import { compressible, keyCoversVary, privately, storable, withVary } from "./cache-headers";
import { type StoredAnswer, headerText, sendStoredAnswer, storedAnswer } from "./stored-answer";

/**
 * An in-process cache of rendered pages and API answers, keyed by URL and language, with ETags.
 *
 * - A stored answer is immutable bytes: its head (every header the application gave it, the
 *   Content-Security-Policy with the page's script hashes among them) and its body, compressed
 *   once per encoding when it is stored. A hit writes them as they are (decision 025), so hits cost
 *   what a static file does, and a shared cache in front may keep them too.
 * - The answer to the request that stores an entry is sent from that entry, so it carries the same
 *   bytes as every later hit (a HEAD and its GET agree, cached or not).
 * - Everything is dropped when the data version changes (a re-seed or import, even by another
 *   process): `version()` is asked at most once a second, by the middleware. When it fails (the
 *   store is away) the stored answers are kept and served: stale if error (issue 25).
 * - Responses that set cookies other than the language, vary by a request header the key does not
 *   hold (`keyCoversVary`), are not 200, or are large are passed through (still with an ETag and
 *   304 support).
 * - Requests for a page that is being rendered wait for that render and get its stored answer: a
 *   burst on a cold cache (a start, the moment after an import) renders each page once, not once
 *   per request (200 connections on a cold server rendered each of four pages about 50 times at
 *   once, decision 030). A render that keeps nothing lets the others render.
 * - A route whose page depends on the clock (a dealer's "open now") sets its own Cache-Control
 *   with `s-maxage`; its stored answer then lives that long here too, not until the next import,
 *   and carries an `Age`, so a shared cache keeps it no longer than the route allowed.
 * - Answers that show dealer stock (`stock.shows`) also depend on the stock version, asked with the
 *   data version: a change drops only them (a push every few seconds must not empty the whole
 *   cache), so a push through any instance shows on every instance within a second or two.
 */
export interface ResponseCacheOptions {
  /** Which GET requests may be stored and served. */
  cacheable: (url: URL) => boolean;
  version: () => Promise<string>;
  maxEntries?: number;
  maxBytes?: number;
  /** Cache-Control for stored HTML and JSON, when the route did not set its own. */
  cacheControl?: string;
  /** Answers from `serve()` before the framework never reach the request logger; this reports them instead. */
  onServed?: (req: IncomingMessage, status: number, startedAt: number) => void;
  /** The clock (epoch ms), for tests. */
  now?: () => number;
  /** The answers that show stock and the stock version they follow (decision 056). */
  stock?: { shows: (url: URL) => boolean; version: () => Promise<string> };
}

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by the page cache's middleware: how the coming answer is to be kept (server/react-router-handler.ts completes it). */
    pageCache?: Answer;
  }
}

export interface ResponseCache {
  /** Express middleware: checks the data version and serves hits; a miss goes on, with `res.locals.pageCache` saying how to keep it. */
  middleware: RequestHandler;
  /** Answers a request from memory before the framework runs; false when it cannot (a miss, or a version check is due). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * After the application has answered: ETag, Vary, Cache-Control, storing. Null when it has
   * answered (a stored entry or a 304); otherwise the body for the caller to send.
   */
  complete(req: IncomingMessage, res: ServerResponse, body: Buffer, answer: Answer): Promise<Buffer | null>;
}

export interface Answer {
  key: string;
  useCache: boolean;
  /** Entries stored while this request rendered would be of older data once the version changed. */
  generation: number;
  /** The answer shows stock: kept only while the stock version it was made under holds. */
  showsStock: boolean;
  stockGeneration: number;
  /** Set when this request renders a page others wait for: settled with what it stored, or null. */
  flight?: Flight;
}

interface Flight {
  done: Promise<StoredAnswer | null>;
  settle(entry: StoredAnswer | null): void;
}

const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const VERSION_CHECK_MS = 1000;
/** The parsed-URL memo of `serve()`: how long a URL it keeps, and how many. */
const MEMO_URL_CHARS = 512;
const MEMO_URLS = 2048;

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  return query === -1 ? raw : raw.slice(0, query);
}

/** Entries are kept per language and exact request URL. */
function cacheKey(lang: string, url: string | undefined): string {
  return `${lang} ${url ?? "/"}`;
}

export function requestUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? "/", "http://x");
  } catch {
    return null;
  }
}

export function responseCache(options: ResponseCacheOptions): ResponseCache {
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, StoredAnswer>();
  let bytes = 0;
  let version: string | null = null;
  let checkedAt = 0;
  let generation = 0;
  let stockVersion: string | null = null;
  let stockGeneration = 0;
  /** Keys of stored or rendering answers that show stock. */
  const stockKeys = new Set<string>();
  let checking: Promise<void> | null = null;

  /** Renders under way that requests for the same key wait for (decision 030). */
  const flights = new Map<string, Flight>();

  const clear = () => {
    entries.clear();
    // A render begun on the old data is not waited for: it stores nothing and its waiters render.
    flights.clear();
    stockKeys.clear();
    bytes = 0;
    generation++;
  };

  /** New stock: the answers that show it go, the rest stay. */
  const clearStock = () => {
    for (const key of stockKeys) {
      const entry = entries.get(key);
      if (entry) {
        bytes -= entry.bytes;
        entries.delete(key);
      }
      flights.delete(key);
    }
    stockKeys.clear();
    stockGeneration++;
  };

  const checkVersion = async () => {
    let current: string;
    let currentStock: string | null;
    try {
      [current, currentStock] = await Promise.all([options.version(), options.stock ? options.stock.version() : null]);
    } catch (error) {
      // Stale if error: while the store cannot say its version (stopped, unreachable), what is
      // stored keeps being served, asked again a second later; the version it then gives decides.
      // Nothing is known yet at a start: then there is nothing stored either.
      if (version === null) throw error;
      checkedAt = now();
      return;
    }
    checkedAt = now();
    if (current !== version) {
      version = current;
      clear();
    } else if (currentStock !== stockVersion && stockVersion !== null) {
      clearStock();
    }
    stockVersion = currentStock;
  };
  const versionDue = () => version === null || now() - checkedAt >= VERSION_CHECK_MS;
  /** One database question at a time, however many requests arrive while it is asked. */
  const flushIfStale = async () => {
    if (!versionDue()) return;
    checking ??= checkVersion().finally(() => {
      checking = null;
    });
    await checking;
  };

  const store = (key: string, entry: StoredAnswer) => {
    const previous = entries.get(key);
    if (previous) bytes -= previous.bytes;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Maps iterate in insertion order; hits re-insert, so the first key is the least recently used.
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      bytes -= entries.get(oldest)?.bytes ?? 0;
      entries.delete(oldest);
      stockKeys.delete(oldest);
    }
  };

  const lookup = (key: string): StoredAnswer | undefined => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    entries.delete(key);
    if (hit.expiresAt !== undefined && hit.expiresAt <= now()) {
      bytes -= hit.bytes;
      return undefined;
    }
    entries.set(key, hit);
    return hit;
  };

  /** This request renders `key`; later ones for it wait. Settled by complete(), or when the answer ends without it. */
  const lead = (key: string, res: ServerResponse): Flight => {
    let resolve!: (entry: StoredAnswer | null) => void;
    const flight: Flight = {
      done: new Promise((r) => (resolve = r)),
      settle(entry) {
        if (flights.get(key) === flight) flights.delete(key);
        resolve(entry);
      },
    };
    flights.set(key, flight);
    // An error page, a visitor who left, a handler that threw: nothing to share, the others render.
    res.once("close", () => flight.settle(null));
    return flight;
  };

  const showsStock = (url: URL) => options.stock?.shows(url) ?? false;

  const keyOf = (req: IncomingMessage, url: URL) => cacheKey(resolveLanguage(url, req.headers.cookie ?? null).lang, req.url);

  /**
   * The parsed request target of each URL seen lately and whether it may be stored: a hit asks for
   * the same few URLs over and over, and parsing them was a tenth of its time. The URLs are the
   * clients' to choose, so only short ones are kept, and only so many: at most about 1 MB of text,
   * where 4,096 URLs of Node's 16 KB header limit would have held 64 MB.
   */
  const targets = new Map<string, URL | null>();
  const storableTarget = (raw: string | undefined): URL | null => {
    const key = raw ?? "/";
    const known = targets.get(key);
    if (known !== undefined) return known;
    const url = requestUrl(key);
    const target = url && options.cacheable(url) ? url : null;
    if (key.length <= MEMO_URL_CHARS) {
      if (targets.size >= MEMO_URLS) targets.clear();
      targets.set(key, target);
    }
    return target;
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || versionDue()) return false;
    const url = storableTarget(req.url);
    if (!url) return false;
    const startedAt = performance.now();
    const hit = lookup(keyOf(req, url));
    if (!hit) return false;
    sendStoredAnswer(req, res, hit, now());
    options.onServed?.(req, res.statusCode, startedAt);
    return true;
  };

  const complete = async (req: IncomingMessage, res: ServerResponse, body: Buffer, answer: Answer): Promise<Buffer | null> => {
    const rawCookies = res.getHeader("set-cookie");
    const setCookies = rawCookies === undefined ? [] : Array.isArray(rawCookies) ? rawCookies : [String(rawCookies)];
    const contentType = headerText(res.getHeader("content-type"));
    // Only a 200 gets an ETag (and is stored).
    if (res.statusCode === 200 && !res.getHeader("etag")) {
      res.setHeader("ETag", `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`);
    }
    // Pages follow the language cookie, so shared caches must keep one copy per cookie.
    if (/^text\/html/.test(contentType) || pathOf(req.url).endsWith(".data")) {
      res.setHeader("Vary", withVary(headerText(res.getHeader("vary")), "Cookie"));
    }
    const isText = compressible(contentType);
    const ownMaxAge = /\bs-maxage=(\d+)/.exec(headerText(res.getHeader("cache-control")))?.[1];
    if (isText && res.statusCode === 200 && !res.getHeader("cache-control") && options.cacheControl) {
      res.setHeader("Cache-Control", options.cacheControl);
    }
    if (setCookies.length > 0) res.setHeader("Cache-Control", privately(headerText(res.getHeader("cache-control"))));
    // The language cookie follows from the key (a ?lang= in the URL), so it is stored with the answer.
    const keep =
      answer.useCache &&
      res.statusCode === 200 &&
      storable(contentType) &&
      body.length <= MAX_ENTRY_BYTES &&
      setCookies.every((c) => c.startsWith("language=")) &&
      keyCoversVary(headerText(res.getHeader("vary")));
    if (keep) {
      if (isText) res.setHeader("Vary", withVary(headerText(res.getHeader("vary")), "Accept-Encoding"));
      const storedAt = now();
      const expiresAt = ownMaxAge === undefined ? undefined : storedAt + Number(ownMaxAge) * 1000;
      const entry = await storedAnswer(res, body, { storedAt, expiresAt, compress: isText });
      const current = answer.generation === generation && (!answer.showsStock || answer.stockGeneration === stockGeneration);
      if (current) {
        store(answer.key, entry);
        if (answer.showsStock) stockKeys.add(answer.key);
      }
      answer.flight?.settle(current ? entry : null);
      sendStoredAnswer(req, res, entry, now());
      return null;
    }
    answer.flight?.settle(null);
    if (res.statusCode === 200 && fresh(req.headers, { etag: headerText(res.getHeader("etag")) })) {
      res.removeHeader("Content-Length");
      res.statusCode = 304;
      res.end();
      return null;
    }
    return body;
  };

  /**
   * The cache's side of a request before the application runs: checks the data version when due
   * and answers from memory when it can (null then); otherwise says how the coming answer is to be
   * kept. The middleware is mounted at the root, so `req.url` is the whole URL.
   */
  const prepare = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<Answer | null> => {
    const key = keyOf(req, url);
    let useCache = options.cacheable(url);
    if (useCache) {
      try {
        await flushIfStale();
      } catch {
        // No data version known yet (and so nothing stored): the page itself reports the problem.
        useCache = false;
      }
    }
    const hit = useCache ? lookup(key) : undefined;
    if (hit) {
      sendStoredAnswer(req, res, hit, now());
      return null;
    }
    const stock = { showsStock: useCache && showsStock(url), stockGeneration };
    if (!useCache) return { key, useCache, generation, ...stock };
    const underWay = flights.get(key);
    if (!underWay) {
      if (stock.showsStock) stockKeys.add(key);
      return { key, useCache, generation, ...stock, flight: lead(key, res) };
    }
    const shared = await underWay.done;
    if (shared) {
      sendStoredAnswer(req, res, shared, now());
      return null;
    }
    return { key, useCache, generation, ...stock };
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = requestUrl(req.url);
    if (!url) return next();
    prepare(req, res, url).then((answer) => {
      if (!answer) return;
      res.locals.pageCache = answer;
      next();
    }, next);
  };

  return { middleware, serve, complete };
}
