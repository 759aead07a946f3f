import { readBodyCapped } from "~/contact/read-json-body.server";
import { mediaType, parsePushBody, STOCK_PUSH_MAX_BYTES } from "~/import/stock-push-body";
import { applyStockPush, authorisePush } from "~/import/stock-push.server";
import { STOCK_LOCK_WAIT_MS, StockBusyError } from "~/models/dealer-stock.server";
import { bearerToken } from "~/utils/secret-token.server";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/stock";

const noStore = { "Cache-Control": "no-store" };
/** RFC 6750: what a client without a valid bearer token is told. */
const challenge = (error?: "invalid_token") => ({ "WWW-Authenticate": `Bearer realm="stock"${error ? `, error="${error}"` : ""}`, ...noStore });

function methodNotAllowed(): Response {
  return jsonError(405, "method_not_allowed", "Only PUT is allowed here: it replaces the dealer's stock.", { Allow: "PUT", ...noStore });
}

/** GET and HEAD: stock goes in here, it is never read back. */
export function loader() {
  return methodNotAllowed();
}

/**
 * PUT /api/stock/{dealerId}: a dealer's merchandise system replaces the dealer's stock (issue 29,
 * decision 055, docs/stock-interface.md). Checked in the order that costs least: the token, the
 * dealer's rate, the content type, then the body, read to at most STOCK_PUSH_MAX_BYTES. Nothing is
 * stored unless every row is usable.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const limits = context.stockPushLimits;
  const refused = (message: string, headers: Record<string, string>) => {
    // Guessing is hopeless (256-bit tokens), but a client that keeps failing is slowed down all the same.
    const wait = limits.failuresPerClient.take(context.clientIp);
    if (wait > 0) return jsonError(429, "too_many_requests", `Too many failed attempts. Try again in ${wait} s.`, { "Retry-After": String(wait), ...noStore });
    return jsonError(401, "unauthorized", message, headers);
  };

  const token = bearerToken(request.headers.get("Authorization"));
  if (!token) return refused("Send the dealer's token: Authorization: Bearer <token>.", challenge());
  const auth = await authorisePush(context.db, params.dealerId, token);
  // One answer for a wrong, revoked or another dealer's token and an unknown dealer: which it was is the attacker's question.
  if (auth.kind !== "ok") return refused("The token is not valid for this dealer.", challenge("invalid_token"));

  const wait = limits.perDealer.take(String(auth.dealerId));
  if (wait > 0) return jsonError(429, "too_many_requests", `Too many pushes for this dealer. Try again in ${wait} s.`, { "Retry-After": String(wait), ...noStore });

  const type = mediaType(request.headers.get("Content-Type"));
  if (!type) return jsonError(415, "unsupported_media_type", "Send text/csv (gtin,quantity) or application/json.", { "Accept-Put": "text/csv, application/json", ...noStore });
  const bytes = await readBodyCapped(request, STOCK_PUSH_MAX_BYTES);
  if (!bytes) {
    return jsonError(413, "payload_too_large", `The body is larger than ${STOCK_PUSH_MAX_BYTES / 1024 / 1024} MB.`, noStore);
  }
  const received = new Date();
  const body = parsePushBody(type, bytes, received);
  if (!body.ok) {
    const code = body.status === 422 ? "unprocessable" : "bad_request";
    const rows = body.rows ? { rows: body.rows, moreRows: body.moreRows ?? 0 } : {};
    return Response.json({ error: { code, message: body.message, ...rows } }, { status: body.status, headers: noStore });
  }
  let result: Awaited<ReturnType<typeof applyStockPush>>;
  try {
    result = await applyStockPush(context.db, auth.dealerId, body.items, body.asOf, received);
  } catch (error) {
    if (!(error instanceof StockBusyError)) throw error;
    // A write of this dealer's stock held the lock past STOCK_LOCK_WAIT_MS (a large import): nothing was stored.
    const wait = String(Math.ceil(STOCK_LOCK_WAIT_MS / 1000));
    return jsonError(409, "busy", `Another push or a stock import is writing this dealer's stock; nothing was stored. Try again in ${wait} s.`, { "Retry-After": wait, ...noStore });
  }
  if (!result.ok) {
    return Response.json({ error: { code: "unprocessable", message: result.message, rows: result.rows, moreRows: result.moreRows } }, { status: 422, headers: noStore });
  }
  const { ok: _ok, ...outcome } = result;
  return Response.json({ dealerId: params.dealerId, asOf: body.asOf, ...outcome, notes: body.notes }, { status: 200, headers: noStore });
}
