import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseCache } from "./response-cache";

let url = "";
let rendered = 0;
let throughExpress = 0;
let version = "v1";
let clockOffset = 0;
let close: () => void;
const newNonce = () => `nonce${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  const cache = responseCache({
    cacheable: (u) => [...u.searchParams.keys()].every((k) => k === "page" || k === "lang"),
    version: async () => version,
    newNonce,
    now: () => Date.now() + clockOffset,
  });
  const app = express();
  app.use((_req, res, next) => {
    throughExpress++;
    res.locals.cspNonce = newNonce();
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(cache.middleware);
  app.get("/clock", (_req, res) => {
    rendered++;
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=1");
    res.type("html").send(`<p>${rendered}</p>`);
  });
  app.get("/page", (_req, res) => {
    rendered++;
    res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script>${"<p>render</p>".repeat(200)}${rendered}`);
  });
  const server = http.createServer((req, res) => {
    if (!cache.serve(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function get(address: string, headers: Record<string, string>): Promise<http.IncomingMessage & { body: Buffer }> {
  const response = await new Promise<http.IncomingMessage>((resolve) => http.get(address, { headers }, resolve));
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Object.assign(response, { body: Buffer.concat(chunks) });
}

function nonceOf(body: string): string {
  return /nonce="([^"]+)"/.exec(body)?.[1] ?? "";
}

describe("responseCache", () => {
  it("keeps an answer whose route set its own s-maxage only that long", async () => {
    const first = await (await fetch(`${url}/clock`)).text();
    expect(await (await fetch(`${url}/clock`)).text()).toBe(first);
    clockOffset += 1000;
    expect(await (await fetch(`${url}/clock`)).text()).not.toBe(first);
  });

  it("renders a page once and serves later requests from memory with their own nonce", async () => {
    const before = rendered;
    const a = await (await fetch(`${url}/page?page=2`)).text();
    const b = await (await fetch(`${url}/page?page=2`)).text();
    expect(rendered - before).toBe(1);
    expect(a.replace(/nonce="[^"]+"/, "")).toBe(b.replace(/nonce="[^"]+"/, ""));
    expect(a).not.toBe(b);
  });

  it("answers hits before Express runs, with the stored headers and the new nonce in the CSP", async () => {
    await fetch(`${url}/page?page=3`);
    const before = throughExpress;
    const response = await fetch(`${url}/page?page=3`, {
      headers: { "Accept-Encoding": "identity" },
    });
    const body = await response.text();
    expect(throughExpress).toBe(before);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonceOf(body)}'`);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(body));
  });

  it("serves gzip spliced around the nonce, equal to the plain body", async () => {
    await fetch(`${url}/page?page=4`);
    const response = await get(`${url}/page?page=4`, {
      "Accept-Encoding": "br, gzip",
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    const body = gunzipSync(response.body).toString("utf8");
    expect(body).toContain("<p>render</p>");
    expect(response.headers["content-security-policy"]).toBe(`script-src 'nonce-${nonceOf(body)}'`);
  });

  it("answers a matching If-None-Match with 304 and no CSP", async () => {
    const first = await fetch(`${url}/page?page=5`);
    await first.text();
    const etag = first.headers.get("etag") ?? "";
    // fetch() adds Cache-Control: no-cache to conditional requests, as the Fetch standard says.
    const second = await get(`${url}/page?page=5`, { "If-None-Match": etag });
    expect(second.statusCode).toBe(304);
    expect(second.headers["content-security-policy"]).toBeUndefined();
    expect(second.headers.etag).toBe(etag);
  });

  it("keeps one copy per language and sets the cookie when ?lang chose it", async () => {
    await fetch(`${url}/page?page=6&lang=en`);
    const response = await fetch(`${url}/page?page=6&lang=en`);
    expect(response.headers.get("set-cookie")).toMatch(/^language=en/);
  });

  it("does not store HEAD answers", async () => {
    const before = rendered;
    await fetch(`${url}/page?page=7`, { method: "HEAD" });
    const page = await (await fetch(`${url}/page?page=7`)).text();
    expect(rendered - before).toBe(2);
    expect(page).toContain("<p>render</p>");
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
    clockOffset += 1000; // the version is asked at most once a second
    await fetch(`${url}/page`);
    await fetch(`${url}/page`);
    expect(rendered - before).toBe(1);
  });
});
