import { type DestinationStream, pino, type Logger } from "pino";

/** Without a destination, pino's default: stdout, each line handed to the thread pool at once (tests and benches log nothing). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "velocat" },
    // Visitors' addresses and cookies are personal data: keep them out of the logs.
    redact: { paths: ["req.headers.cookie", "req.remoteAddress", "req.remotePort", 'res.headers["set-cookie"]'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The server's stdout. pino's default destination starts a write through libuv's thread pool for
 * nearly every line, and with the request line that round trip was half the cost of a cache hit
 * (issue 15). Here lines are collected and written once 4 KB have gathered, or after at most a
 * second when the site is quiet, so a person reading the log is not kept waiting.
 * What is still buffered when the process ends is written by `exitWhenLogged`, and by pino's own
 * exit hook when something calls `process.exit` directly; `logger.fatal` writes synchronously.
 */
export function bufferedStdout(): LogDestination {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/**
 * Exits once every line is written. `flushSync` alone could overtake (and cut into) a write the
 * thread pool has in flight, so it waits for that first; after two seconds (stdout blocked by a
 * reader that stopped reading) it exits with what it has.
 */
export function exitWhenLogged(destination: LogDestination, code: number): void {
  const exit = () => {
    try {
      destination.flushSync();
    } catch {
      // Destroyed or broken pipe: nothing more can be written.
    }
    process.exit(code);
  };
  setTimeout(exit, 2000);
  try {
    destination.flush(exit);
  } catch {
    exit();
  }
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
