import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { languageCookie, resolveLanguage } from "~/i18n/language";

/**
 * An in-process cache of rendered pages and API answers, keyed by URL and language, with ETags.
 *
 * - Pages carry a fresh CSP nonce per response, so a stored body is kept split at its nonce and
 *   joined again with the new one.
 * - Everything is dropped when the data version changes (a re-seed or import, even by another
 *   process): `version()` is asked at most once a second.
 * - Responses that set cookies other than the language, are not 200, or are large are passed
 *   through (still with an ETag and 304 support).
 */
export interface ResponseCacheOptions {
  /** Which GET requests may be stored. */
  cacheable: (req: Request) => boolean;
  version: () => Promise<string>;
  maxEntries?: number;
  maxBytes?: number;
  /** Cache-Control for stored HTML and JSON, when the route did not set its own. */
  cacheControl?: string;
}

interface Entry {
  status: number;
  headers: [string, string][];
  parts: string[];
  etag: string;
  bytes: number;
  /** Compressed once, for answers without a nonce (JSON, XML): large lists are not zipped per request. */
  br?: Buffer;
  gzip?: Buffer;
}

const MAX_ENTRY_BYTES = 8 * 1024 * 1024;

const KEPT_HEADERS = new Set(["content-type", "cache-control", "vary", "content-language", "link", "x-robots-tag"]);

export interface ResponseCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  flushes: number;
}

/**
 * A 304 must not carry this response's CSP: the browser would store the new nonce next to the
 * body it already has, which holds the old one, and block every inline script. Without the header
 * the browser keeps the policy that came with that body.
 */
function notModified(res: Response) {
  res.removeHeader("Content-Security-Policy");
  res.status(304).end();
}

export function responseCache(options: ResponseCacheOptions): RequestHandler & { stats(): ResponseCacheStats } {
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version = "";
  let checkedAt = 0;
  const stats = { hits: 0, misses: 0, flushes: 0 };

  const flushIfStale = async () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return;
    checkedAt = now;
    const current = await options.version();
    if (current !== version) {
      if (version !== "") stats.flushes++;
      version = current;
      entries.clear();
      bytes = 0;
    }
  };

  const store = (key: string, entry: Entry) => {
    if (entry.bytes > MAX_ENTRY_BYTES) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Maps iterate in insertion order; hits re-insert, so the first key is the least recently used.
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      bytes -= entries.get(oldest)?.bytes ?? 0;
      entries.delete(oldest);
    }
  };

  const sendEntry = (req: Request, res: Response, entry: Entry, nonce: string, langCookie: string | null) => {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (langCookie) res.append("Set-Cookie", langCookie);
    res.setHeader("ETag", entry.etag);
    if (req.fresh) {
      notModified(res);
      return;
    }
    const first = entry.parts[0];
    if (entry.parts.length === 1 && first !== undefined && entry.bytes > 1024) {
      const encoding = req.acceptsEncodings("br", "gzip");
      if (encoding === "br" || encoding === "gzip") {
        const body =
          encoding === "br"
            ? (entry.br ??= brotliCompressSync(first, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }))
            : (entry.gzip ??= gzipSync(first));
        // Already encoded: the compression middleware leaves it alone.
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Content-Length", body.length);
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
    }
    res.end(req.method === "HEAD" ? undefined : entry.parts.join(nonce));
  };

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = new URL(req.originalUrl, "http://x");
    const { lang, fromQuery } = resolveLanguage(url, req.headers.cookie ?? null);
    const key = `${lang} ${req.originalUrl}`;
    const nonce = res.locals.cspNonce;
    const cacheable = options.cacheable(req);

    void (async () => {
      let useCache = cacheable;
      if (useCache) {
        try {
          await flushIfStale();
        } catch {
          // Without a known data version nothing may be stored or served from memory; the page
          // itself will report the database problem.
          useCache = false;
          entries.clear();
          bytes = 0;
          version = "";
        }
      }
      if (useCache) {
        const hit = entries.get(key);
        if (hit) {
          entries.delete(key);
          entries.set(key, hit);
          stats.hits++;
          sendEntry(req, res, hit, nonce, fromQuery ? languageCookie(lang) : null);
          return;
        }
        stats.misses++;
      }

      // Collect the whole answer (our pages render in one go), then decide.
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: unknown, encoding?: unknown) => {
        if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
        return true;
      }) as Response["write"];
      res.end = ((chunk?: unknown, encoding?: unknown) => {
        if (chunk && typeof chunk !== "function") {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
        }
        res.write = write;
        res.end = end;
        const body = Buffer.concat(chunks);
        const text = body.toString("utf8");
        const parts = nonce ? text.split(nonce) : [text];
        const etag = `W/"${createHash("sha1").update(parts.join("")).digest("base64url").slice(0, 27)}"`;
        const rawCookies = res.getHeader("set-cookie");
        const setCookies = rawCookies === undefined ? [] : Array.isArray(rawCookies) ? rawCookies : [String(rawCookies)];
        const onlyLanguageCookie = setCookies.every((c) => c.startsWith("language="));
        const isText = /^(text\/html|application\/json|application\/xml|text\/plain)/.test(String(res.getHeader("content-type") ?? ""));
        if (res.statusCode === 200 && !res.getHeader("etag")) res.setHeader("ETag", etag);
        // Pages follow the language cookie, so shared caches must keep one copy per cookie.
        if (/^text\/html/.test(String(res.getHeader("content-type") ?? "")) || req.path.endsWith(".data")) res.vary("Cookie");
        if (isText && res.statusCode === 200 && !res.getHeader("cache-control") && options.cacheControl) {
          res.setHeader("Cache-Control", options.cacheControl);
        }
        if (useCache && res.statusCode === 200 && isText && onlyLanguageCookie) {
          const headers: [string, string][] = [];
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (KEPT_HEADERS.has(name) && value !== undefined) headers.push([name, String(value)]);
          }
          store(key, { status: 200, headers, parts, etag: String(res.getHeader("etag")), bytes: body.length });
        }
        if (res.statusCode === 200 && req.fresh) {
          notModified(res);
          return res;
        }
        return end(body);
      }) as Response["end"];
      next();
    })().catch(next);
  };

  return Object.assign(handler, {
    stats: (): ResponseCacheStats => ({ ...stats, entries: entries.size, bytes }),
  });
}
