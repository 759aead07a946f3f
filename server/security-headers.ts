import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Env } from "~/env.server";

const origin = (url: string | undefined): string[] => {
  if (!url || !/^https?:\/\//.test(url)) return [];
  try {
    return [new URL(url.replace(/\{[xyzs]\}/g, "0")).origin];
  } catch {
    return [];
  }
};

/** Google Analytics 4 needs these only when an id is configured (and only after consent, in the page). */
const GA_SCRIPT = ["https://www.googletagmanager.com"];
const GA_CONNECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

type SecurityEnv = Env & { ANALYTICS_ID?: string; ANALYTICS_SCRIPT_URL?: string };

/**
 * The Content-Security-Policy, for a document with the given inline scripts (their `'sha256-…'`
 * hashes, which entry.server.tsx reports) or for any other answer (none). Hashes instead of a
 * per-response nonce: the header and the page it belongs to are the same bytes for every visitor,
 * so a stored page can be sent again unchanged and a shared cache may keep it (decision 025).
 * No 'unsafe-inline' for scripts; hosts outside our origin only where the configuration points.
 */
export function contentSecurityPolicy(env: SecurityEnv): (scriptHashes?: readonly string[]) => string {
  const media = origin(env.MEDIA_BASE_URL);
  const analyticsConnect = env.ANALYTICS_ID ? GA_CONNECT : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...(env.ANALYTICS_ID ? [...GA_SCRIPT, ...origin(env.ANALYTICS_SCRIPT_URL)] : [])],
    // Inline style attributes (React, Leaflet) need this; styles cannot run code.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...media, ...analyticsConnect],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...origin(env.CATALOG_API_URL), ...origin(env.RESELLER_API_URL), ...origin(env.MAILER_API_URL), ...analyticsConnect],
    ["media-src", "'self'", ...media],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...origin(env.MAILER_API_URL)],
    ["frame-ancestors", "'none'"],
    ["frame-src", "'none'"],
    ["worker-src", "'self'", "blob:"],
    ["manifest-src", "'self'"],
    ...(env.SITE_URL.startsWith("https://") ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  const serialize = (scriptHashes: readonly string[]) =>
    directives.map((directive) => (directive[0] === "script-src" ? [...directive, ...scriptHashes] : directive).join(" ")).join(";");
  const withoutScripts = serialize([]);
  return (scriptHashes = []) => (scriptHashes.length === 0 ? withoutScripts : serialize(scriptHashes));
}

/**
 * Security headers for every response: the Content-Security-Policy above (a page's own, with its
 * script hashes, replaces it once rendered), no framing, no sniffing, no referrer to other sites,
 * HSTS only over HTTPS.
 */
export function securityHeaders(env: SecurityEnv): RequestHandler[] {
  const policy = contentSecurityPolicy(env)();
  const https = env.SITE_URL.startsWith("https://");
  return [
    helmet({
      // Ours (above): helmet's would have to be told every page's script hashes before the page exists.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Images and PDFs may be embedded by dealers' sites; pages themselves may not be framed.
      crossOriginResourcePolicy: { policy: "same-site" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      // Geolocation for our own origin on every page: a document keeps its first policy through
      // client-side navigation, so a visitor who arrives anywhere must still be able to use "near me"
      // on the dealer page. The browser asks only when that button calls the Geolocation API.
      res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=(), usb=()");
      res.setHeader("Content-Security-Policy", policy);
      next();
    },
  ];
}

export type SecurityHeaders = () => [name: string, value: string][];

/**
 * The headers `securityHeaders(env)` gives a response, worked out once by running those same
 * middlewares against a recorder, for the request guard's refusals, which may be written before
 * Express has run (a throw in Node's own handler). Helmet stays the one place they are defined.
 */
export function securityHeadersTemplate(env: SecurityEnv): SecurityHeaders {
  const headers = new Map<string, string>();
  const res = {
    locals: {},
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  const req = { path: "/", url: "/", method: "GET", headers: {} };
  for (const middleware of securityHeaders(env)) {
    let passed = false;
    // A recorder, not Express: the middlewares only read the path and write headers.
    middleware(req as never, res as never, (error?: unknown) => {
      if (error) throw error;
      passed = true;
    });
    if (!passed) throw new Error("a security middleware did not pass the request on");
  }
  const recorded = [...headers];
  return () => recorded;
}
