import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Env } from "~/env.server";

declare module "express-serve-static-core" {
  interface Locals {
    /** A fresh random value per response; inline scripts carry it, the CSP allows only it. */
    cspNonce: string;
  }
}

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

const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * 128 random bits per response. Drawn from the system's CSPRNG 512 nonces at a time: one call per
 * response was a measurable part of answering a cached page; each byte is still used only once.
 */
export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 512);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  };
}

/**
 * Security headers for every response: a nonce-based Content-Security-Policy (no 'unsafe-inline'
 * for scripts), no framing, no sniffing, no referrer to other sites, HSTS only over HTTPS.
 * Hosts outside our origin are allowed only when the configuration points there.
 */
export function securityHeaders(env: Env & { ANALYTICS_ID?: string; ANALYTICS_SCRIPT_URL?: string }): RequestHandler[] {
  const analytics = env.ANALYTICS_ID ? [...GA_SCRIPT, ...origin(env.ANALYTICS_SCRIPT_URL)] : [];
  const analyticsConnect = env.ANALYTICS_ID ? GA_CONNECT : [];
  const remote = [...origin(env.CATALOG_API_URL), ...origin(env.RESELLER_API_URL), ...origin(env.MAILER_API_URL)];
  const media = origin(env.MEDIA_BASE_URL);
  const https = env.SITE_URL.startsWith("https://");
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`, ...analytics],
          // Inline style attributes (React, Leaflet) need this; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...media, ...(env.ANALYTICS_ID ? GA_CONNECT : [])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...remote, ...analyticsConnect],
          mediaSrc: ["'self'", ...media],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...origin(env.MAILER_API_URL)],
          frameAncestors: ["'none'"],
          frameSrc: ["'none'"],
          workerSrc: ["'self'", "blob:"],
          manifestSrc: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
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
      next();
    },
  ];
}

/** Stands for the nonce while the headers are worked out once; no header or nonce contains it. */
const NONCE_PLACEHOLDER = "\u0000nonce\u0000";

export type SecurityHeaders = (pathname: string, nonce: string) => [name: string, value: string][];

/**
 * The headers `securityHeaders(env)` gives a response, worked out once by running those same
 * middlewares against a recorder, for answers made without Express (server/page-path.ts). Helmet
 * stays the one place they are defined. Every page gets the same headers, whatever its path.
 */
export function securityHeadersTemplate(env: Parameters<typeof securityHeaders>[0]): SecurityHeaders {
  const record = (): [string, string[]][] => {
    const headers = new Map<string, string>();
    const res = {
      locals: { cspNonce: NONCE_PLACEHOLDER },
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
    return [...headers].map(([name, value]) => [name, value.split(NONCE_PLACEHOLDER)]);
  };
  const page = record();
  return (_pathname, nonce) => page.map(([name, parts]) => [name, parts.length === 1 ? (parts[0] ?? "") : parts.join(nonce)]);
}
