import fsSync from "node:fs";
import os from "node:os";
import path from "node:path";
import { eachLimited, isCurrent } from "~/exchange/media-files.server";
import { articleImagePath, readHead, stem, undecodablePicture, type SourceImage } from "./import-media.server";
import type { Problems } from "~/exchange/import-report";
import type { DownloadResult, PictureDownloads } from "./picture-download.server";
import { sniffPicture } from "./picture-format";

/**
 * Where the pictures a catalogue names come from (decision 039): a MIME_SOURCE is a path below the
 * --media folder (and MIME_ROOT), or an http(s) address; a MIME_ROOT that is an http(s) address
 * makes every relative MIME_SOURCE an address below it. A picture that cannot be had is a warning:
 * the product keeps its place and shows the site's placeholder (no picture), never an error.
 */
export interface PictureRoot {
  /** The local folder relative sources are resolved in. */
  folder: string;
  /** Set when MIME_ROOT is an http(s) address: relative sources are addresses below it. */
  url: URL | null;
  /** The --media folder and its real path (symbolic links resolved): no file outside both is read. */
  media: { folder: string; real: string };
  /** Why every local source is refused: a MIME_ROOT that leads outside --media. */
  refused: string | null;
}

const HTTP = /^https?:\/\//i;
/** A scheme of two letters or more (one letter is a Windows drive: `C:\bilder\a.jpg`). */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;
/** NUL and the other control characters: no file name a catalogue means has them. */
const CONTROL = /\p{Cc}/u;

const inside = (file: string, folder: string) => file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);

function realOr(file: string): string {
  try {
    // The C library's realpath: one call, where the JavaScript one stats every segment (100,000 pictures).
    return fsSync.realpathSync.native(file);
  } catch {
    return file;
  }
}

/**
 * The folder below which a catalogue's files are read (decision 066): MIME_ROOT is a path below
 * --media (leading slashes do not make it absolute), never a way out of it: `../../../../tmp` would
 * publish every picture and PDF the import can read.
 */
export function pictureRoot(mediaDir: string, mimeRoot: string): PictureRoot {
  const root = mimeRoot.trim();
  const media = { folder: path.resolve(mediaDir), real: realOr(path.resolve(mediaDir)) };
  if (HTTP.test(root)) {
    try {
      // A trailing slash, so that "bilder/a.jpg" lands below the root and does not replace its last segment.
      return { folder: media.folder, url: new URL(root.endsWith("/") ? root : `${root}/`), media, refused: null };
    } catch {
      // Not a valid address: read as a folder, where its pictures will be reported missing.
    }
  }
  const folder = path.resolve(media.folder, root.replace(/\\/g, "/").replace(/^\/+/, ""));
  const outside = CONTROL.test(root) || !inside(folder, media.folder) || !inside(realOr(folder), media.real);
  return { folder, url: null, media, refused: outside ? `MIME_ROOT "${root}" leads outside the media folder ${media.folder}` : null };
}

type Where = { kind: "file"; file: string } | { kind: "url"; url: string } | { kind: "refused"; reason: string };

export function locate(source: string, root: PictureRoot): Where {
  const text = source.trim();
  if (CONTROL.test(text)) return { kind: "refused", reason: `"${JSON.stringify(text).slice(1, -1)}" holds a control character (NUL, line break …)` };
  if (HTTP.test(text)) return { kind: "url", url: text };
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme) return { kind: "refused", reason: `"${text}" is a ${scheme.toLowerCase()}: address; only files below the media folder and http(s) addresses are read` };
  // A leading slash means the media folder's top, as BMEcat exports write it; never the disk's root.
  const relative = text.replace(/\\/g, "/").replace(/^\/+/, "");
  if (root.url) {
    try {
      return { kind: "url", url: new URL(relative.split("/").map(encodeURIComponentOnce).join("/"), root.url).href };
    } catch {
      return { kind: "refused", reason: `"${text}" does not make a valid address below ${root.url.href}` };
    }
  }
  if (root.refused) return { kind: "refused", reason: root.refused };
  const file = path.resolve(root.folder, relative);
  if (!inside(file, root.folder)) return { kind: "refused", reason: `"${text}" points outside ${root.folder}` };
  // A symbolic link below --media may point anywhere: the file the link reaches must be inside too.
  const real = realOr(file);
  if (!inside(real, root.media.real)) return { kind: "refused", reason: `"${text}" is a link to ${real}, outside the media folder ${root.media.folder}` };
  return { kind: "file", file: real };
}

/** Encodes spaces and umlauts of a file name, but leaves an already encoded `%20` alone. */
function encodeURIComponentOnce(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

/** Shown one by one; beyond that, one line per kind with the count and the first lines. */
export const LISTED_PER_KIND = 10;

const PICTURE_WORDS = { one: "picture", many: "pictures", single: "shown without this picture", grouped: "shown without a picture" };

/**
 * Picture warnings grouped by kind, so a file with 1,213 missing pictures reports ten of them with
 * their lines and one line for the rest, instead of 1,213 lines that hide every other warning.
 */
export class PictureWarnings {
  /** Lines of the pictures not listed: one number each, a few hundred kilobytes for 100,000 pictures. */
  private readonly rest = new Map<string, { count: number; lines: number[] }>();
  private readonly listed = new Map<string, number>();

  constructor(
    private readonly problems: Problems,
    /** How the messages name the files and what happens without one (documents use the same grouping). */
    private readonly words: { one: string; many: string; single: string; grouped: string } = PICTURE_WORDS,
  ) {}

  add(kind: string, line: number, message: string): void {
    const shown = this.listed.get(kind) ?? 0;
    if (shown < LISTED_PER_KIND) {
      this.listed.set(kind, shown + 1);
      this.problems.warn(line, "MIME_SOURCE", `${message}: ${this.words.single}`);
      return;
    }
    const rest = this.rest.get(kind) ?? { count: 0, lines: [] };
    rest.count++;
    rest.lines.push(line);
    this.rest.set(kind, rest);
  }

  /** The grouped lines: "1,203 more pictures missing below /srv/media (lines 120, 140, …)". */
  finish(): void {
    for (const [kind, { count, lines: all }] of this.rest) {
      const lines = [...new Set(all)].sort((a, b) => a - b).slice(0, 20);
      const more = all.length > lines.length ? ", …" : "";
      this.problems.warn(lines[0] ?? null, "MIME_SOURCE", `${count.toLocaleString("en")} more ${count === 1 ? this.words.one : this.words.many} ${kind} (lines ${lines.join(", ")}${more}): ${this.words.grouped}`);
    }
  }
}

export interface ResolveOptions {
  /** Null: http(s) pictures are not downloaded (a dry run without a data folder) but reported. */
  downloads: PictureDownloads | null;
  /** Called as downloads finish, for a progress bar. */
  onDownload?: (done: number, total: number) => void;
  /** The site's media folder: a local picture whose copy there is current is not decoded again. */
  siteMedia?: string;
}

/**
 * Resolves every picture a catalogue names (source → first line), downloading the http(s) ones.
 * Returns the usable pictures by source; each unusable one is a grouped warning.
 */
export async function resolveImages(sources: Map<string, number>, root: PictureRoot, problems: Problems, options: ResolveOptions): Promise<Map<string, SourceImage>> {
  const warnings = new PictureWarnings(problems);
  const entries = [...sources.entries()];
  const found: (Omit<SourceImage, "imagename"> | null)[] = new Array(entries.length).fill(null);
  const urls = new Map<string, number[]>();
  const localSources = new Set<string>();
  let localCount = 0;
  let localMissing = 0;

  await eachLimited(
    entries.map((entry, index) => ({ entry, index })),
    32,
    async ({ entry: [source, line], index }) => {
      const where = locate(source, root);
      if (where.kind === "refused") {
        warnings.add("that are neither files below the media folder nor http(s) addresses", line, where.reason);
        return;
      }
      if (where.kind === "url") {
        urls.set(where.url, [...(urls.get(where.url) ?? []), index]);
        return;
      }
      localCount++;
      const head = readHead(where.file);
      if (!head) {
        localMissing++;
        warnings.add(`missing below ${root.folder}`, line, `missing image file: ${where.file}`);
        return;
      }
      const format = sniffPicture(head);
      if (!format) {
        warnings.add("that are not pictures", line, `${where.file} is not a JPEG, PNG, WebP, GIF, TIFF or AVIF picture`);
        return;
      }
      found[index] = { file: where.file, format };
      localSources.add(source);
    },
  );

  if (urls.size > 0) {
    const list = [...urls.keys()];
    let results: Map<string, DownloadResult>;
    if (options.downloads) {
      results = await options.downloads.downloadAll(list, (done) => options.onDownload?.(done, list.length));
    } else {
      results = new Map(list.map((url) => [url, { ok: false, reason: "not downloaded in a dry run" }]));
    }
    for (const [url, indexes] of urls) {
      const result = results.get(url);
      const line = entries[indexes[0] as number]?.[1] ?? 0;
      if (!result?.ok) {
        warnings.add(`not downloaded from ${hostOf(url)}`, line, `${url}: ${result?.reason ?? "not downloaded"}`);
        continue;
      }
      if (result.fetched === "stale copy") warnings.add(`not checked again at ${hostOf(url)}`, line, `${url} could not be checked (${result.note}): the copy from an earlier import is used`);
      for (const index of indexes) found[index] = result.picture;
    }
  }
  if (localCount > 0 && localMissing === localCount) {
    problems.warn(null, "MIME_SOURCE", `none of the ${localCount.toLocaleString("en")} picture files the catalogue names is below ${root.folder}: is --media (or MIME_ROOT) right?`);
  }

  // Names in file order, so the same file gets the same name on every import.
  const resolved = new Map<string, SourceImage>();
  const used = new Map<string, string>();
  entries.forEach(([source], index) => {
    const image = found[index];
    if (!image) return;
    const base = stem(HTTP.test(source) ? safeDecode(new URL(source).pathname) : source);
    let name = base;
    for (let n = 2; used.has(name) && used.get(name) !== image.file; n++) name = `${base}_${n}`;
    used.set(name, image.file);
    // Spelled out: a spread here gave each of 100,000 objects a hidden class of its own (18 MB).
    resolved.set(source, { file: image.file, imagename: name, format: image.format });
  });
  // Downloads are decoded when they are encoded again; local files are checked here.
  await dropUndecodable(resolved, localSources, sources, options.siteMedia, warnings);
  warnings.finish();
  return resolved;
}

/**
 * Drops the local pictures the image variants could not be made from (issue 37): a file that only
 * starts like a JPEG passes the sniffer, and the site would answer each of its sizes with an error.
 * Decoding is the cost (about 5 ms a picture with JPEG's shrink-on-load), so a picture whose copy in
 * the site's media folder is current, checked by an earlier import, is not decoded again.
 */
async function dropUndecodable(resolved: Map<string, SourceImage>, local: Set<string>, lines: Map<string, number>, siteMedia: string | undefined, warnings: PictureWarnings): Promise<void> {
  const byFile = new Map<string, { image: SourceImage; sources: string[] }>();
  for (const [source, image] of resolved) {
    if (!local.has(source)) continue;
    const entry = byFile.get(image.file) ?? { image, sources: [] };
    entry.sources.push(source);
    byFile.set(image.file, entry);
  }
  await eachLimited([...byFile.values()], Math.max(1, os.availableParallelism()), async ({ image, sources }) => {
    if (siteMedia !== undefined) {
      const copy = fsSync.statSync(articleImagePath(siteMedia, image.imagename), { throwIfNoEntry: false }) ?? null;
      const original = fsSync.statSync(image.file, { throwIfNoEntry: false });
      if (original && isCurrent(original, copy, image.format === "jpeg")) return;
    }
    const reason = await undecodablePicture(image.file);
    if (reason === null) return;
    const line = Math.min(...sources.map((source) => lines.get(source) ?? 0));
    warnings.add("that cannot be decoded", line, `${image.file} is not a picture that can be decoded (${reason})`);
    for (const source of sources) resolved.delete(source);
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
