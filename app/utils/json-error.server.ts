/** Every JSON error of the API has this one shape: `{ error: { code, message } }`. */
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "too_many_requests"
  | "busy"
  | "moved"
  | "upstream_unavailable"
  | "method_not_allowed"
  | "unavailable"
  | "internal";

/** What a 405 says, wherever it is answered (the request guard, a tunnel, a route without an action). */
export function methodNotAllowedMessage(method: string): string {
  return `${method} is not supported here.`;
}

export function jsonError(status: number, code: ErrorCode, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message } }, { status, headers });
}

/** API answers may be cached briefly by browsers and proxies; the data changes only on re-seed. */
export const apiCacheHeaders = { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };

