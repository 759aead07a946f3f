/**
 * What the page cache (server/response-cache.ts) reads from an answer's head: which answers it may
 * keep by type and by `Vary`, and the headers it adds for caches in front.
 */

/** Text answers: stored with their gzip and brotli forms, and given the cache's Cache-Control when the route set none. */
const TEXT = /^(text\/html|application\/json|application\/xml|text\/plain|image\/svg\+xml)/;
/** Drawn images (the QR codes' PNG): stored as they are, already compressed. */
const DRAWN = /^image\/png/;

export function compressible(contentType: string): boolean {
  return TEXT.test(contentType);
}

/** Types the page cache keeps: a QR code costs more to draw than most pages to render (issue 37). */
export function storable(contentType: string): boolean {
  return TEXT.test(contentType) || DRAWN.test(contentType);
}

/** A Vary value with `name` added once. */
export function withVary(value: string | undefined, name: string): string {
  const names = (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return names.some((n) => n.toLowerCase() === name.toLowerCase()) ? names.join(", ") : [...names, name].join(", ");
}

/**
 * The Cache-Control of an answer that sets a cookie: a shared cache must not replay it (and its
 * cookie) to others, so `public` and `s-maxage` give way to `private`; `no-store` stays as it is.
 */
export function privately(cacheControl: string): string {
  if (/\b(no-store|private)\b/i.test(cacheControl)) return cacheControl;
  const kept = cacheControl
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d && !/^(public|s-maxage\b|proxy-revalidate)/i.test(d));
  return ["private", ...(kept.length > 0 ? kept : ["max-age=0"])].join(", ");
}


/**
 * Request headers an answer may vary by and still be stored: its encodings are kept side by side,
 * and the key holds the language cookie, the only cookie a page reads. An answer that names any
 * other in its `Vary` (a Digital Link negotiates `Accept` and `Accept-Language`) is made for that
 * request alone: stored under its URL it would be replayed to everyone (issue 37). Keying on such
 * headers instead would let clients fill the cache with one copy per value they make up.
 */
const KEYED_HEADERS = new Set(["accept-encoding", "cookie"]);

/** Whether the key covers every request header a `Vary` value names (`*` covers nothing). */
export function keyCoversVary(vary: string): boolean {
  return vary
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === "" || KEYED_HEADERS.has(name));
}
