import { describe, expect, it } from "vitest";
import { isJsonContentType, readBodyCapped, readJsonBody } from "./read-json-body.server";

function streamOf(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
}

const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://x/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBodyCapped", () => {
  it("returns the body up to the cap", async () => {
    expect((await readBodyCapped(request("abc"), 3))?.byteLength).toBe(3);
  });

  it("stops reading a stream at the cap, whatever Content-Length says", async () => {
    expect(await readBodyCapped(request(streamOf(100, 1024)), 4096)).toBeNull();
    expect(await readBodyCapped(request("x".repeat(10), { "Content-Length": "1000000" }), 64)).toBeNull();
  });
});

describe("readJsonBody", () => {
  it("accepts JSON content types only", () => {
    expect(isJsonContentType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/vnd.api+json")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("tells the reasons apart", async () => {
    const json = { "Content-Type": "application/json" };
    expect(await readJsonBody(request('{"a":1}', json), 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonBody(request("{", json), 100)).toEqual({ ok: false, reason: "bad_json" });
    expect(await readJsonBody(request(new Uint8Array([0x22, 0xff, 0x22]), json), 100)).toEqual({ ok: false, reason: "bad_json" });
    expect(await readJsonBody(request("{}", { "Content-Type": "text/plain" }), 100)).toEqual({ ok: false, reason: "unsupported_media_type" });
    expect(await readJsonBody(request("x".repeat(200), json), 100)).toEqual({ ok: false, reason: "payload_too_large" });
  });
});
