/** Reading a request body with a hard size cap, whatever Content-Length claims. */

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: "unsupported_media_type" | "payload_too_large" | "bad_json" };

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || Boolean(type && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

/**
 * Streams the body and stops at `maxBytes` + 1: a missing or lying Content-Length (chunked
 * transfer) cannot make the server buffer more than the cap.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not cancel(): the Node adapter would destroy the socket and the 413 could not be sent. The
      // caller answers with `Connection: close`, which ends the upload after the answer.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBodyResult> {
  if (!isJsonContentType(request.headers.get("Content-Type"))) return { ok: false, reason: "unsupported_media_type" };
  const bytes = await readBodyCapped(request, maxBytes);
  if (!bytes) return { ok: false, reason: "payload_too_large" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "bad_json" };
  }
}
