import { createHash, randomBytes } from "node:crypto";
import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { once } from "node:events";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import SQLite from "better-sqlite3";
import { eachLimited } from "~/exchange/media-files.server";
import { refusedAddress, type PictureHosts } from "./download-addresses.server";
import { encodeSiteJpeg } from "./import-media.server";
import { sniffPicture, type PictureFormat } from "./picture-format";

/**
 * Pictures a catalogue names by http(s) address, downloaded during the import (decision 039) into
 * DATA_DIR/picture-downloads and remembered there by address and validator (ETag, Last-Modified),
 * so the next import asks with If-None-Match / If-Modified-Since and gets a 304 instead of the
 * bytes. node:http rather than fetch: its `lookup` hook checks the address actually connected to,
 * on every redirect, which a check of the host name before fetch cannot (DNS can answer
 * differently the second time).
 */
export interface DownloadSettings {
  /** Per picture, from connecting to the last byte. */
  timeoutMs: number;
  maxBytes: number;
  /** Downloads at the same time. */
  concurrency: number;
  maxRedirects: number;
  /** "private": public, private-network and loopback hosts (a PIM on the intranet); "public": public hosts only. */
  hosts: PictureHosts;
}

export const DEFAULT_DOWNLOAD_SETTINGS: DownloadSettings = {
  timeoutMs: 30_000,
  maxBytes: 25 * 1024 * 1024,
  concurrency: 4,
  maxRedirects: 5,
  hosts: "private",
};

export interface DownloadedPicture<F extends string = PictureFormat> {
  file: string;
  format: F;
}

export type DownloadResult<F extends string = PictureFormat> =
  | { ok: true; picture: DownloadedPicture<F>; fetched: "downloaded" | "not modified" | "fresh" | "stale copy"; note?: string }
  | { ok: false; reason: string };

/**
 * What kind of file a download must be: pictures, or an article's PDFs (decision 050). The content
 * decides (`sniff` on the first 16 bytes), never the name or the server's type.
 */
export interface DownloadKind<F extends string> {
  /** Below DATA_DIR: the copies and their index. */
  folder: string;
  accept: string;
  sniff: (head: Uint8Array) => F | null;
  /** What the file should have been, for the message: "a PDF". */
  expected: string;
  /**
   * Makes the file that is kept from the one received (`into`, then the received one is deleted);
   * throws when it cannot. Pictures are encoded again, so only their pixels are republished.
   */
  finish?: (received: string, into: string) => Promise<F>;
  /** Bumped when `finish` changes: copies kept by an earlier version are dropped and fetched again. */
  version?: number;
}

const PICTURES: DownloadKind<PictureFormat> = {
  folder: "picture-downloads",
  accept: "image/*",
  sniff: sniffPicture,
  expected: "a JPEG, PNG, WebP, GIF, TIFF or AVIF picture",
  finish: async (received, into) => {
    try {
      await encodeSiteJpeg(received, into);
    } catch (error) {
      throw new DownloadError(`not a picture that can be decoded (${(error as Error).message.split("\n")[0]})`);
    }
    return "jpeg";
  },
  // 2: encoded again (issue 37); version 1 kept the bytes as received.
  version: 2,
};

/** What one request (after its redirects) brought. */
type Answer<F extends string> = { status: 200 | 304; format?: F; etag: string | null; lastModified: string | null; maxAgeMs: number };

class DownloadError extends Error {
  override name = "DownloadError";
  /** True when asking again will not help (a 404, a refused address): a stale copy is not used then. */
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

interface CacheRow<F extends string> {
  url: string;
  file: string;
  format: F;
  etag: string | null;
  last_modified: string | null;
  fresh_until: number;
  last_used: number;
}

/** Entries no import has named for this long are deleted with their files. */
const UNUSED_DAYS = 30;

export class FileDownloads<F extends string> {
  private readonly db: SQLite.Database;
  private readonly dir: string;
  private readonly settings: DownloadSettings;

  constructor(
    dataDir: string,
    settings: Partial<DownloadSettings>,
    private readonly kind: DownloadKind<F>,
  ) {
    this.settings = { ...DEFAULT_DOWNLOAD_SETTINGS, ...settings };
    this.dir = path.join(dataDir, kind.folder);
    fs.mkdirSync(this.dir, { recursive: true });
    this.db = new SQLite(path.join(this.dir, "index.sqlite"));
    this.db.pragma("journal_mode = WAL");
    this.db.exec(`create table if not exists pictures (
      url text primary key, file text not null, format text not null, etag text, last_modified text,
      fresh_until integer not null, last_used integer not null)`);
    const columns = this.db.prepare("select name from pragma_table_info('pictures')").pluck().all();
    if (!columns.includes("version")) this.db.exec("alter table pictures add column version integer not null default 1");
    this.prune();
  }

  close(): void {
    this.db.close();
  }

  private prune(): void {
    // Left by an import that was stopped mid-download; one import runs at a time (the import lock).
    for (const name of fs.readdirSync(this.dir)) if (name.endsWith(".tmp")) fs.rmSync(path.join(this.dir, name), { force: true });
    const before = Date.now() - UNUSED_DAYS * 86_400_000;
    const version = this.kind.version ?? 1;
    const old = this.db.prepare("select file from pictures where last_used < ? or version <> ?").all(before, version) as { file: string }[];
    for (const { file } of old) fs.rmSync(path.join(this.dir, file), { force: true });
    this.db.prepare("delete from pictures where last_used < ? or version <> ?").run(before, version);
  }

  private cached(url: string): (CacheRow<F> & { path: string }) | null {
    const row = this.db.prepare("select * from pictures where url = ?").get(url) as CacheRow<F> | undefined;
    if (!row) return null;
    const file = path.join(this.dir, row.file);
    return fs.existsSync(file) ? { ...row, path: file } : null;
  }

  /** Downloads each address, `concurrency` at a time; `onDone` after each. */
  async downloadAll(urls: readonly string[], onDone?: (done: number) => void): Promise<Map<string, DownloadResult<F>>> {
    const results = new Map<string, DownloadResult<F>>();
    let done = 0;
    await eachLimited(urls, this.settings.concurrency, async (url) => {
      results.set(url, await this.download(url));
      onDone?.(++done);
    });
    return results;
  }

  async download(url: string): Promise<DownloadResult<F>> {
    const now = Date.now();
    const cached = this.cached(url);
    const reuse = (row: CacheRow<F> & { path: string }, fetched: "not modified" | "fresh" | "stale copy", note?: string): DownloadResult<F> => {
      this.db.prepare("update pictures set last_used = ? where url = ?").run(now, url);
      return { ok: true, picture: { file: row.path, format: row.format }, fetched, ...(note ? { note } : {}) };
    };
    if (cached && cached.fresh_until > now) return reuse(cached, "fresh");
    const validators: Record<string, string> = {};
    if (cached?.etag) validators["If-None-Match"] = cached.etag;
    if (cached?.last_modified) validators["If-Modified-Since"] = cached.last_modified;
    const name = `${createHash("sha256").update(url).digest("hex").slice(0, 32)}.${randomBytes(3).toString("hex")}`;
    const temporary = path.join(this.dir, `${name}.tmp`);
    const finished = path.join(this.dir, `${name}.finished.tmp`);
    try {
      const answer = await this.fetch(url, validators, temporary);
      const freshUntil = now + answer.maxAgeMs;
      if (answer.status === 304 && cached) {
        this.db.prepare("update pictures set fresh_until = ?, etag = coalesce(?, etag), last_modified = coalesce(?, last_modified) where url = ?").run(freshUntil, answer.etag, answer.lastModified, url);
        return reuse(cached, "not modified");
      }
      if (answer.status === 304) throw new DownloadError("the server answered 304 Not Modified to a request without validators");
      let format = answer.format as F;
      if (this.kind.finish) {
        format = await this.kind.finish(temporary, finished);
        fs.renameSync(finished, temporary);
      }
      fs.renameSync(temporary, path.join(this.dir, name));
      this.db
        .prepare("insert or replace into pictures (url, file, format, etag, last_modified, fresh_until, last_used, version) values (?, ?, ?, ?, ?, ?, ?, ?)")
        .run(url, name, format, answer.etag, answer.lastModified, freshUntil, now, this.kind.version ?? 1);
      // The previous copy may still be linked into the site's media; the link keeps its bytes.
      if (cached && cached.file !== name) fs.rmSync(cached.path, { force: true });
      return { ok: true, picture: { file: path.join(this.dir, name), format }, fetched: "downloaded" };
    } catch (error) {
      for (const file of [temporary, finished]) fs.rmSync(file, { force: true });
      const reason = error instanceof DownloadError ? error.message : describeNetworkError(error);
      // A server that is down today should not take the pictures of yesterday's import away.
      if (cached && !(error instanceof DownloadError && error.final)) return reuse(cached, "stale copy", reason);
      return { ok: false, reason };
    }
  }

  /** One request with redirects; the body lands in `temporary` when it is a picture. */
  private async fetch(
    url: string,
    headers: Record<string, string>,
    temporary: string,
  ): Promise<Answer<F>> {
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      return await this.follow(url, headers, temporary, signal);
    } catch (error) {
      // When the time-out fires mid-body, the socket's reset may reach the pipeline before the
      // abort does; the cause is still the time-out.
      if (signal.aborted && !(error instanceof DownloadError)) throw new DownloadError("no complete answer within the time-out");
      throw error;
    }
  }

  private async follow(
    url: string,
    headers: Record<string, string>,
    temporary: string,
    signal: AbortSignal,
  ): Promise<Answer<F>> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = parseHttpUrl(current);
      const response = await this.request(target, headers, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
        response.resume();
        if (hop >= this.settings.maxRedirects) throw new DownloadError(`more than ${this.settings.maxRedirects} redirects`);
        current = new URL(response.headers.location, target).href;
        continue;
      }
      const etag = response.headers.etag ?? null;
      const lastModified = response.headers["last-modified"] ?? null;
      const maxAgeMs = freshness(response.headers["cache-control"]);
      if (status === 304) {
        response.resume();
        return { status, etag, lastModified, maxAgeMs };
      }
      if (status !== 200) {
        response.resume();
        throw new DownloadError(`the server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`, status === 404 || status === 410);
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > this.settings.maxBytes) {
        response.destroy();
        throw new DownloadError(`${megabytes(declared)} is larger than the limit of ${megabytes(this.settings.maxBytes)}`);
      }
      const format = await this.save(response, temporary, signal);
      return { status, format, etag, lastModified, maxAgeMs };
    }
  }

  private request(target: URL, headers: Record<string, string>, signal: AbortSignal): Promise<http.IncomingMessage> {
    const hosts = this.settings.hosts;
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(literal)) {
      const refused = refusedAddress(literal, hosts);
      if (refused) return Promise.reject(new DownloadError(`not downloaded: ${refused}`, true));
    }
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, "", 4);
        const allowed = addresses.filter((a) => refusedAddress(a.address, hosts) === null);
        if (allowed.length === 0) {
          const first = addresses[0]?.address ?? hostname;
          return callback(new DownloadError(`not downloaded: ${refusedAddress(first, hosts) ?? "no address"}`, true), "", 4);
        }
        if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
        const [first] = allowed as [dns.LookupAddress];
        callback(null, first.address, first.family);
      });
    };
    const client = target.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(target, { headers: { "User-Agent": "velocat-import", Accept: this.kind.accept, ...headers }, lookup, signal, agent: false }, resolve);
      request.on("error", reject);
    });
  }

  /** Streams the body into `temporary`, at most maxBytes, and sniffs its first bytes. */
  private async save(response: http.IncomingMessage, temporary: string, signal: AbortSignal): Promise<F> {
    const max = this.settings.maxBytes;
    const { sniff, expected } = this.kind;
    let received = 0;
    let head = Buffer.alloc(0);
    let format: F | null = null;
    const check = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > max) return callback(new DownloadError(`larger than the limit of ${megabytes(max)}`));
        if (format === null && head.length < 16) {
          head = Buffer.concat([head, chunk]).subarray(0, 16);
          if (head.length >= 16) {
            format = sniff(head);
            if (format === null) return callback(notWhatWasAsked(response, expected));
          }
        }
        callback(null, chunk);
      },
      flush(callback) {
        if (format === null) format = sniff(head);
        callback(format === null ? notWhatWasAsked(response, expected) : null);
      },
    });
    const out = fs.createWriteStream(temporary);
    try {
      await pipeline(response, check, out, { signal });
    } finally {
      // A failure while the file is still being opened (libuv's pool busy, a time-out) would let the
      // open create it after the caller's clean-up: an empty .tmp left behind. Closed, it is final.
      if (!out.closed) await once(out, "close").catch(() => undefined);
    }
    return format as unknown as F;
  }
}

/** Pictures a catalogue names by address, kept in DATA_DIR/picture-downloads. */
export class PictureDownloads extends FileDownloads<PictureFormat> {
  constructor(dataDir: string, settings: Partial<DownloadSettings> = {}) {
    super(dataDir, settings, PICTURES);
  }
}

function notWhatWasAsked(response: http.IncomingMessage, expected: string): DownloadError {
  const type = response.headers["content-type"]?.split(";")[0]?.trim();
  return new DownloadError(`not ${expected}${type ? ` (the server says ${type})` : ""}`);
}

/** Milliseconds a response may be reused without asking, from Cache-Control max-age. */
function freshness(cacheControl: string | undefined): number {
  if (!cacheControl || /no-cache|no-store/i.test(cacheControl)) return 0;
  const age = /max-age=(\d+)/i.exec(cacheControl)?.[1];
  return age ? Math.min(Number(age), 30 * 86_400) * 1000 : 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Only http and https: never file:, ftp: or anything else a hostile file might name. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DownloadError("not a valid web address", true);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new DownloadError(`${url.protocol} addresses are not downloaded, only http and https`, true);
  return url;
}

function describeNetworkError(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { name?: string };
    if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "the host name is unknown";
  if (e.code === "ECONNREFUSED") return "the connection was refused";
  if (e.code === "ECONNRESET") return "the connection was reset";
  if (e.code?.startsWith("ERR_TLS") || /certificate/i.test(e.message ?? "")) return `TLS failed: ${e.message}`;
  return e.message || String(error);
}

export { DownloadError };
