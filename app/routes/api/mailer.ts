import { CONTACT_MAX_BODY_BYTES, acceptContactMessage, contactRetryAfter } from "~/contact/accept-message.server";
import { CONTACT_ERROR_TEXT_EN } from "~/contact/contact-fields";
import { readJsonBody } from "~/contact/read-json-body.server";
import { brand } from "~/config/brand";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/mailer";

const noStore = { "Cache-Control": "no-store" };

function methodNotAllowed(): Response {
  return jsonError(405, "bad_request", "Only POST is allowed here.", { Allow: "POST", ...noStore });
}

/** GET and HEAD land here: a mailer is for posting only. */
export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/mailer/{brand-slug}: the provider-compatible mailer (specification section 7). 202
 * with the message id once the message is in the outbox; delivery by e-mail happens afterwards.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (params.slug !== brand.slug) return jsonError(404, "not_found", `No mailer for '${params.slug}'.`, noStore);

  // Over the limit already: refuse before reading a byte of the body.
  const waitSeconds = await contactRetryAfter(context);
  if (waitSeconds > 0) return tooMany(waitSeconds);

  const body = await readJsonBody(request, CONTACT_MAX_BODY_BYTES);
  if (!body.ok) {
    switch (body.reason) {
      case "unsupported_media_type":
        return jsonError(415, "unsupported_media_type", "Send the message as application/json.", { "Accept-Post": "application/json", ...noStore });
      case "payload_too_large":
        return jsonError(413, "payload_too_large", `The request body is larger than ${Math.floor(CONTACT_MAX_BODY_BYTES / 1024)} KB.`, noStore);
      case "bad_json":
        return jsonError(400, "bad_request", "The request body is not valid JSON.", noStore);
    }
  }

  const result = await acceptContactMessage(context, body.value);
  switch (result.kind) {
    case "stored":
    case "discarded":
      return accepted(result.id);
    case "rate_limited":
      return tooMany(result.retryAfter);
    case "invalid": {
      const fields = Object.fromEntries(Object.entries(result.fields).map(([field, code]) => [field, { code, message: CONTACT_ERROR_TEXT_EN[code] }]));
      return Response.json(
        { error: { code: "bad_request", message: CONTACT_ERROR_TEXT_EN[result.summary], fields } },
        { status: 400, headers: noStore },
      );
    }
  }
}

/**
 * 202 with an explicit Content-Length: without one the compression middleware cannot see that the
 * answer is tiny and gzips every response, which cost more CPU than storing the message.
 */
function accepted(id: string): Response {
  const body = JSON.stringify({ id });
  return new Response(body, {
    status: 202,
    headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), ...noStore },
  });
}

function tooMany(retryAfter: number): Response {
  return jsonError(429, "too_many_requests", `Too many messages from this address. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    "Retry-After": String(retryAfter),
    ...noStore,
  });
}
