import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getMeta } from "~/models/app-meta.server";
import { createDealerToken, revokeDealerTokens } from "~/models/dealer-token.server";
import { listStockOf, STOCK_VERSION_KEY } from "~/models/dealer-stock.server";
import { STOCK_PUSH_MAX_BYTES, STOCK_PUSH_MAX_ROWS } from "~/import/stock-push-body";
import { MAX_QUANTITY } from "~/import/stock-rows";
import { makeEan13 } from "~/utils/ean";
import { STOCK_PUSHES_PER_MINUTE } from "~/import/stock-push.server";
import { type TestServer, startTestServer } from "../support/test-server";
import { withoutDemoStock } from "../support/test-store";

/**
 * PUT /api/stock/{dealerId} against the production build (decision 055): every status, and the
 * attacks of issue 29 (huge and slow bodies, malformed rows, a stolen token, floods). Each test
 * pushes for dealers of its own, so the per-dealer rate limit of one does not touch another.
 */

let server: TestServer;
let articles: { partno: string; ean: string }[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  await withoutDemoStock(server.db);
  const eans = await server.db.selectFrom("article_eans").select(["partno", "ean"]).orderBy("partno").orderBy("position").limit(20).execute();
  articles = [...new Map(eans.reverse().map((row) => [row.partno, row])).values()].slice(0, 3);
  for (const source of ["1", "2", "3", "4", "5", "6", "7", "8", "9"]) tokens.set(source, await createDealerToken(server.db, await dealerId(source), new Date()));
});
afterAll(async () => {
  await server?.close();
});

async function dealerId(source: string): Promise<number> {
  return (await server.db.selectFrom("dealers").select("id").where("source_id", "=", source).executeTakeFirstOrThrow()).id;
}
const tokenOf = (source: string) => tokens.get(source) ?? "";
const article = (i: number) => articles[i] ?? { partno: "", ean: "" };

function push(source: string, body: BodyInit | null, headers: Record<string, string> = {}, method = "PUT") {
  return fetch(`${server.url}/api/stock/${encodeURIComponent(source)}`, {
    method,
    body,
    headers: { Authorization: `Bearer ${tokenOf(source)}`, "Content-Type": "text/csv", ...headers },
  });
}
const stockOf = async (source: string) => (await listStockOf(server.db, await dealerId(source))).map((row) => [row.partno, row.gtin, row.quantity]);

describe("PUT /api/stock/{dealerId}", () => {
  let before: string | undefined;
  beforeEach(async () => {
    before = await getMeta(server.db, STOCK_VERSION_KEY);
  });

  it("200: a CSV push replaces the dealer's stock; GTINs of other brands are ignored; no-store", async () => {
    const first = await push("1", `gtin,quantity\n${article(0).ean},3\n${article(1).ean},1\n`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.json()).toMatchObject({ dealerId: "1", stored: 2, ignored: 0 });
    const second = await push("1", `${article(1).ean},4\n4006381333931,9\n`);
    expect(await second.json()).toMatchObject({ stored: 1, ignored: 1, ignoredExamples: ["4006381333931"] });
    expect(await stockOf("1")).toEqual([[article(1).partno, article(1).ean, 4]]);
    expect(await getMeta(server.db, STOCK_VERSION_KEY)).not.toBe(before);
  });

  it("200: JSON by GTIN or part number, with asOf", async () => {
    const response = await push("2", JSON.stringify({ asOf: "2026-11-27T10:00:00Z", items: [{ gtin: article(0).ean, quantity: 2 }, { partNumber: article(2).partno, quantity: 5 }] }), {
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(200);
    const rows = await listStockOf(server.db, await dealerId("2"));
    expect(rows.map((row) => [row.partno, row.quantity, row.as_of]).sort()).toEqual(
      [
        [article(0).partno, 2, "2026-11-27T10:00:00.000Z"],
        [article(2).partno, 5, "2026-11-27T10:00:00.000Z"],
      ].sort(),
    );
  });

  it("401 without a token or with a wrong or revoked one, with WWW-Authenticate; nothing stored", async () => {
    await push("3", `${article(0).ean},1\n`);
    const stored = await stockOf("3");
    const none = await push("3", `${article(0).ean},7\n`, { Authorization: "" });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="stock"');
    const wrong = await push("3", `${article(0).ean},7\n`, { Authorization: "Bearer vcs_wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="stock", error="invalid_token"');
    expect(await wrong.json()).toMatchObject({ error: { code: "unauthorized" } });
    const basic = await push("3", `${article(0).ean},7\n`, { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` });
    expect(basic.status).toBe(401);
    // An unknown dealer with a token that is nobody's: 401 too, so ids cannot be probed.
    expect((await push("no-such-dealer", `${article(0).ean},7\n`, { Authorization: "Bearer vcs_wrong" })).status).toBe(401);
    const revoked = await createDealerToken(server.db, await dealerId("3"), new Date());
    await revokeDealerTokens(server.db, await dealerId("3"), new Date());
    expect((await push("3", `${article(0).ean},7\n`, { Authorization: `Bearer ${revoked}` })).status).toBe(401);
    expect(await stockOf("3")).toEqual(stored);
    tokens.set("3", await createDealerToken(server.db, await dealerId("3"), new Date()));
  });

  it("401 also for a valid token used for another dealer, with the same body as a wrong token: a refusal does not tell that a token is valid somewhere", async () => {
    const wrong = await push("4", `${article(0).ean},7\n`, { Authorization: "Bearer vcs_wrong" });
    const other = await push("4", `${article(0).ean},7\n`, { Authorization: `Bearer ${tokenOf("5")}` });
    const unknown = await push("no-such-dealer", `${article(0).ean},7\n`, { Authorization: `Bearer ${tokenOf("5")}` });
    for (const response of [wrong, other, unknown]) expect(response.status).toBe(401);
    const bodies = await Promise.all([wrong, other, unknown].map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(new Set([wrong, other, unknown].map((response) => response.headers.get("www-authenticate")))).toEqual(new Set(['Bearer realm="stock", error="invalid_token"']));
    expect(await stockOf("4")).toEqual([]);
  });

  it("400 for a broken body, 422 naming the bad rows, 415 for another type; nothing stored", async () => {
    await push("5", `${article(0).ean},1\n`);
    const stored = await stockOf("5");
    const broken = await push("5", "{", { "Content-Type": "application/json" });
    expect(broken.status).toBe(400);
    const rows = await push("5", `gtin,quantity\n${article(1).ean},2\nnot-a-gtin,1\n${article(2).ean},-x\n`);
    expect(rows.status).toBe(422);
    expect(await rows.json()).toEqual({
      error: {
        code: "unprocessable",
        message: "2 rows are not usable; nothing was stored.",
        rows: [
          { row: 3, message: 'GTIN "not-a-gtin" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit)' },
          { row: 4, message: 'quantity "-x" is not a whole number' },
        ],
        moreRows: 0,
      },
    });
    const form = await push("5", "a=b", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect((await push("5", "x", { "Content-Type": "" })).status).toBe(415);
    expect(await stockOf("5")).toEqual(stored);
  });

  it("422 for rows that name one article twice (its GTIN and part number, or 50,000 foreign GTINs with its part number); quantities are never added up", async () => {
    await push("9", `${article(0).ean},1\n`);
    const stored = await stockOf("9");
    const json = (items: unknown[]) => push("9", JSON.stringify({ items }), { "Content-Type": "application/json" });
    const mixed = await json([{ gtin: article(1).ean, quantity: 2 }, { partNumber: article(1).partno, quantity: 3 }]);
    expect(mixed.status).toBe(422);
    expect(await mixed.json()).toEqual({
      error: { code: "unprocessable", message: "1 row names an article of an earlier row; nothing was stored.", rows: [{ row: 2, message: `the same article (${article(1).partno}) as row 1` }], moreRows: 0 },
    });
    // Issue 37: each row within MAX_QUANTITY, their sum 5·10¹⁰ (stored on SQLite, a 500 on PostgreSQL).
    const flood = Array.from({ length: STOCK_PUSH_MAX_ROWS }, (_, i) => ({ gtin: makeEan13(`299${String(i).padStart(9, "0")}`), partNumber: article(2).partno, quantity: MAX_QUANTITY }));
    const answer = await json(flood);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ error: { code: "unprocessable", rows: expect.arrayContaining([{ row: 2, message: `the same article (${article(2).partno}) as row 1` }]), moreRows: STOCK_PUSH_MAX_ROWS - 1 - 20 } });
    expect(await stockOf("9")).toEqual(stored);
  });

  it("405 for other methods, with Allow; OPTIONS names PUT", async () => {
    const get = await fetch(`${server.url}/api/stock/6`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("PUT");
    const post = await push("6", `${article(0).ean},1\n`, {}, "POST");
    expect(post.status).toBe(405);
    const del = await push("6", null, {}, "DELETE");
    expect(del.status).toBe(405);
    const options = await fetch(`${server.url}/api/stock/6`, { method: "OPTIONS" });
    expect(options.headers.get("allow")).toBe("PUT, OPTIONS");
    // PUT stays refused everywhere else.
    expect((await fetch(`${server.url}/api/reseller`, { method: "PUT", body: "x" })).status).toBe(405);
  });

  it("413 for a body over the cap, declared or streamed without a length; the upload is cut off and nothing stored", async () => {
    const declared = await push("6", new Uint8Array(STOCK_PUSH_MAX_BYTES + 1).fill(0x31));
    expect(declared.status).toBe(413);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the cap, if the server read it all (it stops at the cap).
        if (sent > STOCK_PUSH_MAX_BYTES * 8) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode(`${article(0).ean},1\n`.repeat(3800)));
      },
    });
    const streamed = await fetch(`${server.url}/api/stock/6`, {
      method: "PUT",
      body: endless,
      duplex: "half",
      headers: { Authorization: `Bearer ${tokenOf("6")}`, "Content-Type": "text/csv" },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(STOCK_PUSH_MAX_BYTES * 4);
    expect(await stockOf("6")).toEqual([]);
  });

  it("reads on a little after a 413 (a lingering close): a client still sending gets the answer, and a body that ends soon keeps the connection", async () => {
    const port = Number(new URL(server.url).port);
    const over = `${article(0).ean},1\n`.repeat(Math.ceil((STOCK_PUSH_MAX_BYTES + 1000) / 16));
    const answers = await new Promise<string>((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" }, () => {
        socket.write(`PUT /api/stock/6 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenOf("6")}\r\nContent-Type: text/csv\r\nContent-Length: ${Buffer.byteLength(over)}\r\n\r\n`);
        socket.write(over);
        socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("close", () => resolve(data));
      socket.on("error", () => resolve(data));
    });
    expect(answers.match(/^HTTP\/1\.1 \d+/gm)).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
    expect(await stockOf("6")).toEqual([]);
  });

  it("a slow body is cut off by the server's time limit, and nothing is stored", async () => {
    const port = Number(new URL(server.url).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" }, () => {
        socket.write(`PUT /api/stock/7 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenOf("7")}\r\nContent-Type: text/csv\r\nContent-Length: 10000\r\n\r\n${article(0).ean},1\n`);
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("close", () => resolve(data));
      socket.on("error", () => resolve(data));
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(answer === "" || /^HTTP\/1\.1 (408|400)/.test(answer)).toBe(true);
    expect(await stockOf("7")).toEqual([]);
  }, 30_000);

  it("429 with Retry-After when one dealer pushes too often; another dealer is not affected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < STOCK_PUSHES_PER_MINUTE + 2; i++) statuses.push((await push("8", `${article(0).ean},${i}\n`)).status);
    expect(statuses.slice(0, STOCK_PUSHES_PER_MINUTE).every((status) => status === 200)).toBe(true);
    const limited = await push("8", `${article(0).ean},99\n`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stockOf("8")).toEqual([[article(0).partno, article(0).ean, STOCK_PUSHES_PER_MINUTE - 1]]);
    expect((await push("2", `${article(0).ean},1\n`)).status).toBe(200);
  });

  it("a flood of wrong tokens from one address gets 429 after 20 failures", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 25; i++) statuses.add((await push("1", "x", { Authorization: `Bearer vcs_guess${i}` })).status);
    expect([...statuses].sort()).toEqual([401, 429]);
  });
});
