import type http from "node:http";
import type { Logger } from "pino";

/** The pages most visits begin with, in both languages. */
export const WARM_UP_PATHS = ["/", "/?lang=en", "/products", "/products?lang=en"] as const;

/**
 * Asks the server for its first pages once before it reports ready (`/readyz`): the catalogue memos,
 * the page cache and the JIT are warm when a load balancer sends the first visitors. Over loopback,
 * to the address the server listens on; a page that fails only costs its warmth, and is logged.
 */
export async function warmUp(server: http.Server, logger: Logger, paths: readonly string[] = WARM_UP_PATHS): Promise<void> {
  const address = server.address();
  if (!address || typeof address === "string") return;
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  const started = Date.now();
  for (const path of paths) {
    try {
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        headers: { "user-agent": "velocat-warm-up" },
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      if (!response.ok) logger.warn({ path, status: response.status }, "warm-up page did not answer 200");
    } catch (error) {
      logger.warn({ path, err: error }, "warm-up request failed");
    }
  }
  logger.info({ pages: paths.length, ms: Date.now() - started }, "warmed up");
}
