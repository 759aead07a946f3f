import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { promisify } from "node:util";
import { brotliCompress, deflate, constants as zlib, gzip } from "node:zlib";
import Negotiator from "negotiator";
import type { Logger } from "pino";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { AppLoadContext } from "react-router";
import { logCompleted, loggedUrl } from "./logger";
import { type ResponseCache, headerText, requestUrl, withVary } from "./response-cache";
import type { SecurityHeaders } from "./security-headers";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

export interface PagePathOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  cache: ResponseCache;
  securityHeaders: SecurityHeaders;
  logger: Logger;
  /** Express's compiled "trust proxy" setting: whether the hop at this index may be believed. */
  trustProxy: (address: string, hop: number) => boolean;
  /** The load context of one request, as the Express path builds it; `head` for a HEAD request rendered as GET. */
  loadContext: (res: ServerResponse, clientIp: string, head: boolean) => AppLoadContext;
}

/** Where Express must answer: files, media, tiles, the health check, and anything with a file name. */
const EXPRESS_PREFIXES = ["/assets/", "/media/", "/tiles/", "/healthz"];
/** Resource routes whose address looks like a file: rendered here like every other route. */
const ROUTES_WITH_FILE_NAMES = new Set(["/sitemap.xml", "/robots.txt"]);
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|[^;]*\+(json|xml))/;

/**
 * Pages and the JSON API read by GET or HEAD, answered without Express (decision 020). These are
 * nearly all requests that render: Express's own work per request (its request and response
 * prototypes, a dozen router layers, the Fetch adapter's streams) was a fifth of an uncached page.
 * What the Express path adds to such an answer is done here the same way, from the same sources:
 * the security headers are helmet's, worked out once; the page cache completes and stores the
 * answer; compression follows the compression middleware's choice (brotli, then gzip) off the main
 * thread; the log line is pino-http's. A test compares both paths on every route.
 */
export function pagePath(options: PagePathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const handle = createRequestHandler(options.build, "production");

  const handles = (req: IncomingMessage, pathname: string): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (EXPRESS_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    // A name with an extension may be a file of public/ (Express's static middleware); .data is React Router's.
    const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
    if (lastSegment.includes(".") && !lastSegment.endsWith(".data") && !ROUTES_WITH_FILE_NAMES.has(pathname)) return false;
    // A malformed escape is Express's 400 (its router cannot decode the path either).
    try {
      // The result is used: Rolldown takes decodeURIComponent for pure and drops a bare call, and its throw with it.
      return decodeURIComponent(pathname) !== null;
    } catch {
      return false;
    }
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const kept = await options.cache.prepare(req, res, url);
    if (!kept) return;
    for (const [name, value] of options.securityHeaders()) res.setHeader(name, value);

    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    // HEAD is rendered as GET, so its length, type, validator and caching are exactly the GET's;
    // Node sends no body for a HEAD request whatever is written.
    const request = new Request(`${protocolOf(req, options.trustProxy)}://${hostOf(req, options.trustProxy)}${req.url}`, {
      method: "GET",
      headers: headersOf(req),
      signal: controller.signal,
    });
    const response = await handle(request, options.loadContext(res, clientIpOf(req, options.trustProxy), req.method === "HEAD"));

    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, name === "content-type" ? withCharset(value) : value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    const body = Buffer.from(await response.arrayBuffer());
    const out = await options.cache.complete(req, res, body, kept);
    if (!out) return;
    await sendCompressed(req, res, out);
  };

  return (req, res) => {
    // Only origin-form targets ("/path?query"): an absolute URL in the request line is Express's.
    const url = req.url?.startsWith("/") ? requestUrl(req.url) : null;
    if (!url || !handles(req, url.pathname)) return false;
    const startedAt = performance.now();
    res.once("finish", () => logCompleted(options.logger, req, res.statusCode, startedAt));
    answer(req, res, url).catch((error: unknown) => {
      // As the Express path's error handler: a clean 500 without details, the details in the log.
      options.logger.error({ err: error, req: { method: req.method, url: loggedUrl(req.url) } }, "request failed");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 500;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ error: { code: "internal", message: "Internal server error." } }));
    });
    return true;
  };
}

/** As Express's `res.set`: a text type without a charset gets UTF-8 (mime-types' rule, for the types we answer). */
function withCharset(type: string): string {
  if (/;\s*charset=/i.test(type)) return type;
  return /^(text\/|application\/(json|javascript)\b)/i.test(type) ? `${type}; charset=utf-8` : type;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header value Node accepted but fetch's Headers does not: the Express path drops it too.
    }
  }
  return headers;
}

/** The first value of a header a trusted proxy sets, as Express reads it. */
function forwarded(req: IncomingMessage, name: string, trust: PagePathOptions["trustProxy"]): string | undefined {
  if (!trust(req.socket.remoteAddress ?? "", 0)) return undefined;
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",")[0]?.trim() || undefined;
}

export function protocolOf(req: IncomingMessage, trust: PagePathOptions["trustProxy"]): string {
  const direct = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  return forwarded(req, "x-forwarded-proto", trust) ?? direct;
}

export function hostOf(req: IncomingMessage, trust: PagePathOptions["trustProxy"]): string {
  return forwarded(req, "x-forwarded-host", trust) ?? req.headers.host ?? "localhost";
}

/** Express's `req.ip`: the socket's address, or the nearest untrusted hop of X-Forwarded-For. */
export function clientIpOf(req: IncomingMessage, trust: PagePathOptions["trustProxy"]): string {
  const socket = req.socket.remoteAddress ?? "";
  const chain = [
    socket,
    ...String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean)
      .reverse(),
  ];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop] ?? "", hop)) return chain[hop] ?? socket;
  }
  return chain[chain.length - 1] ?? socket;
}

/** As the compression middleware: Vary for every compressible type, then brotli, gzip or deflate from 1 KB on. */
async function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  let out = body;
  if (COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))) {
    res.setHeader("Vary", withVary(headerText(res.getHeader("vary")), "Accept-Encoding"));
    const encoding = new Negotiator(req).encoding(["br", "gzip", "deflate"]);
    // HEAD too: its Content-Length and Content-Encoding must be the GET's.
    const worth = body.length >= MIN_COMPRESS_BYTES && !res.getHeader("content-encoding");
    if (worth && encoding === "br") out = await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    else if (worth && encoding === "gzip") out = await gzipAsync(body);
    else if (worth && encoding === "deflate") out = await deflateAsync(body);
    if (out !== body) res.setHeader("Content-Encoding", encoding ?? "identity");
  }
  res.setHeader("Content-Length", out.length);
  res.end(out);
}

