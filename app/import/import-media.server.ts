import { randomBytes } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "~/media/load-sharp.server";
import { emptyCounts, type ChangeCounts, type Problems } from "./import-report";

/**
 * The pictures of an imported catalogue (decision 023): each file the catalogue names is checked,
 * then copied under the site's media folder as `shop/images/{name}.jpg` (JPEGs byte for byte,
 * other formats converted), where the image-variant route makes its sizes. A file whose size and
 * modification time match the copy is not copied again.
 */
export interface SourceImage {
  /** Absolute path of the file. */
  file: string;
  /** The name the site serves it under (without .jpg). */
  imagename: string;
  format: "jpeg" | "other";
}

const ARTICLE_DIR = path.join("shop", "images");
const CATEGORY_DIR = "categories";
export const TILE_SIZES = [
  { suffix: "Desktop_220x220", size: 220 },
  { suffix: "Mobile_150x150", size: 150 },
  { suffix: "440x440", size: 440 },
] as const;

/** What the first bytes say the file is; null when it is no picture we can show. */
function sniff(head: Buffer): SourceImage["format"] | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  const ascii = head.toString("latin1");
  if (ascii.startsWith("\x89PNG") || ascii.startsWith("GIF8")) return "other";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "other";
  if (ascii.startsWith("II*\0") || ascii.startsWith("MM\0*")) return "other";
  if (ascii.slice(4, 8) === "ftyp" && /avif|heic|mif1/.test(ascii.slice(8, 12))) return "other";
  return null;
}

/**
 * Synchronous on purpose: a catalogue names a hundred thousand pictures, and three small system
 * calls each cost less than three trips through libuv's thread pool (measured: 4 s → 1 s for 10,000
 * files). It runs in the import command, never in the server's event loop.
 */
function readHead(file: string): Buffer | null {
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

/** Runs `task` over `items`, `limit` at a time: a hundred thousand opens at once would run out of file handles. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const item = items[index++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Name stem the site serves a picture under: the file's own name, made safe for a URL. */
function stem(source: string): string {
  const base = path.basename(source.replace(/\\/g, "/")).replace(/\.[A-Za-z0-9]{2,5}$/, "");
  return base.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 100) || "image";
}

/**
 * Resolves every picture a catalogue names against `mediaRoot` (the --media folder plus the file's
 * MIME_ROOT), reporting missing files, files that are not pictures, and paths that leave the folder.
 */
export async function resolveImages(
  sources: Map<string, number>,
  mediaRoot: string,
  problems: Problems,
): Promise<Map<string, SourceImage>> {
  const root = path.resolve(mediaRoot);
  const resolved = new Map<string, SourceImage>();
  const used = new Map<string, string>();
  const entries = [...sources.entries()];
  const found: (SourceImage | null)[] = new Array(entries.length).fill(null);
  await eachLimited(
    entries.map((entry, index) => ({ entry, index })),
    32,
    async ({ entry: [source, line], index }) => {
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
        problems.error(line, "MIME_SOURCE", `missing image file: "${source}" is a web address; put the file into the media folder and name its path`);
        return;
      }
      const file = path.resolve(root, source.replace(/\\/g, "/").replace(/^\/+/, ""));
      if (file !== root && !file.startsWith(root + path.sep)) {
        problems.error(line, "MIME_SOURCE", `"${source}" points outside the media folder ${root}`);
        return;
      }
      const head = readHead(file);
      if (!head) {
        problems.error(line, "MIME_SOURCE", `missing image file: ${file}`);
        return;
      }
      const format = sniff(head);
      if (!format) {
        problems.error(line, "MIME_SOURCE", `${file} is not a JPEG, PNG, WebP, GIF, TIFF or AVIF picture`);
        return;
      }
      found[index] = { file, imagename: "", format };
    },
  );
  // Names in file order, so the same file gets the same name on every import.
  entries.forEach(([source], index) => {
    const image = found[index];
    if (!image) return;
    let name = stem(source);
    for (let n = 2; used.has(name) && used.get(name) !== image.file; n++) name = `${stem(source)}_${n}`;
    used.set(name, image.file);
    resolved.set(source, { ...image, imagename: name });
  });
  return resolved;
}

async function statOrNull(file: string) {
  return fs.stat(file).catch(() => null);
}

/** Writes into a temporary file and renames it, so the running site never serves half a picture. */
export async function writeAtomically(target: string, write: (temporary: string) => Promise<void>, mtime: Date): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await write(temporary);
    // A link shares the source's times already; touching it would touch the source too.
    if (fsSync.statSync(temporary).nlink === 1) await fs.utimes(temporary, mtime, mtime);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** Whether `target` is a copy of `source` made by us: the same file (a link), or the same modification time (and size, for copies). */
export function isCurrent(
  source: { size: number; mtimeMs: number; ino: number; dev: number },
  target: { size: number; mtimeMs: number; ino: number; dev: number } | null,
  copied: boolean,
): boolean {
  if (target === null) return false;
  if (target.ino === source.ino && target.dev === source.dev) return true;
  return Math.abs(target.mtimeMs - source.mtimeMs) < 1 && (!copied || target.size === source.size);
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
    const target = path.join(siteMedia, ARTICLE_DIR, `${image.imagename}.jpg`);
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
            else await (await loadSharp())(image.file, { failOn: "error" }).rotate().flatten({ background: "#ffffff" }).jpeg({ quality: 88, mozjpeg: true }).toFile(temporary);
          },
          source.mtime,
        );
      }
    }
    onProgress?.(++done);
  });
  return counts;
}

/** The category tiles (`{symbol}_Desktop_220x220.jpg` and its sizes) cut from each category's picture. */
export async function renderCategoryTiles(tiles: { symbol: string; file: string }[], siteMedia: string, dryRun: boolean): Promise<ChangeCounts> {
  const counts = emptyCounts();
  await eachLimited(tiles, 2, async ({ symbol, file }) => {
    const source = await fs.stat(file);
    const first = await statOrNull(path.join(siteMedia, CATEGORY_DIR, `${symbol}_${TILE_SIZES[0].suffix}.jpg`));
    if (isCurrent(source, first, false)) {
      counts.unchanged++;
      return;
    }
    if (first) counts.changed++;
    else counts.added++;
    if (dryRun) return;
    for (const { suffix, size } of TILE_SIZES) {
      await writeAtomically(
        path.join(siteMedia, CATEGORY_DIR, `${symbol}_${suffix}.jpg`),
        async (temporary) =>
          (await loadSharp())(file, { failOn: "error" })
            .rotate()
            .flatten({ background: "#ffffff" })
            .resize(size, size, { fit: "contain", background: "#ffffff" })
            .jpeg({ quality: 82, mozjpeg: true })
            .toFile(temporary)
            .then(() => undefined),
        source.mtime,
      );
    }
  });
  return counts;
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
