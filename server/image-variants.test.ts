import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createImageVariantsRouter, parseVariantPath, renderVariant } from "./image-variants";

describe("parseVariantPath", () => {
  it("accepts allowed widths and formats", () => {
    expect(parseVariantPath("/400/shop/images/VB-33754_1.webp")).toEqual({ width: 400, relative: "shop/images/VB-33754_1", format: "webp" });
    expect(parseVariantPath("/1600/static/slide-1-desktop.avif")?.format).toBe("avif");
    expect(parseVariantPath("/150/categories/cat_pumps_Mobile_150x150.jpg")?.width).toBe(150);
  });

  it.each([
    "/401/shop/images/a.webp", // not in the allow-list
    "/0400/shop/images/a.webp", // same number, another spelling: would make a second cache entry
    "/400/shop/images/a.png",
    "/400/shop/images/a.jpeg",
    "/400/shop/images/a",
    "/400/../../etc/passwd.jpg",
    "/400/shop/../../x.jpg",
    "/400/%2e%2e/%2e%2e/x.jpg",
    "/400/shop%2fimages/a.jpg",
    "/400/shop%2Fimages/a.jpg",
    "/400/shop%5cimages/a.jpg",
    "/400/shop\\images/a.jpg",
    "/400/shop/a%00.jpg",
    "/400/shop/%E0%A4%A.jpg", // malformed escape
    "/400//shop/a.jpg",
    "/400/./shop/a.jpg",
    "/400/.hidden/a.jpg",
    "/400/shop/.a.jpg",
  ])("refuses %s", (raw) => {
    expect(parseVariantPath(raw)).toBeNull();
  });
});

describe("createImageVariantsRouter", () => {
  let root: string;
  let mediaDir: string;
  let cacheDir: string;
  let url: string;
  let close: () => Promise<void>;
  let renders: string[] = [];
  const logged: Record<string, unknown>[] = [];

  const original = path.join("shop", "images", "VB-1_1.jpg");
  const writeOriginal = (colour: string) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
      .jpeg()
      .toFile(path.join(mediaDir, original));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-variants-"));
    // A dot folder like a DATA_DIR of `.img-data`: must not trip the dot-file check.
    mediaDir = path.join(root, ".data", "media");
    cacheDir = path.join(root, ".data", "cache", "images");
    fs.mkdirSync(path.join(mediaDir, "shop", "images"), { recursive: true });
    fs.writeFileSync(path.join(root, ".data", "secret.jpg"), "not for you");
    await writeOriginal("#c0392b");
    const app = express();
    const logger = { warn: (fields: object, message: string) => logged.push({ ...fields, message }) };
    app.use("/media/w", createImageVariantsRouter(mediaDir, cacheDir, { onRender: ({ file }) => renders.push(file), logger }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/w`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    renders = [];
  });

  it("answers the original, never a 5xx, for a picture that only starts like a JPEG, and logs one line once (issue 37)", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]);
    fs.writeFileSync(path.join(mediaDir, "shop", "images", "broken.jpg"), broken);
    const statuses: number[] = [];
    for (const format of ["avif", "webp", "jpg"]) {
      for (const width of [150, 400]) {
        const response = await fetch(`${url}/${width}/shop/images/broken.${format}`);
        statuses.push(response.status);
        expect(response.headers.get("content-type")).toBe("image/jpeg");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(Buffer.from(await response.arrayBuffer())).toEqual(broken);
      }
    }
    expect(statuses).toEqual(Array(6).fill(200));
    expect(logged).toHaveLength(6);
    expect(logged[0]).toMatchObject({ image: "150/shop/images/broken.avif", message: expect.stringMatching(/could not be made/) });
    expect(logged.every((line) => !("err" in line) && !String(line.reason).includes("\n"))).toBe(true);
    // Asked again: answered at once, not decoded and logged again.
    expect((await fetch(`${url}/400/shop/images/broken.webp`)).headers.get("x-cache")).toBe("ORIGINAL");
    expect(logged).toHaveLength(6);
    expect(fs.readdirSync(path.join(cacheDir, "400", "shop", "images")).filter((f) => f.startsWith("broken"))).toEqual([]);
  });

  it("renders a variant once, caches it and answers with its type and caching headers", async () => {
    const first = await fetch(`${url}/400/shop/images/VB-1_1.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(first.headers.get("cache-control")).not.toContain("immutable");
    expect(first.headers.get("etag")).toBeTruthy();
    expect(first.headers.get("last-modified")).toBeTruthy();
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 300]);
    expect(fs.existsSync(path.join(cacheDir, "400", "shop", "images", "VB-1_1.webp"))).toBe(true);

    const second = await fetch(`${url}/400/shop/images/VB-1_1.webp`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders).toEqual([path.join("400", "shop", "images", "VB-1_1.webp")]);

    // fetch() adds `Cache-Control: no-cache` to conditional requests unless told otherwise, as a reload.
    const revalidated = await fetch(`${url}/400/shop/images/VB-1_1.webp`, {
      headers: { "If-None-Match": first.headers.get("etag") ?? "", "Cache-Control": "max-age=0" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("never enlarges: a width beyond the original gives the original's width", async () => {
    const response = await fetch(`${url}/1600/shop/images/VB-1_1.avif`);
    expect(response.headers.get("content-type")).toBe("image/avif");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["heif", 800, 600]);
  });

  it("renders a variant once however many ask for it at the same time", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetch(`${url}/320/shop/images/VB-1_1.jpg`)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(new Set(bodies.map((b) => b.length)).size).toBe(1);
    expect(renders).toEqual([path.join("320", "shop", "images", "VB-1_1.jpg")]);
    expect(fs.readdirSync(path.join(cacheDir, "320", "shop", "images"))).toEqual(["VB-1_1.jpg"]);
  });

  it("renders again when the original was replaced (a re-seed)", async () => {
    const before = await fetch(`${url}/240/shop/images/VB-1_1.jpg`);
    const red = await sharp(Buffer.from(await before.arrayBuffer())).stats();
    await writeOriginal("#2563a8");
    // Some file systems keep whole seconds: make the new original visibly newer.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(mediaDir, original), later, later);

    const after = await fetch(`${url}/240/shop/images/VB-1_1.jpg`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    const blue = await sharp(Buffer.from(await after.arrayBuffer())).stats();
    expect(blue.channels[2]!.mean).toBeGreaterThan(red.channels[2]!.mean + 50);
    expect((await fetch(`${url}/240/shop/images/VB-1_1.jpg`)).headers.get("x-cache")).toBe("HIT");
  });

  it.each([
    "/401/shop/images/VB-1_1.webp",
    "/400/shop/images/VB-1_1.gif",
    "/400/shop/images/VB-2_1.webp",
    "/400/..%2fsecret.webp",
    "/400/%2e%2e/secret.jpg",
    "/400/shop/images/..%5c..%5c..%5csecret.jpg",
    "/400/shop/images/VB-1_1%00.jpg",
  ])("answers 404 JSON for %s", async (rest) => {
    const response = await fetch(`${url}${rest}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(renders).toEqual([]);
  });
});

describe("the variant folder's size bound", () => {
  it("deletes the least recently used variants once the folder passes maxCacheBytes", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-variant-lru-"));
    const mediaDir = path.join(root, "media");
    const cacheDir = path.join(root, "variants");
    fs.mkdirSync(path.join(mediaDir, "shop"), { recursive: true });
    const originalFile = path.join(mediaDir, "shop", "noise.jpg");
    // Noise, so that each width's file has a size of its own (a plain colour compresses to nothing).
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .jpeg()
      .toFile(originalFile);
    const stats = fs.statSync(originalFile);
    const widths = [320, 400, 480] as const;
    const sizes: number[] = [];
    for (const width of widths) {
      const probe = path.join(root, `probe-${width}.jpg`);
      await renderVariant(originalFile, stats, probe, width, "jpg");
      sizes.push(fs.statSync(probe).size);
    }
    // Room for all three but one byte: the third goes over, and pruning to 90 % takes one file.
    const maxCacheBytes = sizes.reduce((a, b) => a + b, 0) - 1;
    const app = express();
    app.use("/media/w", createImageVariantsRouter(mediaDir, cacheDir, { maxCacheBytes }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/w`;
    const variant = (width: number) => path.join(cacheDir, String(width), "shop", "noise.jpg");
    try {
      const get = async (width: number) => {
        const response = await fetch(`${base}/${width}/shop/noise.jpg`);
        await response.arrayBuffer();
        return response.headers.get("x-cache");
      };
      expect(await get(320)).toBe("MISS");
      expect(await get(400)).toBe("MISS");
      // 320 is used again: 400 is now the least recently used.
      expect(await get(320)).toBe("HIT");
      expect(await get(480)).toBe("MISS");
      await expect.poll(() => fs.existsSync(variant(400))).toBe(false);
      expect(fs.existsSync(variant(320))).toBe(true);
      expect(fs.existsSync(variant(480))).toBe(true);
      // A deleted variant is simply made again.
      expect(await get(400)).toBe("MISS");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
