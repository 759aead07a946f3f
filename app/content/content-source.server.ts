import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { imageSize } from "image-size";
import type { ContentFile, ContentProblem } from "./content-file";
import { issueProblems, parseContent } from "./content-parse.server";
import { type ContentPicture, isMediaPicture, pictureFile } from "./media-picture";
import { FIRST_START_PICTURES } from "./first-start-pictures";

/**
 * One content file read and judged: bytes (capped, inside the folder, UTF-8 text), parsed, validated
 * by its schema, its pictures found in the media folder. Synchronous: files are small (a cap of
 * 128 KB), the store calls it at start and after a change, never per request.
 */

/**
 * Bytes one content file may have. The privacy page, the longest text, is about 15 KB. Parsing is
 * synchronous, and the worst 256 KB of YAML (nested brackets) took 3.5 s on the 2-core machine, the
 * worst Markdown (a 44,000-row table) 2.8 s: 128 KB halves that and leaves eight times the room.
 */
export const MAX_CONTENT_FILE_BYTES = 128 * 1024;
/** Problems reported per file at most: a file with 40,000 duplicate keys needs its first ones fixed, not a 40,000-line report. */
export const MAX_PROBLEMS_PER_FILE = 50;
/** How much of a picture is read for its size: the JPEG frame header comes after EXIF and ICC data. */
const PICTURE_HEAD_BYTES = 512 * 1024;
/** A picture larger than this is read no further than the head (its size is then unknown: a problem). */
const MAX_PICTURE_BYTES = 64 * 1024 * 1024;

export interface ContentFolders {
  /** CONTENT_DIR, absolute. */
  dir: string;
  /** MEDIA_DIR, absolute. */
  mediaDir: string;
}

export type Evaluation =
  | { ok: true; value: unknown; key: string; pictures: string[] }
  | { ok: false; problems: ContentProblem[]; key: string; pictures: string[] };

/** How a file is named to an editor: relative to the working folder when inside it (`content/home.yaml`). */
export function shownPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : absolute;
}

function inside(root: string, target: string): boolean {
  return target.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

type Read = { bytes: Buffer } | { problem: string; key: string };

/**
 * The file's bytes, opened without blocking (a FIFO must not hang the server) and checked again
 * on the open handle: a regular file, inside the folder after symbolic links, at most `max` bytes.
 */
function readInside(root: string, file: string, max: number, what: string): Read {
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch {
    return { problem: `the ${what} folder ${root} does not exist`, key: "no-folder" };
  }
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (error) {
    return errorCode(error) === "ENOENT"
      ? { problem: "is missing", key: "missing" }
      : { problem: `cannot be read (${errorCode(error) ?? "error"})`, key: `error:${errorCode(error)}` };
  }
  if (!inside(realRoot, real)) return { problem: `is a link to ${real}, outside the ${what} folder: refused`, key: `outside:${real}` };
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    return { problem: `cannot be read (${errorCode(error) ?? "error"})`, key: `error:${errorCode(error)}` };
  }
  try {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile()) return { problem: "is not a file", key: "not-a-file" };
    if (stats.size > max) {
      return { problem: `has ${stats.size.toLocaleString("en")} bytes, more than the ${max.toLocaleString("en")} a file may have`, key: `large:${stats.size}:${stats.mtimeMs}` };
    }
    // One byte more than allowed tells a file that grew since fstat from one that fits.
    const buffer = Buffer.alloc(Math.min(stats.size, max) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    if (length > max) return { problem: `has more than the ${max.toLocaleString("en")} bytes a file may have`, key: `large:${stats.mtimeMs}` };
    return { bytes: buffer.subarray(0, length) };
  } finally {
    fs.closeSync(fd);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(bytes: Buffer): string | null {
  try {
    const text = utf8.decode(bytes);
    // NUL is valid UTF-8 but never in text an editor wrote: a binary file with a lucky byte pattern.
    return text.includes("\u0000") ? null : text.replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** A picture's size, remembered per file state: a content change re-reads its pictures only when they changed. */
export class PictureSizes {
  private readonly known = new Map<string, { stamp: string; size: { width: number; height: number } | string }>();

  constructor(private readonly mediaDir: string) {}

  /** The picture's size, or what is wrong with it; `stamp` is what a later change check compares. */
  measure(relative: string): { size: { width: number; height: number } | string; stamp: string } {
    const file = path.join(this.mediaDir, relative);
    let stamp: string;
    try {
      const stats = fs.statSync(file);
      stamp = `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
    } catch {
      // A fresh checkout has no media folder until the first start draws the demo pictures.
      const drawn = fs.existsSync(this.mediaDir) ? undefined : FIRST_START_PICTURES.get(relative);
      if (drawn) return { size: drawn, stamp: "first-start" };
      const folder = fs.existsSync(this.mediaDir) ? shownPath(this.mediaDir) : `${shownPath(this.mediaDir)}, which does not exist: start the site once or set MEDIA_DIR`;
      return { size: `is not in the media folder (${folder})`, stamp: "missing" };
    }
    const hit = this.known.get(relative);
    if (hit?.stamp === stamp) return hit;
    const size = this.read(file);
    const result = { size, stamp };
    this.known.set(relative, result);
    return result;
  }

  private read(file: string): { width: number; height: number } | string {
    const head = readInside(this.mediaDir, file, MAX_PICTURE_BYTES, "media");
    if ("problem" in head) return head.problem;
    for (const bytes of [head.bytes.subarray(0, PICTURE_HEAD_BYTES), head.bytes]) {
      try {
        const { type, width, height } = imageSize(bytes);
        if (type !== "jpg") return `is a ${type ?? "unknown"} file, not a JPEG picture`;
        if (width > 0 && height > 0) return { width, height };
      } catch {
        // The frame header lies further in: the whole file is tried next.
      }
    }
    return "is not a JPEG picture (its size cannot be read)";
  }
}

/** Every picture in a validated value, with the path that leads to it (for its line in the file). */
function picturesIn(value: unknown, at: PropertyKey[] = [], found: { picture: ContentPicture; path: PropertyKey[] }[] = []) {
  if (isMediaPicture(value)) {
    found.push({ picture: value, path: at });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => picturesIn(item, [...at, index], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) picturesIn(item, [...at, key], found);
  }
  return found;
}

/** Before validation: the values that name a picture the way mediaPicture() reads one (`static/x.jpg`). */
function namedPictures(value: unknown, at: PropertyKey[] = [], found: { file: string; path: PropertyKey[] }[] = []) {
  if (typeof value === "string") {
    const file = value.trim();
    if (/^(?![./])[^\s:]*\.jpg$/i.test(file) && !file.split("/").includes("..")) found.push({ file, path: at });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => namedPictures(item, [...at, index], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) namedPictures(item, [...at, key], found);
  }
  return found;
}

/** In the order an editor reads the file (zod reports in the schema's order). */
function sortedByLine<T extends { line: number }>(problems: T[]): T[] {
  return problems.sort((a, b) => a.line - b.line);
}

/** The part of an evaluation's key that is the file's bytes. */
function bytesOf(key: string): string {
  return key.split("|")[0] ?? "";
}

/**
 * Reads, parses and validates one registered file; `key` changes whenever the outcome could.
 * `unlessKey`: the key of the last judgement, when nothing but the bytes can have changed since
 * (its pictures' stamps are the same): the same bytes give "unchanged" without parsing them again.
 */
export function evaluateContentFile(entry: ContentFile, folders: ContentFolders, sizes: PictureSizes, unlessKey?: string): Evaluation | "unchanged" {
  const absolute = path.join(folders.dir, entry.path);
  const file = shownPath(absolute);
  const failed = (problems: Omit<ContentProblem, "file">[], key: string, pictures: string[] = []): Evaluation => {
    const shown = problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const more = problems.length - shown.length;
    if (more > 0) shown.push({ line: shown.at(-1)?.line ?? 1, message: `and ${more.toLocaleString("en")} more problems after this line` });
    return { ok: false, problems: shown.map((problem) => ({ file, ...problem })), key, pictures };
  };

  const read = readInside(folders.dir, absolute, MAX_CONTENT_FILE_BYTES, "content");
  if ("problem" in read) {
    const message = read.key === "missing" ? `is missing: the site reads it (${entry.format === "yaml" ? "YAML" : "Markdown"}, see docs/content.md)` : read.problem;
    return failed([{ line: 1, message }], read.key);
  }
  const hash = createHash("sha256").update(read.bytes).digest("hex").slice(0, 16);
  if (unlessKey !== undefined && bytesOf(unlessKey) === hash) return "unchanged";
  const text = decode(read.bytes);
  if (text === null) return failed([{ line: 1, message: "is not UTF-8 text (a binary file?)" }], hash);

  let parsed;
  let result;
  try {
    parsed = parseContent(entry.format, text);
    if (parsed.problems.length > 0) return failed(parsed.problems, hash);
    result = entry.schema.safeParse(parsed.data, { reportInput: true });
  } catch (error) {
    // Nothing a file holds may stop the server: a parser or schema that throws (a stack overflow) is a problem of the file.
    return failed([{ line: 1, message: `cannot be read: ${(error as Error).message}` }], hash);
  }
  if (!result.success) {
    const { locate } = parsed;
    // The pictures too, so an editor sees every problem of the file in one check, not one kind per run.
    const missing = namedPictures(parsed.data).flatMap(({ file: relative, path: at }) => {
      const { size } = sizes.measure(relative);
      return typeof size === "string" ? [{ line: locate(at), message: `${at.map(String).join(".")}: ${relative} ${size}` }] : [];
    });
    return failed(sortedByLine([...result.error.issues.flatMap((issue) => issueProblems(issue, locate)), ...missing]), hash);
  }

  const problems: Omit<ContentProblem, "file">[] = [];
  const stamps: string[] = [];
  const pictures: string[] = [];
  for (const { picture, path: at } of picturesIn(result.data)) {
    const relative = pictureFile(picture);
    const { size, stamp } = sizes.measure(relative);
    pictures.push(relative);
    stamps.push(`${relative}=${stamp}`);
    if (typeof size === "string") {
      problems.push({ line: parsed.locate(at), message: `${at.map(String).join(".")}: ${relative} ${size}` });
    } else {
      picture.width = size.width;
      picture.height = size.height;
    }
  }
  const key = [hash, ...stamps].join("|");
  if (problems.length > 0) return failed(sortedByLine(problems), key, pictures);
  return { ok: true, value: result.data, key, pictures };
}
