import { isJsonContentType, readBodyCapped } from "~/contact/read-json-body.server";
import { acceptDealerClick, takeDealerClick } from "~/dealers/stats/accept-dealer-click.server";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/dealer-click";

/** `{"dealer":"<slug of at most 88 characters>","kind":"directions"}` is about 130 bytes. */
const MAX_BODY_BYTES = 1024;

const noStore = { "Cache-Control": "no-store" };

function methodNotAllowed(): Response {
  return jsonError(405, "bad_request", "Only POST is allowed here.", { Allow: "POST", ...noStore });
}

/** `sendBeacon` sends a string as text/plain;charset=UTF-8; fetch or a Blob may say JSON. */
function isAcceptedType(header: string | null): boolean {
  return isJsonContentType(header) || header?.split(";")[0]?.trim().toLowerCase() === "text/plain";
}

/**
 * Another site's page could make its visitors' browsers post here (a text/plain POST needs no
 * CORS preflight) and inflate one dealer's counts. Browsers say where a request comes from.
 */
function isFromElsewhere(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    // "null" from a sandboxed frame or a file.
    return true;
  }
}

/** GET and HEAD land here: the endpoint only takes beacons. */
export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/stats/dealer-click `{dealer, kind}`: one click on a dealer's phone, e-mail, web or
 * directions link (issue 14). 204 once counted; nothing personal is read or kept, no cookie set.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (isFromElsewhere(request)) return jsonError(403, "forbidden", "Clicks are counted from this site's own pages only.", noStore);

  // Over the limit already: refuse before reading a byte of the body.
  const waitSeconds = takeDealerClick(context);
  if (waitSeconds > 0) {
    return jsonError(429, "too_many_requests", "Too many clicks from this address.", { "Retry-After": String(waitSeconds), ...noStore });
  }
  if (!isAcceptedType(request.headers.get("Content-Type"))) {
    return jsonError(415, "unsupported_media_type", "Send the click as application/json or text/plain holding JSON.", {
      "Accept-Post": "application/json, text/plain",
      ...noStore,
    });
  }
  const bytes = await readBodyCapped(request, MAX_BODY_BYTES);
  if (!bytes) {
    return jsonError(413, "payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, noStore);
  }
  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return jsonError(400, "bad_request", "The request body is not valid JSON.", noStore);
  }

  const result = await acceptDealerClick(context, input);
  switch (result.kind) {
    case "counted":
      return new Response(null, { status: 204, headers: noStore });
    case "invalid":
      return jsonError(400, "bad_request", 'Send {"dealer": "<dealer slug>", "kind": "phone" | "email" | "web" | "directions"}.', noStore);
    case "unknown_dealer":
      return jsonError(404, "not_found", "No dealer with that slug.", noStore);
  }
}
