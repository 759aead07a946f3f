import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadSharp } from "~/media/load-sharp.server";
import { emptyCounts, type ChangeCounts } from "~/exchange/import-report";
import { eachLimited, isCurrent, writeAtomically } from "~/exchange/media-files.server";
import type { PictureFormat } from "./picture-format";

/**
 * The pictures of an imported catalogue (decision 023): each file the catalogue names is checked,
 * then copied under the site's media folder as `shop/images/{name}.jpg` (JPEGs byte for byte,
 * other formats converted), where the image-variant route makes its sizes. A file whose size and
 * modification time match the copy is not copied again.
 */
export interface SourceImage {
  /** Absolute path of the file (for a downloaded picture: its copy in DATA_DIR/picture-downloads). */
  file: string;
  /** The name the site serves it under (without .jpg). */
  imagename: string;
  format: PictureFormat;
}

const ARTICLE_DIR = path.join("shop", "images");
const CATEGORY_DIR = "categories";
export const TILE_SIZES = [
  { suffix: "Desktop_220x220", size: 220 },
  { suffix: "Mobile_150x150", size: 150 },
  { suffix: "440x440", size: 440 },
] as const;

/**
 * Synchronous on purpose: a catalogue names a hundred thousand pictures, and three small system
 * calls each cost less than three trips through libuv's thread pool (measured: 4 s → 1 s for 10,000
 * files). It runs in the import command, never in the server's event loop.
 */
export function readHead(file: string): Buffer | null {
  let fd: number | undefined;
  try {
    fd = fsSync.openSync(file, "r");
    const head = Buffer.alloc(16);
    const bytesRead = fsSync.readSync(fd, head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fsSync.closeSync(fd);
  }
}

/** Name stem the site serves a picture under: the file's own name, made safe for a URL. */
export function stem(source: string): string {
  const base = path.basename(source.replace(/\\/g, "/")).replace(/\.[A-Za-z0-9]{2,5}$/, "");
  return base.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 100) || "image";
}

/** Where the site serves an article picture from, below its media folder. */
export function articleImagePath(siteMedia: string, imagename: string): string {
  return path.join(siteMedia, ARTICLE_DIR, `${imagename}.jpg`);
}

/**
 * A picture as the site publishes a JPEG it made (converted formats, downloads; decision 066):
 * decoded and encoded again, so only its pixels go on: no EXIF, XMP or comments, no bytes after
 * the image. `failOn: "error"` as the image variants have it: what this takes, they can resize.
 */
export async function encodeSiteJpeg(file: string, into: string): Promise<void> {
  await (await loadSharp())(file, { failOn: "error" }).rotate().flatten({ background: "#ffffff" }).jpeg({ quality: 88, mozjpeg: true }).toFile(into);
}

/**
 * Why the image variants could not be made from `file` (its header read, then its pixels decoded
 * down to a thumbnail: JPEG's shrink-on-load still reads every byte), or null when they can. A file
 * that only starts like a JPEG passes the sniffer but not this (issue 37).
 */
export async function undecodablePicture(file: string): Promise<string | null> {
  try {
    const sharp = await loadSharp();
    await sharp(file, { failOn: "error" }).metadata();
    await sharp(file, { failOn: "error" }).resize(64, 64, { fit: "inside" }).raw().toBuffer();
    return null;
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "cannot be decoded";
  }
}

async function statOrNull(file: string) {
  return fs.stat(file).catch(() => null);
}

/**
 * A hard link where the media folder shares the disk with the site: creating 100,000 files took
 * 73 s on this machine as copies and 2 s as links. A file replaced by the next export is a new
 * file, so the link keeps the old picture until the next import; only a program that rewrites a
 * picture in place would change the site early. Elsewhere (another disk), a copy.
 */
function linkOrCopy(source: string, target: string): void {
  try {
    fsSync.linkSync(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK") throw error;
    fsSync.copyFileSync(source, target);
    const { atime, mtime } = fsSync.statSync(source);
    fsSync.utimesSync(target, atime, mtime);
  }
}

/** Copies the article pictures into `siteMedia`; with `dryRun` only counts what would change. */
export async function copyArticleImages(
  images: Iterable<SourceImage>,
  siteMedia: string,
  dryRun: boolean,
  onProgress?: (done: number) => void,
): Promise<ChangeCounts> {
  const counts = emptyCounts();
  const list = [...images];
  let done = 0;
  if (!dryRun) await fs.mkdir(path.join(siteMedia, ARTICLE_DIR), { recursive: true });
  await eachLimited(list, 2, async (image) => {
    const target = articleImagePath(siteMedia, image.imagename);
    const source = fsSync.statSync(image.file);
    const existing = fsSync.statSync(target, { throwIfNoEntry: false }) ?? null;
    if (isCurrent(source, existing, image.format === "jpeg")) counts.unchanged++;
    else {
      if (existing) counts.changed++;
      else counts.added++;
      if (!dryRun && image.format === "jpeg" && !existing) {
        // A name no row uses yet: nobody can be reading it, so no temporary file is needed.
        linkOrCopy(image.file, target);
      } else if (!dryRun) {
        await writeAtomically(
          target,
          async (temporary) => {
            if (image.format === "jpeg") linkOrCopy(image.file, temporary);
            else await encodeSiteJpeg(image.file, temporary);
          },
          source.mtime,
        );
      }
    }
    onProgress?.(++done);
  });
  return counts;
}

export interface TileSource {
  symbol: string;
  file: string;
}

const tilePath = (siteMedia: string, symbol: string, suffix: string) => path.join(siteMedia, CATEGORY_DIR, `${symbol}_${suffix}.jpg`);
/** The largest tile is written last: when it is current, all sizes are. */
const LARGEST = TILE_SIZES.reduce((a, b) => (b.size > a.size ? b : a));

/** The tiles whose picture changed since they were cut, with the counts of all (a stat each, no decoding). */
export async function staleCategoryTiles(tiles: TileSource[], siteMedia: string): Promise<{ stale: TileSource[]; counts: ChangeCounts }> {
  const counts = emptyCounts();
  const stale: TileSource[] = [];
  await eachLimited(tiles, 16, async (tile) => {
    const source = await statOrNull(tile.file);
    const largest = await statOrNull(tilePath(siteMedia, tile.symbol, LARGEST.suffix));
    if (source && isCurrent(source, largest, false)) {
      counts.unchanged++;
      return;
    }
    if (largest) counts.changed++;
    else counts.added++;
    stale.push(tile);
  });
  return { stale, counts };
}

/**
 * Cuts the category tiles (`{symbol}_Desktop_220x220.jpg` and its sizes) from their pictures.
 * Measured with scripts/bench/category-tiles.ts (decision 039): decoding is the cost, so each
 * picture is decoded once (JPEG shrink-on-load) into the largest tile, the smaller ones are cut
 * from that, a picture shared by several categories (a parent shows its first child's) is cut
 * once and linked, and as many pictures as the machine has cores are cut at a time. No mozjpeg:
 * it was 36 of 50 ms CPU per picture, and the site serves variants cut from the tile, not the tile.
 * A picture that cannot be decoded is reported through `onFailure`; its categories keep no tile.
 */
export async function renderCategoryTiles(tiles: TileSource[], siteMedia: string, onFailure: (file: string, symbols: string[], message: string) => void): Promise<void> {
  const byFile = new Map<string, string[]>();
  for (const { symbol, file } of tiles) byFile.set(file, [...(byFile.get(file) ?? []), symbol]);
  const sharp = await loadSharp();
  await fs.mkdir(path.join(siteMedia, CATEGORY_DIR), { recursive: true });
  await eachLimited([...byFile], Math.max(1, os.availableParallelism()), async ([file, symbols]) => {
    try {
      const source = await fs.stat(file);
      const [first, ...others] = symbols as [string, ...string[]];
      const { data, info } = await sharp(file, { failOn: "error" })
        .rotate()
        .resize(LARGEST.size, LARGEST.size, { fit: "contain", background: "#ffffff" })
        .flatten({ background: "#ffffff" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      // Smaller sizes first, the largest last: it is the one staleCategoryTiles checks.
      for (const { suffix, size } of [...TILE_SIZES].sort((a, b) => a.size - b.size)) {
        await writeAtomically(
          tilePath(siteMedia, first, suffix),
          async (temporary) => {
            await sharp(data, raw).resize(size, size).jpeg({ quality: 85 }).toFile(temporary);
          },
          source.mtime,
        );
        for (const symbol of others) {
          await writeAtomically(tilePath(siteMedia, symbol, suffix), async (temporary) => linkOrCopy(tilePath(siteMedia, first, suffix), temporary), source.mtime);
        }
      }
    } catch (error) {
      onFailure(file, symbols, (error as Error).message);
    }
  });
}

/** Deletes article pictures and category tiles no row names any more; returns how many pictures went. */
export async function pruneMedia(siteMedia: string, keepImages: Set<string>, keepSymbols: Set<string>, dryRun: boolean): Promise<number> {
  let removed = 0;
  const articleDir = path.join(siteMedia, ARTICLE_DIR);
  for (const name of await fs.readdir(articleDir).catch(() => [] as string[])) {
    if (!name.endsWith(".jpg") || keepImages.has(name.slice(0, -4))) continue;
    removed++;
    if (!dryRun) await fs.rm(path.join(articleDir, name), { force: true });
  }
  const categoryDir = path.join(siteMedia, CATEGORY_DIR);
  for (const name of await fs.readdir(categoryDir).catch(() => [] as string[])) {
    const symbol = TILE_SIZES.reduce<string | null>((found, { suffix }) => found ?? (name.endsWith(`_${suffix}.jpg`) ? name.slice(0, -(suffix.length + 5)) : null), null);
    if (symbol === null || keepSymbols.has(symbol)) continue;
    if (!dryRun) await fs.rm(path.join(categoryDir, name), { force: true });
  }
  return removed;
}
