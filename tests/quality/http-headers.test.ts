import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMeta } from "~/models/app-meta.server";
import { type TestServer, startTestServer } from "../support/test-server";
import { sitePaths, withLang } from "./site-pages";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** node:http, not fetch: undici's fetch answers a user-made conditional request with 200 itself. */
function conditionalGet(url: string, etag: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "If-None-Match": etag, "Accept-Encoding": "gzip" } }, (res) => {
        res.resume();
        resolve(res);
      })
      .on("error", reject);
  });
}

/**
 * The bodies of a document's inline scripts that a browser runs, read the way an HTML parser reads
 * them (a script's text is raw up to the first `</script`): no src, and no type that marks a data
 * block (JSON-LD and the like).
 */
function runnableInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (type !== "" && type !== "module" && type !== "importmap" && !/javascript|ecmascript/.test(type)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

const scriptSources = (csp: string) => (/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(/\s+/);

describe("security headers", () => {
  it("are on every route, with a script policy that names each inline script by its hash", async () => {
    const headerNames = (r: Response) =>
      [...r.headers.keys()]
        .filter((n) => !["date", "keep-alive", "connection", "transfer-encoding", "content-length", "set-cookie"].includes(n))
        .sort();
    for (const path of await sitePaths(server.url)) {
      // The second answer of a cacheable page comes from memory, before Express: it must carry the same headers.
      let firstNames: string[] | null = null;
      for (const attempt of [1, 2]) {
        const response = await fetch(`${server.url}${path}`);
        if (attempt === 1) firstNames = headerNames(response);
        else expect(headerNames(response), `${path} from the page cache`).toEqual(firstNames);
        const csp = response.headers.get("content-security-policy") ?? "";
        expect(csp, path).toMatch(/(^|;)script-src 'self'( |;|$)/);
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp, path).not.toContain("'nonce-");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        // The same on every page: client-side navigation keeps the first document's policy.
        expect(response.headers.get("permissions-policy"), path).toContain("geolocation=(self)");
        expect(response.headers.get("x-powered-by"), path).toBeNull();
        expect(response.headers.get("strict-transport-security"), path).toBeNull(); // plain HTTP here
        const scripts = runnableInlineScripts(await response.text());
        expect(scripts.length, path).toBeGreaterThan(0);
        const allowed = scriptSources(csp);
        for (const script of scripts) {
          const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
          expect(allowed, `${path}: ${script.slice(0, 60)}`).toContain(hash);
        }
      }
    }
  });

  it("allows the consented analytics script by its host, and nothing inline beyond the page's own", async () => {
    const analytics = await startTestServer({ ANALYTICS_ID: "G-TEST1234", ANALYTICS_SCRIPT_URL: "https://stats.example.com/gtag.js" });
    try {
      const csp = (await fetch(`${analytics.url}/`)).headers.get("content-security-policy") ?? "";
      const sources = scriptSources(csp);
      expect(sources).toContain("https://www.googletagmanager.com");
      expect(sources).toContain("https://stats.example.com");
      expect(sources.filter((source) => source.startsWith("'") && source !== "'self'").every((source) => source.startsWith("'sha256-"))).toBe(true);
    } finally {
      await analytics.close();
    }
  });

  it("sends HSTS when the site is served over HTTPS", async () => {
    const https = await startTestServer({
      SITE_URL: "https://www.example.com",
    });
    try {
      expect((await fetch(`${https.url}/`)).headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});

describe("caching", () => {
  it("answers a cached page with the bytes of the answer that stored it", async () => {
    for (const encoding of ["br, gzip", "gzip", "identity"]) {
      const first = await request(`${server.url}/impressum?page=1`, "GET", { "Accept-Encoding": encoding });
      const second = await request(`${server.url}/impressum?page=1`, "GET", { "Accept-Encoding": encoding });
      const { date: _a, ...firstHead } = first.headers;
      const { date: _b, ...secondHead } = second.headers;
      expect(secondHead, encoding).toEqual(firstHead);
      expect(second.body.equals(first.body), encoding).toBe(true);
    }
  });

  it("answers 304 to a matching ETag", async () => {
    for (const path of ["/products", withLang("/products", "en"), "/catalog/list/categories/37", "/api/reseller"]) {
      const first = await fetch(`${server.url}${path}`);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      expect(first.headers.get("cache-control"), path).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+|stale-while-revalidate=\d+/);
      const again = await conditionalGet(`${server.url}${path}`, etag!);
      expect(again.statusCode, path).toBe(304);
      expect(again.headers.etag, path).toBe(etag);
      // A browser stores a 304's headers with the page it already has: another policy would block its scripts.
      expect(again.headers["content-security-policy"] ?? first.headers.get("content-security-policy"), path).toBe(
        first.headers.get("content-security-policy"),
      );
    }
  });

  it("keys pages by language and drops them when the data changes", async () => {
    const de = await (await fetch(`${server.url}/service`)).text();
    const en = await (
      await fetch(`${server.url}/service`, {
        headers: { Cookie: "language=en" },
      })
    ).text();
    expect(de).toContain('<html lang="de"');
    expect(en).toContain('<html lang="en"');
    expect((await fetch(`${server.url}/service`)).headers.get("vary")).toMatch(/Cookie/);

    const before = (await fetch(`${server.url}/products`)).headers.get("etag");
    await server.db.updateTable("categories").set({ name_de: "Griffe neu" }).where("name_de", "=", "Lenkergriffe").execute();
    await setMeta(server.db, "data_version", "changed-by-test");
    server.advanceClock(1000); // the version is checked at most once a second
    const after = await fetch(`${server.url}/products`);
    expect(after.headers.get("etag")).not.toBe(before);
    expect(await after.text()).toContain("Griffe neu");
  });

  it("marks the language cookie Secure when the site is served over https, and only then", async () => {
    const plain = await fetch(`${server.url}/service?lang=en`);
    expect(plain.headers.get("set-cookie")).toMatch(/^language=en; /);
    expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/i);
    const https = await startTestServer({ SITE_URL: "https://www.example.com" });
    try {
      // Uncached, then from the page cache: the stored answer keeps the attribute.
      for (const round of [1, 2]) {
        const cookie = (await fetch(`${https.url}/service?lang=en`)).headers.get("set-cookie");
        expect(cookie, `request ${round}`).toMatch(/^language=en; .*; Secure$/);
      }
    } finally {
      await https.close();
    }
  });

  it("serves hashed assets as immutable for a year, compressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`, {
      headers: { "Accept-Encoding": "br, gzip" },
    });
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toMatch(/br|gzip/);
  });
});

/** One request through node:http (fetch would decompress and drop what HEAD leaves out). */
function request(url: string, method: "GET" | "HEAD", headers: Record<string, string> = {}): Promise<http.IncomingMessage & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
      })
      .on("error", reject)
      .end();
  });
}

describe("HEAD", () => {
  /**
   * What must be alike: everything but the date, the connection and the framing (an answer that is
   * compressed while it is sent goes out chunked; its HEAD has no body to frame, RFC 9110 9.3.2).
   */
  const comparable = (res: http.IncomingMessage) => {
    const { date: _date, connection: _connection, "keep-alive": _keepAlive, "transfer-encoding": _framing, ...rest } = res.headers;
    return rest;
  };

  it("carries exactly the headers of the GET on every route and API, cached or not", { timeout: 120_000 }, async () => {
    const fresh = await startTestServer();
    try {
      const paths = [
        ...(await sitePaths(fresh.url)).flatMap((p) => [p, withLang(p, "en")]),
        "/catalog/list/categories/37",
        "/api/reseller",
        "/sitemap.xml",
        "/robots.txt",
      ];
      for (const path of paths) {
        for (const encoding of ["br, gzip", "identity"]) {
          const headers = { "Accept-Encoding": encoding };
          // Nothing of this page is in the page cache before the first GET, which stores it.
          const headFirst = await request(`${fresh.url}${path}`, "HEAD", headers);
          const getFirst = await request(`${fresh.url}${path}`, "GET", headers);
          const headCached = await request(`${fresh.url}${path}`, "HEAD", headers);
          const getCached = await request(`${fresh.url}${path}`, "GET", headers);
          const label = `${path} (${encoding})`;
          expect(headFirst.body.length, label).toBe(0);
          expect(headFirst.statusCode, label).toBe(getFirst.statusCode);
          expect(comparable(headFirst), `${label}, uncached`).toEqual(comparable(getFirst));
          expect(comparable(headCached), `${label}, cached`).toEqual(comparable(getCached));
          for (const get of [getFirst, getCached]) {
            if (get.headers["content-length"]) expect(Number(get.headers["content-length"]), label).toBe(get.body.length);
          }
        }
      }
    } finally {
      await fresh.close();
    }
  });
});
