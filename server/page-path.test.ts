import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { clientIpOf, hostOf, protocolOf } from "./page-path";

type Trust = (address: string, hop: number) => boolean;

/**
 * Asks one request of a server that reads it twice: with the page path's functions, and through an
 * Express app with the same "trust proxy" setting, whose req.ip, req.protocol and req.hostname are
 * what the Express path gives React Router.
 */
async function both(trustProxy: boolean | number | string, headers: Record<string, string>) {
  const app = express();
  app.set("trust proxy", trustProxy);
  const trust = app.get("trust proxy fn") as Trust;
  let ours: { ip: string; protocol: string; host: string } | undefined;
  app.use((req, res) => {
    res.json({ ip: req.ip, protocol: req.protocol, host: req.hostname });
  });
  const server = http.createServer((req, res) => {
    ours = { ip: clientIpOf(req, trust), protocol: protocolOf(req, trust), host: hostOf(req, trust).split(":")[0] ?? "" };
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const theirs = (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as typeof ours;
    return { ours, theirs };
  } finally {
    server.close();
  }
}

describe("the page path reads client address, protocol and host as Express does", () => {
  const forwarded = { "X-Forwarded-For": "203.0.113.7, 198.51.100.2", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com" };

  it.each([false, true, 1, 2, 3, "loopback", "10.0.0.0/8", "loopback, 198.51.100.2"])("with trust proxy %s", async (trust) => {
    const { ours, theirs } = await both(trust, forwarded);
    expect(ours).toEqual(theirs);
  });

  it("without forwarding headers", async () => {
    const { ours, theirs } = await both(true, {});
    expect(ours).toEqual(theirs);
  });
});
