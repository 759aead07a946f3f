import type { ZodMiniType } from "zod/mini";

/** A provider's host failed or sent what we cannot read. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
}

const TIMEOUT_MS = 5000;

/** The JSON at `url` checked against `schema`; null for a 404. Shared by the remote catalogue and the remote dealer list. */
export async function fetchJson<T>(url: string, schema: ZodMiniType<T>): Promise<T | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch (error) {
    throw new UpstreamError(`GET ${url} failed: ${(error as Error).message}`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new UpstreamError(`GET ${url} answered ${response.status}`);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new UpstreamError(`GET ${url} sent an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}
