import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { RequestHandler, Response } from "express";
import fresh from "fresh";
import Negotiator from "negotiator";
import { languageCookie, resolveLanguage } from "~/i18n/language";
import { type GzipTemplate, gzipTemplate, gzipWithNonce } from "./gzip-template";

/**
 * An in-process cache of rendered pages and API answers, keyed by URL and language, with ETags.
 *
 * - Pages carry a fresh CSP nonce per response, so a stored body (and its CSP header) is kept split
 *   at its nonce and joined again with the new one; gzip is spliced the same way (gzip-template.ts).
 * - A stored answer keeps every header the application gave it, so `serve()` can answer from the
 *   bare Node request before Express and React Router run at all: hits cost what a static file does.
 * - Everything is dropped when the data version changes (a re-seed or import, even by another
 *   process): `version()` is asked at most once a second, and only the Express path asks it.
 * - Responses that set cookies other than the language, are not 200, or are large are passed
 *   through (still with an ETag and 304 support).
 * - A route whose page depends on the clock (a dealer's "open now") sets its own Cache-Control
 *   with `s-maxage`; its stored answer then lives that long here too, not until the next import.
 */
export interface ResponseCacheOptions {
  /** Which GET requests may be stored and served. */
  cacheable: (url: URL) => boolean;
  version: () => Promise<string>;
  /** A fresh CSP nonce, for answers served before the security middleware has made one. */
  newNonce: () => string;
  maxEntries?: number;
  maxBytes?: number;
  /** Cache-Control for stored HTML and JSON, when the route did not set its own. */
  cacheControl?: string;
  /** Answers from `serve()` never reach the request logger; this reports them instead. */
  onServed?: (req: IncomingMessage, status: number, startedAt: number) => void;
  /** Epoch ms for the version checks and `s-maxage` expiry: tests move it instead of waiting. */
  now?: () => number;
}

interface Entry {
  /** Header values split at the nonce (only the CSP has one). */
  headers: [string, string[]][];
  parts: Buffer[];
  /** Body length without the nonce. */
  length: number;
  etag: string;
  bytes: number;
  /** Compressed once, for answers without a nonce (JSON, XML): large lists are not zipped per request. */
  br?: Buffer;
  gzip?: Buffer;
  gzipTemplate?: GzipTemplate;
  /** Epoch ms after which the entry is stale: set when the route gave its own `s-maxage`. */
  expiresAt?: number;
}

export interface ResponseCache {
  /** Express middleware: checks the data version, serves hits, stores misses. */
  middleware: RequestHandler;
  /** Answers a request from memory before Express sees it; false when it cannot (then Express runs). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Before the application runs: the version check and a hit (null: answered), or how to keep the answer. */
  prepare(req: IncomingMessage, res: ServerResponse, url: URL, nonce: string): Promise<Answer | null>;
  /** After the application has answered: ETag, Vary, Cache-Control, storing; null after a 304. */
  complete(req: IncomingMessage, res: ServerResponse, body: Buffer, answer: Answer): Buffer | null;
}

export interface Answer {
  /** The response's CSP nonce, where its body and headers are split for storing. */
  nonce: string | undefined;
  key: string;
  useCache: boolean;
}

const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MIN_COMPRESS_BYTES = 1024;
const VERSION_CHECK_MS = 1000;
/** Per-response or per-connection headers; the rest of a stored answer's headers are replayed. */
const SKIPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "etag",
]);

/** The stored parts with the nonce between them, as chunks: the parts are written, not copied. */
function interleave(parts: Buffer[], nonce: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(nonce);
    if (part.length > 0) chunks.push(part);
  });
  return chunks;
}

/** A Vary value with `name` added once. */
export function withVary(value: string | undefined, name: string): string {
  const names = (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return names.some((n) => n.toLowerCase() === name.toLowerCase()) ? names.join(", ") : [...names, name].join(", ");
}

/**
 * A 304 must not carry this response's CSP: the browser would store the new nonce next to the
 * body it already has, which holds the old one, and block every inline script. Without the header
 * the browser keeps the policy that came with that body.
 */
function notModified(res: ServerResponse) {
  res.removeHeader("Content-Security-Policy");
  res.removeHeader("Content-Length");
  res.statusCode = 304;
  res.end();
}

/**
 * The Cache-Control of an answer that sets a cookie: a shared cache must not replay it (and its
 * cookie) to others, so `public` and `s-maxage` give way to `private`; `no-store` stays as it is.
 */
export function privately(cacheControl: string): string {
  if (/\b(no-store|private)\b/i.test(cacheControl)) return cacheControl;
  const kept = cacheControl
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d && !/^(public|s-maxage\b|proxy-revalidate)/i.test(d));
  return ["private", ...(kept.length > 0 ? kept : ["max-age=0"])].join(", ");
}

/** Writes a stored answer; `grew` learns the size of compressed copies made on the way. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  nonce: string,
  langCookie: string | null,
  grew: (bytes: number) => void,
) {
  res.statusCode = 200;
  for (const [name, parts] of entry.headers) res.setHeader(name, parts.length === 1 ? (parts[0] ?? "") : parts.join(nonce));
  if (langCookie) {
    res.setHeader("Set-Cookie", langCookie);
    res.setHeader("Cache-Control", privately(headerText(res.getHeader("cache-control"))));
  }
  res.setHeader("ETag", entry.etag);
  if (fresh(req.headers, { etag: entry.etag })) {
    notModified(res);
    return;
  }
  const nonceBytes = Buffer.from(nonce);
  const add = <T extends Buffer | Buffer[]>(stored: T): T => {
    const n = Array.isArray(stored) ? stored.reduce((sum, b) => sum + b.length, 0) : stored.length;
    entry.bytes += n;
    grew(n);
    return stored;
  };
  let body: Buffer[] | undefined;
  if (entry.length >= MIN_COMPRESS_BYTES) {
    const single = entry.parts.length === 1;
    const encoding = new Negotiator(req).encoding(single ? ["br", "gzip"] : ["gzip"]);
    const first = entry.parts[0];
    if (encoding === "br" && single && first) {
      entry.br ??= add(brotliCompressSync(first, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }));
      body = [entry.br];
    } else if (encoding === "gzip" && single && first) {
      entry.gzip ??= add(gzipSync(first));
      body = [entry.gzip];
    } else if (encoding === "gzip") {
      if (!entry.gzipTemplate) {
        entry.gzipTemplate = gzipTemplate(entry.parts);
        add(entry.gzipTemplate.blocks);
      }
      body = gzipWithNonce(entry.gzipTemplate, nonceBytes);
    }
    // Already encoded: the compression middleware (on the Express path) leaves it alone.
    if (body) res.setHeader("Content-Encoding", encoding ?? "identity");
  }
  body ??= interleave(entry.parts, nonceBytes);
  res.setHeader("Content-Length", body.reduce((sum, chunk) => sum + chunk.length, 0));
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // One writev for headers and all chunks, instead of a copy of the page per response: at thousands
  // of answers a second those copies were most of the garbage collector's work.
  res.cork();
  for (const chunk of body) res.write(chunk);
  res.end();
  res.uncork();
}

/** The body split at every occurrence of the separator, as views into it. */
function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export function headerText(value: number | string | string[] | undefined): string {
  return value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
}

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
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: string | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  const grew = (n: number) => {
    bytes += n;
  };

  const checkVersion = async () => {
    const current = await options.version();
    checkedAt = now();
    if (current !== version) {
      version = current;
      entries.clear();
      bytes = 0;
    }
  };
  /** One database question at a time, however many requests arrive while it is asked. */
  const flushIfStale = async () => {
    if (now() - checkedAt < VERSION_CHECK_MS) return;
    checking ??= checkVersion().finally(() => {
      checking = null;
    });
    await checking;
  };

  const forget = () => {
    entries.clear();
    bytes = 0;
    version = null;
    checkedAt = 0;
  };

  const store = (key: string, entry: Entry) => {
    if (entry.bytes > MAX_ENTRY_BYTES) return;
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
    }
  };

  const lookup = (key: string): Entry | undefined => {
    const hit = entries.get(key);
    if (hit?.expiresAt !== undefined && hit.expiresAt <= now()) {
      entries.delete(key);
      bytes -= hit.bytes;
      return undefined;
    }
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // A due version check needs the database (asynchronous): the Express path does it.
    if (version === null || now() - checkedAt >= VERSION_CHECK_MS) return false;
    const url = requestUrl(req.url);
    if (!url || !options.cacheable(url)) return false;
    const { lang, fromQuery } = resolveLanguage(url, req.headers.cookie ?? null);
    const startedAt = performance.now();
    const hit = lookup(cacheKey(lang, req.url));
    if (!hit) return false;
    send(req, res, hit, options.newNonce(), fromQuery ? languageCookie(lang) : null, grew);
    options.onServed?.(req, res.statusCode, startedAt);
    return true;
  };

  /**
   * What every answer that may be cached goes through once the application has made it (on the
   * Express path and on the page path alike): ETag, Vary, Cache-Control, storing, and 304. Returns
   * the body to send, or null when it has answered 304.
   */
  const complete = (req: IncomingMessage, res: ServerResponse, body: Buffer, answer: Answer): Buffer | null => {
    const { nonce, key, useCache } = answer;
    // Bytes, not text: the nonce is ASCII, and decoding a page only to split and re-encode it was
    // a few per cent of every uncached answer.
    const parts = nonce ? splitAt(body, Buffer.from(nonce)) : [body];
    const rawCookies = res.getHeader("set-cookie");
    const setCookies = rawCookies === undefined ? [] : Array.isArray(rawCookies) ? rawCookies : [String(rawCookies)];
    const onlyLanguageCookie = setCookies.every((c) => c.startsWith("language="));
    const contentType = String(res.getHeader("content-type") ?? "");
    const isText = /^(text\/html|application\/json|application\/xml|text\/plain)/.test(contentType);
    // Only a 200 gets an ETag (and is stored); the hash leaves the nonce out, so it stays the same.
    if (res.statusCode === 200 && !res.getHeader("etag")) {
      const hash = createHash("sha1");
      for (const part of parts) hash.update(part);
      res.setHeader("ETag", `W/"${hash.digest("base64url").slice(0, 27)}"`);
    }
    // Pages follow the language cookie, so shared caches must keep one copy per cookie.
    if (/^text\/html/.test(contentType) || pathOf(req.url).endsWith(".data")) {
      res.setHeader("Vary", withVary(headerText(res.getHeader("vary")), "Cookie"));
    }
    const ownMaxAge = /\bs-maxage=(\d+)/.exec(headerText(res.getHeader("cache-control")))?.[1];
    if (isText && res.statusCode === 200 && !res.getHeader("cache-control") && options.cacheControl) {
      res.setHeader("Cache-Control", options.cacheControl);
    }
    if (setCookies.length > 0) res.setHeader("Cache-Control", privately(headerText(res.getHeader("cache-control"))));
    // Only a GET fills the cache, so a HEAD is answered as the GET at that moment would be (a fresh
    // render is brotli-compressed, a stored page gzip-spliced: issue 15 makes them one).
    if (useCache && req.method === "GET" && res.statusCode === 200 && isText && onlyLanguageCookie) {
      const headers: [string, string[]][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (SKIPPED_HEADERS.has(name) || value === undefined) continue;
        const text = name === "vary" ? withVary(headerText(value), "Accept-Encoding") : headerText(value);
        headers.push([name, nonce ? text.split(nonce) : [text]]);
      }
      if (!headers.some(([name]) => name === "vary")) headers.push(["vary", ["Accept-Encoding"]]);
      // Copies, so that what the cache keeps is its own and sized to fit.
      const buffers = parts.map((p) => Buffer.from(p));
      const length = buffers.reduce((sum, b) => sum + b.length, 0);
      store(key, {
        headers,
        parts: buffers,
        length,
        etag: String(res.getHeader("etag")),
        bytes: length + 1024,
        ...(ownMaxAge === undefined ? {} : { expiresAt: now() + Number(ownMaxAge) * 1000 }),
      });
    }
    if (res.statusCode === 200 && fresh(req.headers, { etag: headerText(res.getHeader("etag")) })) {
      notModified(res);
      return null;
    }
    return body;
  };

  /**
   * The cache's side of a request before the application runs (on either path): checks the data
   * version when due and answers from memory when it can (null then); otherwise says how the coming
   * answer is to be kept. The middleware is mounted at the root, so `req.url` is the whole URL.
   */
  const prepare = async (req: IncomingMessage, res: ServerResponse, url: URL, nonce: string): Promise<Answer | null> => {
    const { lang, fromQuery } = resolveLanguage(url, req.headers.cookie ?? null);
    const key = cacheKey(lang, req.url);
    let useCache = options.cacheable(url);
    if (useCache) {
      try {
        await flushIfStale();
      } catch {
        // Without a known data version nothing may be stored or served from memory; the page
        // itself will report the database problem.
        useCache = false;
        forget();
      }
    }
    const hit = useCache ? lookup(key) : undefined;
    if (hit) {
      send(req, res, hit, nonce, fromQuery ? languageCookie(lang) : null, grew);
      return null;
    }
    return { nonce, key, useCache };
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = requestUrl(req.url);
    if (!url) return next();

    void (async () => {
      const answer = await prepare(req, res, url, res.locals.cspNonce);
      if (!answer) return;

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
        const body = complete(req, res, Buffer.concat(chunks), answer);
        return body ? end(body) : res;
      }) as Response["end"];
      next();
    })().catch(next);
  };

  return {
    middleware,
    serve,
    prepare,
    complete,
  };
}
