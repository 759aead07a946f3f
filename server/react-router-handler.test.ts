import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { requestUrlOf } from "./react-router-handler";

/** The URL React Router is given for one request, and Express's req.ip beside it, under a "trust proxy" setting. */
async function seen(trustProxy: boolean | number | string, headers: Record<string, string>, target = "/products?page=2") {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use((req, res) => {
    res.json({ url: requestUrlOf(req).href, ip: req.ip });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    // node:http, so that the Host header goes out exactly as given.
    return await new Promise<{ url: string; ip: string; port: number }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: target, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ ...(JSON.parse(text) as { url: string; ip: string }), port }));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

const forwarded = { "X-Forwarded-For": "203.0.113.7, 198.51.100.2", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com" };

describe("the address React Router sees", () => {
  it("is the connection's own without a trusted proxy, whatever the forwarding headers say", async () => {
    const { url, ip, port } = await seen(false, forwarded);
    expect(url).toBe(`http://127.0.0.1:${port}/products?page=2`);
    expect(ip).toBe("127.0.0.1");
  });

  it("takes protocol, host and client from a trusted proxy", async () => {
    const { url, ip } = await seen("loopback", forwarded);
    expect(url).toBe("https://www.example.com/products?page=2");
    expect(ip).toBe("198.51.100.2");
  });

  it.each(["evil.example/steal", "user@evil.example", "evil.example?x", "evil.example#x", "evil.example\\x"])(
    "keeps only the host of a Host header %j",
    async (host) => {
      const { url } = await seen(false, { Host: host });
      expect(new URL(url).host).toBe(host.split(/[\\/?#@]/)[0]);
      expect(new URL(url).pathname).toBe("/products");
    },
  );
});
