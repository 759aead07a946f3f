import type http from "node:http";
import type { Socket } from "node:net";

/**
 * Limits on connections before any HTTP is read (issue 25): one address may hold only so many
 * sockets at once, so a client that opens thousands (and reopens each one the server closes) cannot
 * fill `MAX_CONNECTIONS` for everyone else; and a socket must start its first request in time.
 */
export interface ConnectionLimitOptions {
  /** Open sockets one address may hold; a further one is closed at once, unanswered. */
  perClient: number;
  /**
   * Addresses the cap does not apply to: a trusted reverse proxy carries every visitor's requests
   * over its own few addresses, and limits each visitor itself (deploy/nginx-load-balancer.conf).
   */
  exempt: (address: string) => boolean;
  /**
   * A socket that has sent no request this long after connecting is closed. Node's own
   * `headersTimeout` starts with the first byte: a socket that never sends one would be kept forever.
   */
  firstRequestMs: number;
}

export interface ConnectionCounts {
  /** Open sockets of one address (counted ones only: exempt addresses are not counted). */
  of(address: string): number;
}

/** Sockets still waiting for their first request, whose inactivity timer this module set. */
const awaitingFirstRequest = new WeakSet<Socket>();

export function limitConnections(server: http.Server, options: ConnectionLimitOptions): ConnectionCounts {
  const open = new Map<string, number>();
  // First in line, before the HTTP layer sets up a parser for a socket that is to be closed anyway.
  server.prependListener("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      // Already gone (reset before it was handed over): nothing to count.
      socket.destroy();
      return;
    }
    // With no 'timeout' listener on the server, Node destroys a socket that times out.
    socket.setTimeout(options.firstRequestMs);
    awaitingFirstRequest.add(socket);
    if (options.exempt(address)) return;
    const mine = open.get(address) ?? 0;
    if (mine >= options.perClient) {
      socket.destroy();
      return;
    }
    open.set(address, mine + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  server.prependListener("request", (req: http.IncomingMessage) => {
    // From the first request on, Node's own limits apply (headers, request and keep-alive timeouts).
    if (awaitingFirstRequest.delete(req.socket)) req.socket.setTimeout(0);
  });
  return { of: (address) => open.get(address) ?? 0 };
}
