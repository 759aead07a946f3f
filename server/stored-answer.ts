import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One encoding of a stored answer: the raw header list for writeHead and the body. */
interface Variant {
  head: string[];
  body: Buffer;
}

/**
 * A page or API answer as the page cache keeps it (server/response-cache.ts): immutable bytes, made
 * once when it is stored and written as they are to everyone who asks (decision 025).
 */
export interface StoredAnswer {
  etag: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  /** What a 304 repeats: the validator and the headers that guide caches. */
  notModified: string[];
  bytes: number;
  storedAt: number;
  /** Epoch ms after which the entry is stale: set when the route gave its own `s-maxage`. */
  expiresAt?: number;
}

const MIN_COMPRESS_BYTES = 1024;
/** Brotli at 6 is within 1 % of 9 on our pages for a twentieth of the time; 11 saves 10 % more at 50×. */
const BROTLI_QUALITY = 6;
/** Per-response or per-connection headers, or set when sending; the rest of an answer's head is stored. */
const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive", "age"]);
/** What a 304 carries (RFC 9110, 15.4.5), and the language cookie, which the visit still chooses. */
const NOT_MODIFIED_HEADERS = new Set(["etag", "cache-control", "vary", "expires", "content-location", "set-cookie"]);

/** A header value as one string (Node keeps repeated ones as arrays). */
export function headerText(value: number | string | string[] | undefined): string {
  return value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
}

/** The answer's head as it stands, minus what is per response. */
function storedHead(res: ServerResponse): string[] {
  const head: string[] = [];
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    if (value === undefined || SKIPPED_HEADERS.has(name)) continue;
    for (const line of Array.isArray(value) ? value : [String(value)]) head.push(name, line);
  }
  return head;
}

/** The answer the chain has made, headers and body, as the cache keeps it: with its gzip and brotli forms. */
export async function storedAnswer(
  res: ServerResponse,
  body: Buffer,
  { storedAt, expiresAt, compress }: { storedAt: number; expiresAt: number | undefined; compress: boolean },
): Promise<StoredAnswer> {
  const head = storedHead(res);
  const identity = Buffer.from(body);
  const variant = (buffer: Buffer, encoding?: string): Variant => ({
    head: [...head, ...(encoding ? ["content-encoding", encoding] : []), "content-length", String(buffer.length)],
    body: buffer,
  });
  const notModified: string[] = [];
  for (let i = 0; i < head.length; i += 2) {
    if (NOT_MODIFIED_HEADERS.has(head[i] as string)) notModified.push(head[i] as string, head[i + 1] as string);
  }
  const entry: StoredAnswer = {
    etag: headerText(res.getHeader("etag")),
    identity: variant(identity),
    notModified,
    bytes: identity.length + 1024,
    storedAt,
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
  // A drawn image (PNG) is compressed already.
  if (compress && identity.length >= MIN_COMPRESS_BYTES) {
    // Off the event loop (zlib's thread pool), both at once.
    const [br, gz] = await Promise.all([
      brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    entry.br = variant(br, "br");
    entry.gzip = variant(gz, "gzip");
    entry.bytes += br.length + gz.length;
  }
  return entry;
}

/** Negotiator 1.0 takes a preference; @types/negotiator does not know it yet. */
type NegotiatorWithPreference = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/** Browsers send one of a handful of Accept-Encoding values: each is negotiated once, not on every hit. */
const encodingChoices = new Map<string, string | undefined>();

/** Brotli where the client takes it at the same weight as gzip (browsers list gzip first): it is the smaller. */
function preferredEncoding(req: IncomingMessage): string | undefined {
  const header = req.headers["accept-encoding"] ?? "";
  if (encodingChoices.has(header)) return encodingChoices.get(header);
  const choice = (new Negotiator(req) as unknown as NegotiatorWithPreference).encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] });
  // Any client may send any value: only short ones are kept, and at most 256.
  if (header.length <= 256) {
    if (encodingChoices.size >= 256) encodingChoices.clear();
    encodingChoices.set(header, choice);
  }
  return choice;
}

/** Answers written from a stored entry: the compression middleware leaves them as they are. */
const storedAnswers = new WeakSet<ServerResponse>();

export function isStoredAnswer(res: ServerResponse): boolean {
  return storedAnswers.has(res);
}

/**
 * Writes a stored answer as it is: one writeHead with the stored header list, one write of the
 * stored body. Only `Age` is added, for entries whose route set their own lifetime. Headers the
 * chain set before (a hit found after the version check, or the storing request itself) are
 * dropped first, so the answer is the same wherever it is written: a 304 that carried the chain's
 * general Content-Security-Policy would replace the page's own in the browser's copy.
 */
export function sendStoredAnswer(req: IncomingMessage, res: ServerResponse, entry: StoredAnswer, now: number): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  storedAnswers.add(res);
  const age = entry.expiresAt === undefined ? null : ["age", String(Math.floor((now - entry.storedAt) / 1000))];
  if (fresh(req.headers, { etag: entry.etag })) {
    res.writeHead(304, age ? [...entry.notModified, ...age] : entry.notModified);
    res.end();
    return;
  }
  let variant = entry.identity;
  if (entry.br && entry.gzip) {
    const encoding = preferredEncoding(req);
    if (encoding === "br") variant = entry.br;
    else if (encoding === "gzip") variant = entry.gzip;
  }
  res.writeHead(200, age ? [...variant.head, ...age] : variant.head);
  // Node sends no body for a HEAD request whatever is written (a HEAD may be rendered as GET, with
  // req.method changed); its length is the GET's.
  res.end(variant.body);
}
