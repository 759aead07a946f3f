/** Reading a request body with a hard size cap, whatever Content-Length claims. */

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: "unsupported_media_type" | "payload_too_large" | "bad_json" };

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || Boolean(type && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

/** How much more of a refused body is read and dropped (beyond the cap), and for how long, before the connection is closed. */
export const LINGER_BYTES = 1024 * 1024;
export const LINGER_MS = 1000;

/**
 * After a body is refused as too large: read on and drop up to `allowance` for LINGER_MS, then close
 * the connection (nginx's lingering close). A client still uploading reads the 413 first; closed at
 * once, its next write meets a reset and it sees "EPIPE" instead of the answer. A body that ends
 * within the allowance leaves the connection open for the next request.
 */
function linger(reader: ReadableStreamDefaultReader<Uint8Array>, allowance: number): void {
  let ended = false;
  const close = setTimeout(() => {
    if (!ended) reader.cancel().catch(() => {});
  }, LINGER_MS);
  close.unref();
  void (async () => {
    let dropped = 0;
    try {
      while (dropped <= allowance) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          clearTimeout(close);
          return;
        }
        dropped += value.byteLength;
      }
      // The allowance is spent: no more reading, so the client waits until the timer closes.
    } catch {
      ended = true; // the connection is gone already
    }
  })();
}

/**
 * Streams the body and stops at `maxBytes` + 1: a missing or lying Content-Length (chunked
 * transfer) cannot make the server buffer more than the cap. A refused body is lingered over
 * (`linger`), so the caller's 413 reaches a client that is still sending.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Not one byte was read: the whole body up to the cap, and the allowance beyond it, may follow.
    if (request.body) linger(request.body.getReader(), maxBytes + LINGER_BYTES);
    return null;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      linger(reader, LINGER_BYTES);
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
