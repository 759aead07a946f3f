import { pino, type Logger } from "pino";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "velocat" },
    // Visitors' addresses and cookies are personal data: keep them out of the logs.
    redact: { paths: ["req.headers.cookie", "req.remoteAddress", "req.remotePort", 'res.headers["set-cookie"]'], remove: true },
  });
}

/** The level of a finished request's log line: the same rule on every path. */
export function levelFor(status: number, error?: unknown): "error" | "warn" | "info" {
  return error || status >= 500 ? "error" : status >= 400 ? "warn" : "info";
}

/**
 * The line pino-http writes when a request through Express finishes, for answers made without
 * Express (the page cache's hits, the page path).
 */
/** Query parameters a visitor fills in (a place, a name, a position): logged as present, not as typed. */
const PRIVATE_PARAMS = /([?&](?:q|lat|lng)=)[^&#]*/g;

/** The request target as logs keep it: the privacy page promises that dealer searches are not stored. */
export function loggedUrl(url: string | undefined): string | undefined {
  return url?.includes("?") ? url.replace(PRIVATE_PARAMS, "$1_") : url;
}

export function logCompleted(logger: Logger, req: { method?: string; url?: string }, status: number, startedAt: number): void {
  const level = levelFor(status);
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    { req: { method: req.method, url: loggedUrl(req.url) }, res: { statusCode: status }, responseTime: Math.round(performance.now() - startedAt) },
    "request completed",
  );
}
