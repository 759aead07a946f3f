import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";
import { sitePaths, withLang } from "./site-pages";

/**
 * Pages and GET API answers are made without Express (server/page-path.ts, decision 020). Whatever
 * the path, a visitor must get the same answer: these tests ask both for every route and compare.
 */
let server: TestServer;
let express: TestServer;
beforeAll(async () => {
  [server, express] = await Promise.all([startTestServer(), startTestServer({}, { expressOnly: true })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), express?.close()]);
});

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** node:http, not fetch: the exact headers and bytes, nothing decoded or added. */
function get(base: string, path: string, headers: Record<string, string>, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join("\n") : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks).toString("latin1") });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const nonceOf = (raw: Raw) => /'nonce-([^']+)'/.exec(raw.headers["content-security-policy"] ?? "")?.[1];

/**
 * What may differ between two answers to the same request: the time, the nonce and what follows
 * from it, and the framing (Express streams through the compression middleware, chunked; the page
 * path knows the length).
 */
function comparable(raw: Raw, compressed: boolean) {
  const nonce = nonceOf(raw);
  const { date: _date, "content-length": _length, "transfer-encoding": _chunked, ...headers } = raw.headers;
  const strip = (text: string) => (nonce ? text.split(nonce).join("NONCE") : text);
  return {
    status: raw.status,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, strip(value)])),
    // A compressed body holds the nonce in compressed form: those are compared decoded, below.
    body: compressed ? undefined : strip(raw.body),
  };
}

async function paths(): Promise<string[]> {
  const pages = await sitePaths(express.url);
  return [
    ...pages,
    ...pages.map((p) => withLang(p, "en")),
    "/products.data",
    "/catalog/list/categories/37",
    "/catalog/list/categories/articles/999999",
    "/api/reseller",
    "/products/articles/%E0%A4%A",
    "/products?utm_source=newsletter",
  ];
}

describe("answers made without Express", () => {
  it("are the answers Express gives, for every route, uncompressed", async () => {
    for (const path of await paths()) {
      // Uncached on both sides: a query parameter the cache does not keep.
      const unique = `${path}${path.includes("?") ? "&" : "?"}compare=${Math.random()}`;
      const [ours, theirs] = await Promise.all([get(server.url, unique, {}), get(express.url, unique, {})]);
      expect(comparable(ours, false), path).toEqual(comparable(theirs, false));
      expect(Number(ours.headers["content-length"]), path).toBe(Buffer.byteLength(ours.body, "latin1"));
    }
  });

  it("are compressed as Express compresses them, and decode to the same page", async () => {
    for (const encoding of ["br", "gzip", "br, gzip", "deflate"]) {
      for (const path of ["/impressum", "/catalog/list/categories/37", "/products.data"]) {
        const unique = `${path}?compare=${Math.random()}`;
        const [ours, theirs] = await Promise.all([
          get(server.url, unique, { "Accept-Encoding": encoding }),
          get(express.url, unique, { "Accept-Encoding": encoding }),
        ]);
        expect(comparable(ours, true), `${path} ${encoding}`).toEqual(comparable(theirs, true));
        const decoded = (raw: Raw) => {
          const bytes = Buffer.from(raw.body, "latin1");
          const text = (raw.headers["content-encoding"] === "br" ? brotliDecompressSync(bytes) : raw.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : raw.headers["content-encoding"] === "deflate" ? inflateSync(bytes) : bytes).toString("utf8");
          const nonce = nonceOf(raw);
          return nonce ? text.split(nonce).join("NONCE") : text;
        };
        expect(decoded(ours), `${path} ${encoding}`).toBe(decoded(theirs));
      }
    }
  });

  it("answer HEAD with the headers of GET and no body", async () => {
    for (const path of ["/impressum", "/catalog/list/categories/37"]) {
      const unique = `${path}?compare=${Math.random()}`;
      const [ours, theirs] = await Promise.all([get(server.url, unique, {}, "HEAD"), get(express.url, unique, {}, "HEAD")]);
      expect(ours.status, path).toBe(theirs.status);
      expect(ours.body, path).toBe("");
      const names = (raw: Raw) => Object.keys(raw.headers).filter((n) => n !== "content-length" && n !== "transfer-encoding").sort();
      expect(names(ours), path).toEqual(names(theirs));
    }
  });

  it("set the language cookie that ?lang asks for, as Express does", async () => {
    const [ours, theirs] = await Promise.all([get(server.url, "/service?lang=en", {}), get(express.url, "/service?lang=en", {})]);
    expect(ours.headers["set-cookie"]).toBeTruthy();
    expect(ours.headers["set-cookie"]).toBe(theirs.headers["set-cookie"]);
  });
});
