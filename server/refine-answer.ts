import { STORE_UNAVAILABLE_ANSWER } from "~/db/store-unavailable.server";
import { jsonError, methodNotAllowedMessage } from "~/utils/json-error.server";

/** The methods a route without an action answers (the guard has answered OPTIONS and refused the rest). */
const WITHOUT_ACTION = "GET, HEAD";

/** Documents and React Router's own data requests keep their body: the error screen, the turbo stream the browser decodes. */
const KEPT_BODY = /^(text\/html|text\/x-script)/;

/**
 * What React Router answered, made what visitors and API clients are promised (issue 25): while the
 * store is away (`storeOutage`, set by handleError) a 503 with `Retry-After` instead of a 500, in the
 * JSON API's `{"error":…}` shape where the answer is no page; a 405 for a POST where no action is
 * with `Allow`, and in that shape too instead of React Router's `{"message":"Unexpected Server Error"}`.
 */
export function refineAnswer(response: Response, storeOutage: boolean, method: string): Response {
  const keepsBody = KEPT_BODY.test(response.headers.get("Content-Type") ?? "");
  if (storeOutage && response.status >= 500) {
    const { status, code, message, headers: extra } = STORE_UNAVAILABLE_ANSWER;
    if (!keepsBody) return jsonError(status, code, message, extra);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status, headers });
  }
  if (response.status === 405 && !response.headers.has("Allow")) {
    if (!keepsBody) return jsonError(405, "method_not_allowed", methodNotAllowedMessage(method), { Allow: WITHOUT_ACTION, "Cache-Control": "no-store" });
    response.headers.set("Allow", WITHOUT_ACTION);
  }
  return response;
}
