import { type DestinationStream, pino, type Logger } from "pino";
import { paramsReadAt } from "./route-params";

/**
 * Visitors' addresses and cookies are personal data: a request or response in a log line is only
 * ever its method, its target (with typed-in places and positions blanked) and its status. These
 * serializers apply to every line, so nothing else of a request can reach the log. They replace
 * pino's `redact`, which walked every line for paths that were never there and cost a third of
 * a request line's time (issue 15).
 */
export const logSerializers = {
  req: (req: { method?: string; url?: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  /** A `url` beside the request (React Router's handleError, the error handler): the same redaction. */
  url: (url: unknown) => (typeof url === "string" ? loggedUrl(url) : url),
  /** An error's message and stack can quote a URL (React Router's "You made a POST request to …"). */
  err: (error: unknown) => {
    const plain = pino.stdSerializers.err(error as Error) as unknown;
    if (typeof plain !== "object" || plain === null) return plain;
    const fields = plain as { message?: unknown; stack?: unknown };
    if (typeof fields.message === "string") fields.message = blankPrivateParams(fields.message);
    if (typeof fields.stack === "string") fields.stack = blankPrivateParams(fields.stack);
    return fields;
  },
};

/** Without a destination, pino's default: stdout, each line handed to the thread pool at once (tests and benches log nothing). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: "velocat" }, serializers: logSerializers };
  return destination ? pino(options, destination) : pino(options);
}

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The server's stdout, buffered: lines are collected and written 4 KB at a time (about twenty
 * request lines), and at least once a second when the site is quiet, so a person reading the log
 * is not kept waiting. A write per line was half the cost of a cache hit (issue 15).
 * The batches are written synchronously, by the request that fills one. Written through the thread
 * pool instead, on a core the server keeps busy, the writes fell behind the lines: the backlog grew
 * resident memory by 100 MB in a one-minute soak. A synchronous 4 KB write costs a fraction of a
 * microsecond per line and the buffer never outgrows one batch. `maxWrite` stays small because
 * sonic-boom measures the pending chunk's byte length on every line (32 KB chunks cost twice as much
 * per line: 5.7–7.9 against 2.6 µs measured).
 * What is still buffered when the process ends is written by `exitWhenLogged`, and by pino's own
 * exit hook when something calls `process.exit` directly.
 */
export function bufferedStdout(): LogDestination {
  return pino.destination({ dest: 1, sync: true, minLength: 4096, maxWrite: 8192, periodicFlush: 1000 });
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

/**
 * The level of a finished request's log line: the same rule on every path. A client's mistake (4xx)
 * and a 503 (load shed, the store away: both expected, their cause logged once where it is found) are
 * warnings; other 5xx and a failure in an answer that went out fine are errors.
 */
export function levelFor(status: number, error?: unknown): "error" | "warn" | "info" {
  if (status === 503 || (status >= 400 && status < 500)) return "warn";
  return error || status >= 500 ? "error" : "info";
}

/**
 * pino-http's fields for an answer of 500 or more: it adds an error made up from the status, whose
 * stack only says where pino-http is (836 bytes a line in a burst of 503s); kept only for errors.
 */
export function requestErrorFields(status: number, fields: Record<string, unknown>): Record<string, unknown> {
  if (levelFor(status) === "error") return fields;
  const { err: _synthetic, ...rest } = fields;
  return rest;
}

/** Query parameters a visitor fills in (a place, a name, a position): logged as present, not as typed. */
const PRIVATE_PARAMS = new Set(["q", "lat", "lng"]);
/** In free text (an error's message): the same names as written. */
const PRIVATE_PARAMS_IN_TEXT = /([?&](?:q|lat|lng)=)[^&#\s"'`]*/g;
/** Longer targets are cut: a client chooses them, up to Node's 16 KB header limit. */
export const LOGGED_URL_CHARS = 300;

function blankPrivateParams(text: string): string {
  return text.includes("=") ? text.replace(PRIVATE_PARAMS_IN_TEXT, "$1_") : text;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/**
 * The request target as logs keep it: the privacy page promises that dealer searches are not
 * stored. The path of an absolute URL (React Router's), only the parameters its route reads
 * (server/route-params.ts; `?Q=`, `?plz=` or `?q[]=` are read by none and left out), typed-in ones
 * blanked under any spelling the site would read them by (`%71=` is `q=`), cut to LOGGED_URL_CHARS.
 */
export function loggedUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let target = /^https?:\/\//i.test(url) ? url.replace(/^https?:\/\/[^/?#]*/i, "") || "/" : url;
  const query = target.indexOf("?");
  if (query !== -1) {
    const fragment = target.indexOf("#", query);
    const end = fragment === -1 ? target.length : fragment;
    const read = paramsReadAt(target.slice(0, query));
    const params = target
      .slice(query + 1, end)
      .split("&")
      .map((part) => {
        const equals = part.indexOf("=");
        const name = equals === -1 ? part : part.slice(0, equals);
        const decoded = decodedName(name);
        if (!read.has(decoded)) return null;
        return PRIVATE_PARAMS.has(decoded) ? `${name}=_` : part;
      })
      .filter((part) => part !== null);
    target = `${target.slice(0, params.length > 0 ? query + 1 : query)}${params.join("&")}${target.slice(end)}`;
  }
  return target.length > LOGGED_URL_CHARS ? `${target.slice(0, LOGGED_URL_CHARS)}…` : target;
}

/**
 * The line pino-http writes when a request through Express finishes, for answers made without
 * Express (the page cache's hits, the page path).
 */
export function logCompleted(logger: Logger, req: { method?: string; url?: string }, status: number, startedAt: number): void {
  const level = levelFor(status);
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    { req, res: { statusCode: status }, responseTime: Math.round(performance.now() - startedAt) },
    "request completed",
  );
}
