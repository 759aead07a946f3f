import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { limitConnections } from "./connection-limit";

let server: http.Server | undefined;
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(options: Parameters<typeof limitConnections>[1], handler: http.RequestListener = (_req, res) => res.end("ok")) {
  server = http.createServer(handler);
  const counts = limitConnections(server, options);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return { port: address.port, counts };
}

/** A socket from `localAddress`, resolved once it is closed by the server (true) or answered (false). */
function connect(port: number, localAddress: string, request?: string): { socket: net.Socket; closedUnanswered: Promise<boolean> } {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  sockets.push(socket);
  let answered = false;
  socket.on("connect", () => request && socket.write(request));
  socket.on("data", () => (answered = true));
  socket.on("error", () => undefined);
  const closedUnanswered = new Promise<boolean>((resolve) => socket.on("close", () => resolve(!answered)));
  return { socket, closedUnanswered };
}

const connected = (socket: net.Socket) => new Promise((resolve) => socket.once("connect", resolve));
const GET = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

describe("limitConnections", () => {
  it("closes an address's sockets beyond its cap unanswered, while another address is served", async () => {
    const { port, counts } = await listen({ perClient: 2, exempt: () => false, firstRequestMs: 60_000 });
    const held = [connect(port, "127.0.0.1"), connect(port, "127.0.0.1")];
    await Promise.all(held.map(({ socket }) => connected(socket)));
    await expect.poll(() => counts.of("127.0.0.1")).toBe(2);
    expect(await connect(port, "127.0.0.1", GET).closedUnanswered).toBe(true);
    expect(await connect(port, "127.0.0.2", GET).closedUnanswered).toBe(false);
    // A closed socket frees its place.
    held[0]?.socket.destroy();
    await expect.poll(() => counts.of("127.0.0.1")).toBe(1);
    expect(await connect(port, "127.0.0.1", GET).closedUnanswered).toBe(false);
  });

  it("does not count an exempt address (a trusted proxy)", async () => {
    const { port, counts } = await listen({ perClient: 1, exempt: (address) => address === "127.0.0.3", firstRequestMs: 60_000 });
    const first = connect(port, "127.0.0.3");
    await connected(first.socket);
    expect(await connect(port, "127.0.0.3", GET).closedUnanswered).toBe(false);
    expect(counts.of("127.0.0.3")).toBe(0);
  });

  it("closes a socket that sends nothing, which Node's headersTimeout never would", async () => {
    const { port } = await listen({ perClient: 10, exempt: () => false, firstRequestMs: 300 });
    expect(await connect(port, "127.0.0.1").closedUnanswered).toBe(true);
  });

  it("leaves a socket alone once its first request came, however long the answer takes", async () => {
    const { port } = await listen({ perClient: 10, exempt: () => false, firstRequestMs: 300 }, (_req, res) => setTimeout(() => res.end("late"), 900));
    expect(await connect(port, "127.0.0.1", GET).closedUnanswered).toBe(false);
  });
});
