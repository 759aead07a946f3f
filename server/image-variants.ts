import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type sharp from "sharp";
import { loadSharp } from "~/media/load-sharp.server";
import { onceUntilFailure } from "~/utils/once-until-failure";
import { DiskLru } from "./disk-lru";
import { BusyError, SharedWork, WorkQueue, closedSignal } from "./work-queue";

/**
 * Resized AVIF, WebP and JPEG variants of the JPEG originals under DATA_DIR/media:
 *   GET /media/w/{width}/{path}.{avif|webp|jpg}  (path = the original's path without `.jpg`)
 * Each variant is made once, on the first request, and kept in MEDIA_DIR/.variants; see
 * docs/decisions/008-responsive-images.md for why on demand and how stale variants are avoided.
 */

/**
 * The only widths we make. A fixed list keeps the cache bounded (widths × formats × originals) and
 * stops anyone from making us render every width from 1 to 10000.
 */
export const VARIANT_WIDTHS = [96, 150, 160, 220, 240, 320, 400, 440, 480, 640, 800, 960, 1200, 1600] as const;

export const VARIANT_FORMATS = ["avif", "webp", "jpg"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const CONTENT_TYPES: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

/**
 * AVIF at effort 2: measured on our pictures it is 4 times faster than sharp's default effort 4
 * (37 ms instead of 158 ms for a 400-pixel article image, 0.22 s instead of 1 s for a 1600-pixel
 * slide) at the same size, and a visitor waits for the first, uncached answer. Qualities are chosen
 * to look alike: AVIF 55 and WebP 76 match JPEG 78 by eye at well under half the bytes.
 */
const ENCODERS: Record<VariantFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 76, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

/**
 * Variant URLs carry no content version, and a re-seed or a new picture keeps the address, so the
 * answer must not be `immutable`. A day matches the originals' lifetime under /media; afterwards the
 * ETag/Last-Modified revalidation costs a 304, and stale-while-revalidate hides even that.
 */
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

export const DEFAULT_MAX_CACHE_BYTES = 1024 * 1024 * 1024;

export interface ImageVariantsOptions {
  /** Variants rendered at the same time; more wait their turn. */
  concurrency?: number;
  /** Requests allowed to wait for a render slot before we answer 503. */
  maxWaiting?: number;
  /** Bytes of variants kept on disk at most; the least recently used are deleted beyond (made again when asked for). */
  maxCacheBytes?: number;
  /** Called after each render, for logging and for tests that count renders. */
  onRender?: (info: { file: string; ms: number }) => void;
  /** Where a variant that cannot be made is logged: one line, without a stack. */
  logger?: { warn: (fields: object, message: string) => void };
}

export interface VariantRequest {
  width: number;
  /** The original's path under the media folder, without `.jpg`, with forward slashes. */
  relative: string;
  format: VariantFormat;
}

const widthSet: ReadonlySet<number> = new Set(VARIANT_WIDTHS);
/** One path segment: no separators and no control characters (`\p{Cc}` includes NUL). */
const SEGMENT = /^[^\p{Cc}/\\]+$/u;

/**
 * Parses the part of the URL after /media/w. Anything odd (unknown width or format, `..`, `.`,
 * dot files, encoded separators, NUL, backslashes, control characters) is null: the caller answers
 * 404 as for a missing file, so probing tells nothing.
 */
export function parseVariantPath(rawPath: string): VariantRequest | null {
  // Encoded separators would turn one segment into two after decoding: refuse before decoding.
  if (/%(2f|5c|00)/i.test(rawPath) || rawPath.length > 512) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const match = /^\/(\d{1,5})\/(.+)\.(avif|webp|jpg)$/.exec(decoded);
  if (!match) return null;
  const [, widthText = "", relative = "", format = ""] = match;
  const width = Number(widthText);
  if (!widthSet.has(width) || String(width) !== widthText) return null;
  const segments = relative.split("/");
  if (segments.some((segment) => !SEGMENT.test(segment) || segment.startsWith("."))) return null;
  return { width, relative, format: format as VariantFormat };
}

function notFound(res: Response, message = "No such image.") {
  res.status(404).json({ error: { code: "not_found", message } });
}

async function statFile(file: string): Promise<Stats | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * sharp as the server's variants use it. Memory outside the JavaScript heap: libvips keeps recent
 * operations (up to 50 MB) for files that are read again, which variants never are, and gives each
 * image one thread per core on top of our two renders at a time. Without both, rendering
 * 1600-pixel AVIFs took the process to 300 MB resident (issue 12).
 */
const variantSharp = onceUntilFailure(() =>
  loadSharp().then((sharp) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }),
);

/** Within a millisecond: `utimes` goes through seconds as a double, which rounds the last digits. */
const sameMtime = (a: Stats, b: Stats) => Math.abs(a.mtimeMs - b.mtimeMs) < 1;

/**
 * Renders one variant into `target`: into a temporary file beside it first and renamed into place,
 * so a reader never sees half a file (rename within a folder is atomic). The variant gets the
 * original's mtime: "cached mtime equals original mtime" then means fresh, and a variant whose
 * original was replaced during rendering is caught on the next request.
 */
export async function renderVariant(original: string, originalStats: Stats, target: string, width: number, format: VariantFormat): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    // withoutEnlargement: asking for 1600 of an 800-pixel original gives 800 pixels, never a blur.
    const image = (await variantSharp())(original, { failOn: "error" }).resize({ width, withoutEnlargement: true });
    await ENCODERS[format](image).toFile(temporary);
    await fs.utimes(temporary, originalStats.atime, originalStats.mtime);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export function createImageVariantsRouter(mediaDir: string, cacheDir: string, options: ImageVariantsOptions = {}): Router {
  const mediaRoot = path.resolve(mediaDir);
  const cacheRoot = path.resolve(cacheDir);
  const queue = new WorkQueue(options.concurrency ?? 2, options.maxWaiting ?? 200, "Too many images are being prepared.");
  /**
   * One render per variant however many requests ask for it at once; a render still waiting for a
   * slot is dropped when all of them have gone (a crawler that hangs up, a page left mid-load).
   */
  const renders = new SharedWork<void>();
  /**
   * Widths × formats × originals bounds the folder only by the catalogue's size, and every picture
   * an import replaced leaves its variants behind (issue 25): the least recently used go beyond
   * the bound. A variant deleted while another instance sends it costs that request an error.
   */
  const disk = new DiskLru(cacheRoot, options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES, {
    files: (key) => [path.join(cacheRoot, key)],
    keyOf: (relative) => (/\.(avif|webp|jpg)$/.test(relative) ? relative : null),
  });

  /**
   * Variants that could not be made, by their file, with the original's mtime and the time: asked
   * again within RETRY_AFTER_MS, the original is answered at once instead of decoding a broken file
   * on every request; after it (a full disk may have been cleared) the variant is tried again.
   * Bounded: the oldest is forgotten first (and is merely tried again).
   */
  const failed = new Map<string, { mtimeMs: number; at: number }>();
  const FAILURES_KEPT = 1000;
  const RETRY_AFTER_MS = 10 * 60_000;
  const failedBefore = (target: string, original: Stats) => {
    const entry = failed.get(target);
    return entry !== undefined && entry.mtimeMs === original.mtimeMs && Date.now() - entry.at < RETRY_AFTER_MS;
  };
  /**
   * A variant that cannot be made (an original that only starts like a JPEG, a full disk) is no
   * server error a visitor should see (issue 37): the original is answered as it is, as /media
   * would, and not kept by caches, so a repaired picture shows.
   */
  const answerOriginal = (res: Response, next: NextFunction, relativeOriginal: string) => {
    res.setHeader("Content-Type", CONTENT_TYPES.jpg);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Cache", "ORIGINAL");
    res.sendFile(relativeOriginal, { root: mediaRoot, cacheControl: false, dotfiles: "deny" }, (error?: Error) => {
      if (error && !res.headersSent) notFound(res);
      else if (error) next(error);
    });
  };

  const router = express.Router();
  // Not a route with a parameter: Express would decode it first and answer a malformed escape with
  // 400, where everything odd should look like a missing file.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const wanted = req.method === "GET" || req.method === "HEAD" ? parseVariantPath(req.path) : null;
    if (!wanted) {
      notFound(res);
      return;
    }
    const original = path.join(mediaRoot, `${wanted.relative}.jpg`);
    const relativeTarget = path.join(String(wanted.width), `${wanted.relative}.${wanted.format}`);
    const target = path.join(cacheRoot, relativeTarget);
    const lruKey = `${wanted.width}/${wanted.relative}.${wanted.format}`;
    // Belt and braces after parseVariantPath: both paths must stay inside their folders.
    if (!original.startsWith(mediaRoot + path.sep) || !target.startsWith(cacheRoot + path.sep)) {
      notFound(res);
      return;
    }
    const gone = closedSignal(res);
    try {
      const originalStats = await statFile(original);
      if (!originalStats) {
        notFound(res);
        return;
      }
      if (failedBefore(target, originalStats)) {
        answerOriginal(res, next, `${wanted.relative}.jpg`);
        return;
      }
      const cached = await statFile(target);
      const hit = cached !== null && sameMtime(cached, originalStats);
      if (!hit) {
        const render = async () => {
          const started = performance.now();
          await renderVariant(original, originalStats, target, wanted.width, wanted.format);
          options.onRender?.({ file: relativeTarget, ms: performance.now() - started });
        };
        await renders.run(target, (signal) => queue.run(render, signal), gone);
        const rendered = await statFile(target);
        if (rendered) disk.stored(lruKey, rendered.size);
      } else {
        disk.touch(lruKey);
      }
      res.setHeader("Content-Type", CONTENT_TYPES[wanted.format]);
      res.setHeader("Cache-Control", CACHE_CONTROL);
      res.setHeader("X-Cache", hit ? "HIT" : "MISS");
      // `root` keeps send's dot-file check to our part of the path (DATA_DIR may be `.something`).
      res.sendFile(relativeTarget, { root: cacheRoot, cacheControl: false, dotfiles: "deny" }, (error?: Error) => {
        if (error && !res.headersSent) next(error);
      });
    } catch (error) {
      // The visitor left before the render started: nothing to answer, nothing went wrong.
      if (gone.aborted) return;
      if (error instanceof BusyError) {
        res.status(503).set("Retry-After", "2").json({ error: { code: "busy", message: error.message } });
        return;
      }
      const originalStats = await statFile(original);
      if (!originalStats) {
        notFound(res);
        return;
      }
      failed.delete(target);
      failed.set(target, { mtimeMs: originalStats.mtimeMs, at: Date.now() });
      if (failed.size > FAILURES_KEPT) failed.delete(failed.keys().next().value as string);
      options.logger?.warn({ image: lruKey, reason: (error as Error).message.split("\n")[0] }, "image variant could not be made: the original is answered");
      answerOriginal(res, next, `${wanted.relative}.jpg`);
    }
  });
  return router;
}
