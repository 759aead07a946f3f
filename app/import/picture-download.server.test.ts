import type { Database } from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refusedAddress } from "./download-addresses.server";
import { PictureDownloads } from "./picture-download.server";

/**
 * A real JPEG as an intranet PIM might serve it: EXIF with internal notes, and bytes after the
 * image's end (a ZIP appended, say), which a byte-for-byte copy would republish.
 */
const SECRET = "fileserver01 intern";
const JPEG = Buffer.concat([
  await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } }).withExif({ IFD0: { ImageDescription: SECRET, Copyright: SECRET } }).jpeg().toBuffer(),
  Buffer.from(`PK\x03\x04 ${SECRET} trailing bytes`, "latin1"),
]);
const PNG = await sharp({ create: { width: 20, height: 20, channels: 4, background: "#36c8" } }).png().toBuffer();
/** Starts like a JPEG, then nothing a decoder can read (issue 37). */
const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]), Buffer.alloc(2048, 7)]);

describe("picture downloads", () => {
  let server: http.Server;
  let base: string;
  let dataDir: string;
  const hits = new Map<string, number>();
  const conditional: string[] = [];
  let version = "v1";
  let poolBusy: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = req.url ?? "/";
      hits.set(url, (hits.get(url) ?? 0) + 1);
      switch (url.split("?")[0]) {
        case "/ok.jpg":
          if (req.headers["if-none-match"]) conditional.push(String(req.headers["if-none-match"]));
          if (req.headers["if-none-match"] === `"${version}"`) {
            res.writeHead(304, { ETag: `"${version}"` }).end();
            return;
          }
          res.writeHead(200, { "Content-Type": "image/jpeg", ETag: `"${version}"`, "Last-Modified": new Date(0).toUTCString() }).end(JPEG);
          return;
        case "/fresh.png":
          res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" }).end(PNG);
          return;
        case "/fake.jpg":
          res.writeHead(200, { "Content-Type": "image/jpeg" }).end(FAKE_JPEG);
          return;
        case "/page.jpg":
          res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Not found</title><p>Sorry, this product image is gone.</p>");
          return;
        case "/missing.jpg":
          res.writeHead(404).end("not found");
          return;
        case "/broken.jpg":
          res.writeHead(500).end();
          return;
        case "/slow.jpg":
          res.writeHead(200, { "Content-Type": "image/jpeg" });
          res.write(JPEG.subarray(0, 100));
          // …and never the rest: the time-out must end it.
          return;
        case "/headers-only.jpg":
          // The status and headers, then silence. Before them, every thread of libuv's pool is given
          // work, so the download's file is still being opened when its time-out comes (as on a
          // loaded machine): the open finishes after the time-out's clean-up.
          poolBusy = Promise.all(Array.from({ length: 4 }, () => new Promise((done) => crypto.pbkdf2("x", "y", 150_000, 64, "sha512", done))));
          res.writeHead(200, { "Content-Type": "image/jpeg" });
          res.flushHeaders();
          return;
        case "/huge.jpg": {
          // No Content-Length: the cap must stop the stream, not the header.
          res.writeHead(200, { "Content-Type": "image/jpeg" });
          res.write(JPEG);
          const timer = setInterval(() => {
            if (!res.write(Buffer.alloc(64 * 1024))) return;
          }, 1);
          res.on("close", () => clearInterval(timer));
          return;
        }
        case "/declared-huge.jpg":
          res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(500 * 1024 * 1024) });
          res.write(JPEG);
          return;
        case "/moved.jpg":
          res.writeHead(301, { Location: "/ok.jpg" }).end();
          return;
        case "/to-file":
          res.writeHead(302, { Location: "file:///etc/passwd" }).end();
          return;
        default: {
          const loop = /^\/loop(\d+)$/.exec(url);
          if (loop) {
            res.writeHead(302, { Location: `/loop${Number(loop[1]) + 1}` }).end();
            return;
          }
          res.writeHead(404).end();
        }
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-downloads-"));
    hits.clear();
    conditional.length = 0;
    version = "v1";
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const open = (settings: ConstructorParameters<typeof PictureDownloads>[1] = {}) => new PictureDownloads(dataDir, { timeoutMs: 1500, maxBytes: 1024 * 1024, ...settings });

  it("downloads a picture, then asks with its validator and gets a 304 instead of the bytes", async () => {
    const downloads = open();
    const first = await downloads.download(`${base}/ok.jpg`);
    expect(first).toMatchObject({ ok: true, fetched: "downloaded", picture: { format: "jpeg" } });
    if (!first.ok) throw new Error("unreachable");
    downloads.close();

    // A new import, a new process: the index on disk remembers the validator.
    const again = open();
    const second = await again.download(`${base}/ok.jpg`);
    expect(second).toMatchObject({ ok: true, fetched: "not modified" });
    expect(conditional).toEqual(['"v1"']);
    if (second.ok) expect(second.picture.file).toBe(first.picture.file);

    version = "v2";
    const third = await again.download(`${base}/ok.jpg`);
    expect(third).toMatchObject({ ok: true, fetched: "downloaded" });
    again.close();
  });

  it("keeps only the pixels: the picture is encoded again, without metadata or trailing bytes (issue 37)", async () => {
    const downloads = open();
    const jpeg = await downloads.download(`${base}/ok.jpg`);
    const png = await downloads.download(`${base}/fresh.png`);
    downloads.close();
    if (!jpeg.ok || !png.ok) throw new Error("not downloaded");
    for (const { file } of [jpeg.picture, png.picture]) {
      const kept = fs.readFileSync(file);
      expect(kept.includes(SECRET)).toBe(false);
      // Ends where the JPEG ends (EOI), and is one.
      expect([...kept.subarray(-2)]).toEqual([0xff, 0xd9]);
      const meta = await sharp(kept).metadata();
      expect([meta.format, meta.exif, meta.xmp, meta.comments]).toEqual(["jpeg", undefined, undefined, undefined]);
    }
    expect((await sharp(jpeg.picture.file).metadata()).width).toBe(40);
    expect(png.picture.format).toBe("jpeg");
  });

  it("refuses a file that only starts like a JPEG, and leaves nothing behind (issue 37)", async () => {
    const downloads = open();
    expect(await downloads.download(`${base}/fake.jpg`)).toMatchObject({ ok: false, reason: expect.stringMatching(/not a picture that can be decoded/) });
    expect(fs.readdirSync(path.join(dataDir, "picture-downloads")).filter((f) => f !== "index.sqlite" && !f.startsWith("index.sqlite-"))).toEqual([]);
    downloads.close();
  });

  it("does not ask at all while Cache-Control max-age says the copy is fresh", async () => {
    const downloads = open();
    expect(await downloads.download(`${base}/fresh.png`)).toMatchObject({ ok: true, fetched: "downloaded", picture: { format: "jpeg" } });
    expect(await downloads.download(`${base}/fresh.png`)).toMatchObject({ ok: true, fetched: "fresh" });
    expect(hits.get("/fresh.png")).toBe(1);
    downloads.close();
  });

  it("refuses what is no picture, a 404, a slow server, a huge picture and endless redirects, each with a reason", async () => {
    const downloads = open();
    const results = await downloads.downloadAll(["/page.jpg", "/missing.jpg", "/slow.jpg", "/huge.jpg", "/declared-huge.jpg", "/loop0", "/to-file"].map((p) => `${base}${p}`));
    const reason = (p: string) => {
      const r = results.get(`${base}${p}`);
      return r && !r.ok ? r.reason : "downloaded";
    };
    expect(reason("/page.jpg")).toMatch(/not a JPEG.*text\/html/);
    expect(reason("/missing.jpg")).toMatch(/404/);
    expect(reason("/slow.jpg")).toMatch(/time-out/);
    expect(reason("/huge.jpg")).toMatch(/larger than the limit of 1\.0 MB/);
    expect(reason("/declared-huge.jpg")).toMatch(/500\.0 MB is larger/);
    expect(reason("/loop0")).toMatch(/more than 5 redirects/);
    expect(reason("/to-file")).toMatch(/file: addresses are not downloaded/);
    // Nothing half-written stays behind.
    expect(fs.readdirSync(path.join(dataDir, "picture-downloads")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    downloads.close();
  });

  it("leaves no temporary file behind when the time-out comes before the body (issue 37)", async () => {
    const downloads = open({ timeoutMs: 300 });
    const result = await downloads.download(`${base}/headers-only.jpg`);
    expect(result).toMatchObject({ ok: false, reason: "no complete answer within the time-out" });
    await poolBusy;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readdirSync(path.join(dataDir, "picture-downloads")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    downloads.close();
  });

  it("follows a redirect to the picture", async () => {
    const downloads = open();
    expect(await downloads.download(`${base}/moved.jpg`)).toMatchObject({ ok: true, fetched: "downloaded" });
    downloads.close();
  });

  it("keeps the last copy when the server fails, but not when the picture is gone (404)", async () => {
    const downloads = open();
    expect((await downloads.download(`${base}/ok.jpg`)).ok).toBe(true);
    // The same address now answers 500, then 404: simulated by pointing the index at those paths.
    const index = (downloads as unknown as { db: Database }).db;
    index.prepare("update pictures set url = ?").run(`${base}/broken.jpg`);
    expect(await downloads.download(`${base}/broken.jpg`)).toMatchObject({ ok: true, fetched: "stale copy", note: expect.stringMatching(/500/) });
    index.prepare("update pictures set url = ?").run(`${base}/missing.jpg`);
    expect(await downloads.download(`${base}/missing.jpg`)).toMatchObject({ ok: false, reason: expect.stringMatching(/404/) });
    downloads.close();
  });

  it("downloads a few at a time", async () => {
    let open_ = 0;
    let most = 0;
    const counting = http.createServer((_req, res) => {
      open_++;
      most = Math.max(most, open_);
      setTimeout(() => {
        open_--;
        res.writeHead(200).end(JPEG);
      }, 30);
    });
    await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
    const port = (counting.address() as AddressInfo).port;
    const downloads = open({ concurrency: 3 });
    const results = await downloads.downloadAll(Array.from({ length: 12 }, (_, i) => `http://127.0.0.1:${port}/p${i}.jpg`));
    expect([...results.values()].every((r) => r.ok)).toBe(true);
    expect(most).toBe(3);
    downloads.close();
    counting.closeAllConnections();
    await new Promise((resolve) => counting.close(resolve));
  });

  it("refuses link-local addresses always and private ones when told to", async () => {
    expect(refusedAddress("169.254.169.254", "private")).toMatch(/link-local/);
    expect(refusedAddress("::ffff:169.254.169.254", "private")).toMatch(/link-local/);
    expect(refusedAddress("10.1.2.3", "private")).toBeNull();
    expect(refusedAddress("10.1.2.3", "public")).toMatch(/private/);
    expect(refusedAddress("::1", "public")).toMatch(/private/);
    expect(refusedAddress("93.184.215.14", "public")).toBeNull();
    const downloads = open({ hosts: "public" });
    expect(await downloads.download(`${base}/ok.jpg`)).toMatchObject({ ok: false, reason: expect.stringMatching(/127\.0\.0\.1 is a private, loopback or special-purpose address/) });
    // A name that resolves to a loopback address is caught where the connection is made.
    expect(await downloads.download(`${base.replace("127.0.0.1", "localhost")}/ok.jpg`)).toMatchObject({ ok: false, reason: expect.stringMatching(/private, loopback/) });
    expect(hits.get("/ok.jpg")).toBeUndefined();
    downloads.close();
  });
});
