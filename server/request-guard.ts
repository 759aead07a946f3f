import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { type ErrorCode, methodNotAllowedMessage } from "~/utils/json-error.server";

/**
 * What every request passes before any part of the application sees it (issue 12): requests no
 * route can answer are refused here with a plain status, uploads are capped per client address and
 * in all, and whatever a handler throws is answered and logged instead of ending the process.
 */
export interface RequestGuardOptions {
  logger: Logger;
  /** The security headers every answer carries (those of an ordinary page). */
  securityHeaders: () => [name: string, value: string][];
  /** The client's address as the rest of the server sees it (trust proxy applied). */
  clientIp: (req: IncomingMessage) => string;
  /** Request bodies read at the same time from one address; more get 429 at once. */
  maxUploadsPerClient?: number;
  /** Request bodies read at the same time from everyone; more get 503 at once. */
  maxUploads?: number;
}

/** The methods some route answers; everything else (TRACE, CONNECT, PUT but on the stock path, …) is 405. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
export const ALLOW_HEADER = "GET, HEAD, POST, OPTIONS";

/** The JSON API's paths (docs/http-interface.md): the provider-compatible catalogue and our own. */
const API_PATH = /^\/(api|catalog)\//;

/**
 * True when the target's query has a %-escape that does not decode (`%E0%A4%A`, a lone `%`, bytes
 * that are no UTF-8). Read leniently they become U+FFFD, and React Router re-encodes the query
 * before a loader sees it, so only here can an API still answer 400 rather than "no such article".
 */
export function hasMalformedQuery(target: string): boolean {
  const start = target.indexOf("?");
  if (start < 0) return false;
  try {
    decodeURIComponent(target.slice(start + 1).replace(/\+/g, " "));
    return false;
  } catch {
    return true;
  }
}

/** The one path that takes PUT: a dealer's system replacing its stock (decision 055). */
const PUT_TARGET = /^\/api\/stock\/[^/?#]+(\?|$)/;
const takesPut = (method: string, target: string) => method === "PUT" && PUT_TARGET.test(target);

export interface RequestGuard {
  /** True when the guard has answered the request itself. */
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers a request whose handler threw (or rejected): 500 with the usual headers, one log line. */
  failed(req: IncomingMessage, res: ServerResponse, error: unknown): void;
  /** The server's 'connect' listener: CONNECT (a proxy's tunnel) is answered 405 like any method we do not serve. */
  refuseTunnel(req: IncomingMessage, socket: Duplex): void;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function requestGuard(options: RequestGuardOptions): RequestGuard {
  const perClient = options.maxUploadsPerClient ?? 8;
  const total = options.maxUploads ?? 256;
  const uploads = new Map<string, number>();
  let uploading = 0;

  const answer = (res: ServerResponse, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) => {
    for (const [name, value] of options.securityHeaders()) res.setHeader(name, value);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.statusCode = status;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ error: { code, message } }));
  };

  /**
   * Refuses an upload without reading it: the body still on its way is not wanted, so the
   * connection closes after the answer instead of draining megabytes or waiting on a slow sender.
   */
  const refuseUpload = (res: ServerResponse, status: number, message: string) => {
    res.shouldKeepAlive = false;
    answer(res, status, status === 429 ? "too_many_requests" : "busy", message, { "Retry-After": "5", Connection: "close" });
  };

  const trackUpload = (req: IncomingMessage, res: ServerResponse): boolean => {
    const client = options.clientIp(req);
    const mine = uploads.get(client) ?? 0;
    if (mine >= perClient) {
      refuseUpload(res, 429, "Too many uploads at once from your address; try again in a moment.");
      return false;
    }
    if (uploading >= total) {
      refuseUpload(res, 503, "The server is busy; try again in a moment.");
      return false;
    }
    uploads.set(client, mine + 1);
    uploading++;
    // 'close' comes once per response, also when the client goes away mid-upload.
    res.once("close", () => {
      uploading--;
      const left = (uploads.get(client) ?? 1) - 1;
      if (left > 0) uploads.set(client, left);
      else uploads.delete(client);
    });
    return true;
  };

  return {
    refuse(req, res) {
      const method = req.method ?? "";
      const target = req.url ?? "";
      // No cross-origin API here: OPTIONS only says which methods exist.
      if (method === "OPTIONS") {
        res.setHeader("Allow", PUT_TARGET.test(target) ? "PUT, OPTIONS" : ALLOW_HEADER);
        res.statusCode = 204;
        res.end();
        return true;
      }
      // Absolute-form targets are for proxies; we are none, and their host is not ours to trust.
      if (!target.startsWith("/")) {
        answer(res, 400, "bad_request", "The request target must be a path on this server.");
        return true;
      }
      if (!ALLOWED_METHODS.has(method) && !takesPut(method, target)) {
        answer(res, 405, "method_not_allowed", methodNotAllowedMessage(method), { Allow: ALLOW_HEADER });
        return true;
      }
      // `//host/path` is a path here, but any link built from it would point at another site.
      if (target.startsWith("//")) {
        const collapsed = target.replace(/^\/{2,}/, "/");
        res.setHeader("Location", collapsed);
        answer(res, 308, "moved", "This page lives at a path with one leading slash.");
        return true;
      }
      if (API_PATH.test(target) && hasMalformedQuery(target)) {
        answer(res, 400, "bad_request", "The query has a malformed %-escape: write every byte as % and two hex digits of UTF-8.");
        return true;
      }
      return hasBody(req) && !trackUpload(req, res);
    },

    refuseTunnel(req, socket) {
      const body = JSON.stringify({ error: { code: "method_not_allowed", message: methodNotAllowedMessage("CONNECT") } });
      const head = [
        "HTTP/1.1 405 Method Not Allowed",
        ...options.securityHeaders().map(([name, value]) => `${name}: ${value}`),
        `Allow: ${ALLOW_HEADER}`,
        "Cache-Control: no-store",
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: close",
      ];
      // A client that went away leaves nothing to answer; the socket is not an HTTP response, so
      // nothing else would listen for its errors.
      socket.on("error", () => socket.destroy());
      // The server keeps half-open sockets: once written, it is closed whatever the client does.
      socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
      options.logger.warn({ req: { method: req.method, url: req.url }, res: { statusCode: 405 } }, "request refused");
    },

    failed(req, res, error) {
      options.logger.error({ err: error, req: { method: req.method, url: req.url } }, "request failed");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      try {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        answer(res, 500, "internal", "Internal server error.");
      } catch {
        res.destroy();
      }
    },
  };
}
