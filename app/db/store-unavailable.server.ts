/**
 * The one rule for "the store is unavailable": an error that says the database cannot answer at
 * the moment (stopped, unreachable, its disk full or failing, busy past the timeout), as opposed to
 * a bug or bad data. Such a failure is answered 503 with `Retry-After` (pages, the JSON API, the
 * mailer, readiness), stored answers keep being served meanwhile, and it is logged as a warning
 * without a stack: the operator needs to know the store is away, not where a query was asked.
 */

/** How long a client is asked to wait before trying again while the store is away. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLite's result codes (better-sqlite3 puts them in `code`, extended ones too: SQLITE_IOERR_WRITE):
 * a full disk or file, an I/O error, a lock held past busy_timeout, a file that cannot be opened or
 * written.
 */
const SQLITE_CODES = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|CANTOPEN|READONLY|NOMEM)/;

/** Node's socket errors, as pg reports a server it cannot reach; ENOSPC: no room for a temporary file. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ENOSPC"]);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: disk full,
 * out of memory, too many connections), 57P01–57P03 (shut down by an administrator, crashed, not
 * accepting connections yet), 58 (system error such as an I/O error).
 */
const POSTGRES_STATES = /^(08...|53...|57P0[1-3]|58...)$/;

/**
 * Failures without a code: pg and its pool when the server went away mid-connection or the pool
 * waited too long, better-sqlite3 once its handle is closed.
 */
const MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|The database connection is not open)/;

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (SQLITE_CODES.test(code) || SOCKET_CODES.has(code) || POSTGRES_STATES.test(code))) return true;
  return typeof message === "string" && MESSAGES.test(message);
}

/** True when `error`, or what caused it (a `cause` chain, an AggregateError's errors), says the store cannot answer now. */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => isStoreUnavailable(inner, depth + 1))) return true;
  return isStoreUnavailable(cause, depth + 1);
}

/** What a log line keeps of such an error: its kind and code, no stack (thousands of requests may hit it). */
export function storeErrorSummary(error: unknown): { code?: string; message: string } {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  return { ...(typeof code === "string" ? { code } : {}), message: typeof message === "string" ? message.slice(0, 200) : String(error).slice(0, 200) };
}

/** The answer of a request that needs the store while it is away (the JSON API's error shape, `Retry-After`). */
export const STORE_UNAVAILABLE_ANSWER = {
  status: 503,
  code: "unavailable",
  message: "The site's data is unavailable for a moment; try again shortly.",
  headers: { "Retry-After": String(STORE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
} as const;
