import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseCache } from "./response-cache";

let url = "";
let rendered = 0;
let version = "v1";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${Math.random().toString(36).slice(2)}`;
    next();
  });
  app.use(
    responseCache({
      cacheable: (req) => Object.keys(req.query).every((k) => k === "page"),
      version: async () => version,
    }),
  );
  app.get("/page", (_req, res) => {
    rendered++;
    res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script>render ${rendered}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("responseCache", () => {
  it("renders a page once and serves later requests from memory with their own nonce", async () => {
    const before = rendered;
    const a = await (await fetch(`${url}/page?page=2`)).text();
    const b = await (await fetch(`${url}/page?page=2`)).text();
    expect(rendered - before).toBe(1);
    expect(a.replace(/nonce="[^"]+"/, "")).toBe(b.replace(/nonce="[^"]+"/, ""));
    expect(a).not.toBe(b);
  });

  it("does not store requests the predicate refuses", async () => {
    const before = rendered;
    await fetch(`${url}/page?utm_source=x`);
    await fetch(`${url}/page?utm_source=x`);
    expect(rendered - before).toBe(2);
  });

  it("renders again after the data version changes", async () => {
    await fetch(`${url}/page`);
    const before = rendered;
    version = "v2";
    await new Promise((r) => setTimeout(r, 1100));
    await fetch(`${url}/page`);
    expect(rendered - before).toBe(1);
  });
});
