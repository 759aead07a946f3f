import { createGunzip, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gzipTemplate, gzipWithNonce } from "./gzip-template";

async function gunzipStreaming(body: Buffer): Promise<string> {
  const gunzip = createGunzip();
  const out: Buffer[] = [];
  gunzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => gunzip.on("end", resolve).on("error", reject));
  // Byte by byte at the seams too: a decoder that sees the body in small pieces must agree.
  for (let i = 0; i < body.length; i += 7) gunzip.write(body.subarray(i, i + 7));
  gunzip.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("gzip template", () => {
  it("decodes to the parts joined by the nonce, for any parts and nonce", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 300 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.base64String({ minLength: 1, maxLength: 64 }),
        (parts, nonce) => {
          const template = gzipTemplate(parts.map((p) => Buffer.from(p)));
          const body = Buffer.concat(gzipWithNonce(template, Buffer.from(nonce)));
          expect(gunzipSync(body).toString("utf8")).toBe(parts.join(nonce));
        },
      ),
    );
  });

  it("gives a different, valid body per nonce and is much smaller than the page", async () => {
    const page = `<!DOCTYPE html><html><head><script nonce="§"></script></head><body>${"<p>Lenkergriffe ergonomisch</p>".repeat(800)}<script nonce="§">x()</script></body></html>`;
    const template = gzipTemplate(page.split("§").map((p) => Buffer.from(p)));
    const a = Buffer.concat(gzipWithNonce(template, Buffer.from("AAAAAAAAAAAAAAAAAAAAAA==")));
    const b = Buffer.concat(gzipWithNonce(template, Buffer.from("BBBBBBBBBBBBBBBBBBBBBB==")));
    expect(await gunzipStreaming(a)).toBe(page.replaceAll("§", "AAAAAAAAAAAAAAAAAAAAAA=="));
    expect(await gunzipStreaming(b)).toBe(page.replaceAll("§", "BBBBBBBBBBBBBBBBBBBBBB=="));
    expect(a.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it("refuses a nonce too long for one stored block", () => {
    const template = gzipTemplate([Buffer.from("a"), Buffer.from("b")]);
    expect(() => gzipWithNonce(template, Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
