import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";

let server: TestServer;
let imagename: string;
beforeAll(async () => {
  server = await startTestServer();
  // Any seeded article picture will do; take the first so the test does not depend on part numbers.
  const first = fs.readdirSync(path.join(server.dataDir, "media", "shop", "images")).sort()[0];
  imagename = first!.replace(/\.jpg$/, "");
});
afterAll(async () => {
  await server?.close();
});

const get = (rest: string) => fetch(`${server.url}${rest}`);

async function timed(rest: string): Promise<{ response: Response; body: Buffer; ms: number }> {
  const started = performance.now();
  const response = await get(rest);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, ms: performance.now() - started };
}

async function expectNotFound(rest: string) {
  const response = await get(rest);
  expect(response.status, rest).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("not_found");
}

describe("GET /media/w/{width}/{path}.{format}", () => {
  it.each([
    ["webp", "image/webp", "webp"],
    ["avif", "image/avif", "heif"],
    ["jpg", "image/jpeg", "jpeg"],
  ] as const)("serves a %s variant of an article picture at the asked width, then from the cache", async (format, type, sharpFormat) => {
    const rest = `/media/w/400/shop/images/${imagename}.${format}`;
    const cold = await timed(rest);
    expect(cold.response.status).toBe(200);
    expect(cold.response.headers.get("content-type")).toBe(type);
    expect(cold.response.headers.get("x-cache")).toBe("MISS");
    expect(cold.response.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const meta = await sharp(cold.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, 400, 400]);
    // Smaller than the 800-pixel original: the point of the exercise.
    const original = fs.statSync(path.join(server.dataDir, "media", "shop", "images", `${imagename}.jpg`));
    expect(cold.body.length).toBeLessThan(original.size);

    const cachedFile = path.join(server.dataDir, "media", ".variants", "400", "shop", "images", `${imagename}.${format}`);
    expect(fs.existsSync(cachedFile)).toBe(true);
    const made = fs.statSync(cachedFile);

    // Served from the cached file, not made again: shown by the file, not by comparing times
    // that a busy machine can turn around.
    const warm = await timed(rest);
    expect(warm.response.status).toBe(200);
    expect(warm.response.headers.get("x-cache")).toBe("HIT");
    expect(warm.body.equals(cold.body)).toBe(true);
    expect(warm.body.equals(fs.readFileSync(cachedFile))).toBe(true);
    expect(fs.statSync(cachedFile)).toMatchObject({ ino: made.ino, mtimeMs: made.mtimeMs });
    console.info(`400 px ${format}: ${cold.ms.toFixed(1)} ms cold, ${warm.ms.toFixed(1)} ms cached, ${cold.body.length} bytes`);
  });

  it("serves the original's width when asked for more (never enlarges)", async () => {
    const { response, body } = await timed(`/media/w/1600/shop/images/${imagename}.webp`);
    expect(response.status).toBe(200);
    expect((await sharp(body).metadata()).width).toBe(800);
  });

  it("serves category tiles and the slides' art-directed crops", async () => {
    const categories = fs.readdirSync(path.join(server.dataDir, "media", "categories"));
    const mobileTile = categories.find((name) => name.endsWith("_Mobile_150x150.jpg"))!.replace(/\.jpg$/, "");
    const tile = await timed(`/media/w/150/categories/${mobileTile}.avif`);
    expect(tile.response.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(tile.body).metadata()).width).toBe(150);

    const slide = await timed("/media/w/640/static/slide-1-mobile.webp");
    expect(await sharp(slide.body).metadata()).toMatchObject({ width: 640, height: 800 });
  });

  it("answers 404 JSON for widths and formats it does not make", async () => {
    await expectNotFound(`/media/w/401/shop/images/${imagename}.webp`);
    await expectNotFound(`/media/w/99999/shop/images/${imagename}.webp`);
    await expectNotFound(`/media/w/abc/shop/images/${imagename}.webp`);
    await expectNotFound(`/media/w/400/shop/images/${imagename}.png`);
    await expectNotFound(`/media/w/400/shop/images/${imagename}`);
  });

  it("never answers a 5xx for a picture that only starts like a JPEG: every width and format gets the original (issue 37)", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]);
    fs.writeFileSync(path.join(server.dataDir, "media", "shop", "images", "ONLY-LOOKS-LIKE-A-JPEG.jpg"), broken);
    const statuses = new Set<number>();
    for (const format of ["avif", "webp", "jpg"]) {
      for (const width of [96, 400, 1600]) {
        const response = await get(`/media/w/${width}/shop/images/ONLY-LOOKS-LIKE-A-JPEG.${format}`);
        statuses.add(response.status);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(broken);
      }
    }
    expect([...statuses]).toEqual([200]);
  });

  it("answers 404 JSON for a missing original", async () => {
    await expectNotFound("/media/w/400/shop/images/NO-SUCH-IMAGE_1.webp");
    await expectNotFound("/media/w/400/categories/nothing_Desktop_220x220.avif");
  });

  it("answers 404 JSON for anything that tries to leave the media folder", async () => {
    // Put a JPEG just outside the media folder: a working traversal would find it.
    await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toFile(path.join(server.dataDir, "outside.jpg"));
    for (const rest of [
      "/media/w/400/..%2foutside.webp",
      "/media/w/400/..%2Foutside.webp",
      "/media/w/400/shop/..%2f..%2foutside.webp",
      "/media/w/400/%2e%2e/outside.webp",
      "/media/w/400/..%5coutside.webp",
      "/media/w/400/shop%5c..%5c..%5coutside.webp",
      "/media/w/400/outside%00.webp",
      "/media/w/400/shop/images/%00.webp",
      "/media/w/400/%E0%A4%A.webp",
    ]) {
      await expectNotFound(rest);
    }
    // Nothing was written outside the cache folder either.
    expect(fs.readdirSync(server.dataDir).filter((name) => name.endsWith(".webp"))).toEqual([]);
  });
});
