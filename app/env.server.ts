import path from "node:path";
import { z } from "zod";
import { mediaDirectory } from "~/utils/media-directory.server";
import { redactUrl } from "~/utils/redact-url";
import { parseResponsiblePerson, RESPONSIBLE_PERSON_FORMAT, type ResponsiblePerson } from "~/utils/responsible-person";

/**
 * Every environment variable the server reads, with its default. docs/configuration.md's table
 * mirrors this schema; `loadEnv` is called once at start-up so a bad value stops the server with a
 * one-line message instead of failing later inside a request.
 */
const port = z.coerce
  .number({ message: "must be a whole number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const baseUrl = z
  .string()
  .trim()
  .refine((value) => value === "" || value.startsWith("/") || /^https?:\/\/[^\s]+$/.test(value), {
    message: "must be empty, a path starting with '/' or an http(s) URL",
  })
  .transform((value) => value.replace(/\/+$/, ""));

const absoluteUrlOrEmpty = z
  .string()
  .trim()
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/.test(value), "must be empty or an http(s) URL such as https://api.example.com")
  .transform((value) => value.replace(/\/+$/, ""))
  .default("");

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => value === "" || /^postgres(ql)?:\/\/[^\s/]+/.test(value),
    "must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL such as postgres://velocat@db.example.com:5432/velocat",
  )
  .default("");

const mailAddress = z
  .string()
  .trim()
  .refine((value) => value === "" || z.regexes.email.test(value), "must be empty or an e-mail address such as info@example.com");

const responsiblePerson = z
  .string()
  .trim()
  .transform((value, ctx): ResponsiblePerson | null => {
    const person = parseResponsiblePerson(value, (text) => z.regexes.email.test(text));
    if (person !== undefined) return person;
    ctx.addIssue({ code: "custom", message: RESPONSIBLE_PERSON_FORMAT });
    return z.NEVER;
  });

const trustProxy = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    // A hop count is the safe choice: with `true` the client's own X-Forwarded-For entry is believed.
    if (/^(true|yes)$/i.test(value)) return true;
    if (/^(false|no|0)$/i.test(value)) return false;
    if (/^[1-9][0-9]?$/.test(value)) return Number(value);
    return value;
  })
  .refine(
    (value) =>
      typeof value !== "string" ||
      value.split(",").every((item) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/[0-9]{1,3})?)$/i.test(item.trim())),
    {
      message: "must be true, false, a number of proxy hops, or comma-separated addresses/subnets (e.g. loopback, 10.0.0.0/8)",
    },
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  /**
   * Pictures, documents, the catalogue PDF and image variants; empty means DATA_DIR/media. Several
   * instances point it at one shared folder, so what one builds the others serve.
   */
  MEDIA_DIR: z.string().trim().default(""),
  /**
   * What editors change (texts, slides, documents list, legal pages; decision 059): read at start
   * and kept live. Several instances may share one folder.
   */
  CONTENT_DIR: z.string().trim().min(1, "must not be empty").default("./content"),
  /** The shared store for several instances; empty means the SQLite file in DATA_DIR. */
  DATABASE_URL: databaseUrl,
  /** PostgreSQL connections one instance keeps open at most. */
  DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  /** A PostgreSQL statement running longer than this is cancelled, so one slow query cannot hold a connection. */
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(10_000),
  SITE_URL: z
    .url({ message: "must be an absolute http(s) URL such as https://www.example.com" })
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .transform((value) => value.replace(/\/+$/, ""))
    // Unset: the address this server is reached at on its own machine (`servedAddress`), never a
    // request's Host header, which any client chooses and the page cache would then keep.
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_SEED: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(1962),
  /** Where the catalogue JSON comes from: empty means our own database. */
  CATALOG_API_URL: baseUrl.default(""),
  /** Where the dealer list comes from: empty means our own database. */
  RESELLER_API_URL: baseUrl.default(""),
  /** Where the contact form posts to: empty means our own mailer endpoint. */
  MAILER_API_URL: baseUrl.default(""),
  /** Prefix of every image and PDF address. */
  MEDIA_BASE_URL: baseUrl.default("/media"),
  /** Where the tile proxy fetches map tiles; {z}, {x} and {y} are replaced. */
  TILE_UPSTREAM_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value) && ["{z}", "{x}", "{y}"].every((p) => value.includes(p)), {
      message: "must be an http(s) URL containing {z}, {x} and {y}",
    })
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** Days a fetched tile is kept at least; the OSM tile usage policy asks for 7 or more. */
  TILE_CACHE_DAYS: z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(7, "must be at least 7 (OpenStreetMap tile usage policy)")
    .default(7),
  /** Map tiles kept on disk at most, in megabytes; the least recently used go first. */
  TILE_CACHE_MAX_MB: wholeNumber(16, 1_000_000).default(512),
  /**
   * Bytes of pages and API answers the page cache keeps, in megabytes (each answer with its brotli
   * and gzip copies); the least recently used go first. Outside the JavaScript heap, so on top of it.
   */
  PAGE_CACHE_MAX_MB: wholeNumber(1, 4096).default(32),
  /** Resized pictures (MEDIA_DIR/.variants) kept on disk at most, in megabytes; the least recently used go first. */
  VARIANT_CACHE_MAX_MB: wholeNumber(16, 1_000_000).default(1024),
  /** Tiles one client address may have fetched from the tile server per minute (cached tiles do not count). */
  TILE_RATE_LIMIT: wholeNumber(10, 1_000_000).default(300),
  /** Open connections at most; more are closed at once. */
  MAX_CONNECTIONS: wholeNumber(16, 1_000_000).default(4096),
  /**
   * Open connections one client address may hold (a trusted proxy's excepted), so one client
   * cannot take them all; room for an office of browsers behind one NAT address.
   */
  MAX_CONNECTIONS_PER_CLIENT: wholeNumber(1, 1_000_000).default(256),
  /** Uncached renders one client address may ask for per minute (as many at once); 0 means no limit. */
  RENDER_RATE_LIMIT: wholeNumber(0, 1_000_000).default(240),
  /** Express "trust proxy": false, true, a hop count or addresses/subnets (comma-separated). */
  TRUST_PROXY: trustProxy.default(false),
  /** Contact messages accepted per client address in 10 minutes. */
  CONTACT_RATE_LIMIT: wholeNumber(1, 1_000_000).default(5),
  /** Days a delivered contact message stays in the database before the worker deletes it. */
  CONTACT_RETENTION_DAYS: wholeNumber(1, 3650).default(180),
  /**
   * Seconds a contact message being sent is one instance's alone; when that instance dies, another
   * sends the message after this. Longer than one SMTP attempt (three 20 s time-outs at most).
   */
  CONTACT_LEASE_SECONDS: wholeNumber(5, 86_400).default(300),
  /** Where contact messages are delivered: smtp(s)://user:pass@host:port; empty stores them unsent. */
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => value === "" || /^smtps?:\/\/[^\s/]+/.test(value), "must be empty or an smtp:// or smtps:// URL")
    .default(""),
  /** Sender and recipient of contact e-mails; empty means the brand's e-mail address. */
  MAIL_FROM: mailAddress.default(""),
  MAIL_TO: mailAddress.default(""),
  /** Google Analytics 4 measurement id (G-…); empty means no analytics at all. Loaded only after consent. */
  ANALYTICS_ID: z
    .string()
    .trim()
    .refine((value) => value === "" || /^G-[A-Z0-9]{4,16}$/.test(value), "must be empty or a GA4 measurement id such as G-ABC1234567")
    .default(""),
  /** The provider's catalogue and dealer hosts that `npm run import -- provider` reads by default. */
  SYNC_CATALOG_URL: absoluteUrlOrEmpty,
  SYNC_RESELLER_URL: absoluteUrlOrEmpty,
  /** Seconds one picture named by http(s) address in a BMEcat file may take to download (decision 039). */
  IMPORT_PICTURE_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(30),
  /** Megabytes one downloaded picture may have at most; a larger one is a warning and not shown. */
  IMPORT_PICTURE_MAX_MB: wholeNumber(1, 1024).default(25),
  /** Hosts pictures are downloaded from: "private" (also intranet and loopback, for a PIM inside the network) or "public". Link-local never. */
  IMPORT_PICTURE_HOSTS: z.enum(["private", "public"], { message: 'must be "private" or "public"' }).default("private"),
  /** Dealer stock older than this many hours is never claimed as "in stock" (decision 055). */
  STOCK_MAX_AGE_HOURS: wholeNumber(1, 8_760).default(48),
  /** Minutes between provider syncs run by the server itself; 0 means never. Needs both SYNC_*_URLs. */
  SYNC_INTERVAL_MINUTES: wholeNumber(0, 10_080).default(0),
  /**
   * The EU responsible person every article page names beside the manufacturer (issue 28); empty:
   * none, the brand itself is the contact (a maker established in the EU needs none).
   */
  EU_RESPONSIBLE_PERSON: responsiblePerson.default(null),
  /** Where the browser loads gtag.js from after consent; tests point it at a local stub. */
  ANALYTICS_SCRIPT_URL: z
    .url({ message: "must be an absolute http(s) URL" })
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .default("https://www.googletagmanager.com/gtag/js"),
});

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & {
  /** The public address: as set, or the one served (`servedAddress`). */
  SITE_URL: string; DATA_DIR_ABSOLUTE: string; MEDIA_DIR_ABSOLUTE: string; CONTENT_DIR_ABSOLUTE: string };

/** Rules between variables, each reported under the variable to change. */
function crossCheck(env: z.infer<typeof envSchema>): [string, string][] {
  const problems: [string, string][] = [];
  if (env.SYNC_INTERVAL_MINUTES > 0 && (env.SYNC_CATALOG_URL === "" || env.SYNC_RESELLER_URL === "")) {
    problems.push(["SYNC_INTERVAL_MINUTES", "needs SYNC_CATALOG_URL and SYNC_RESELLER_URL (the provider's hosts to sync from)"]);
  }
  if (env.MAX_CONNECTIONS_PER_CLIENT > env.MAX_CONNECTIONS) {
    problems.push(["MAX_CONNECTIONS_PER_CLIENT", `must not exceed MAX_CONNECTIONS (${env.MAX_CONNECTIONS})`]);
  }
  return problems;
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** The value as the message quotes it; a password in a URL (DATABASE_URL, SMTP_URL) stays out of logs. */
function shown(value: string | undefined): string {
  return JSON.stringify(redactUrl(value ?? ""));
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", the way shells and .env files are usually written.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    // One line per variable: the first problem is the one to fix.
    const byName = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = issue.path.join(".");
      if (!byName.has(name)) {
        byName.set(name, `Invalid environment variable ${name}=${shown(source[name])}: ${issue.message}`);
      }
    }
    throw new EnvError([...byName.values()].join("\n"));
  }
  const crossed = crossCheck(result.data);
  if (crossed.length > 0) {
    throw new EnvError(crossed.map(([name, message]) => `Invalid environment variable ${name}=${shown(source[name])}: ${message}`).join("\n"));
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  const mediaDir = result.data.MEDIA_DIR === "" ? mediaDirectory(dataDir) : path.resolve(result.data.MEDIA_DIR);
  const SITE_URL = result.data.SITE_URL ?? servedAddress(result.data.HOST, result.data.PORT);
  return { ...result.data, SITE_URL, DATA_DIR_ABSOLUTE: dataDir, MEDIA_DIR_ABSOLUTE: mediaDir, CONTENT_DIR_ABSOLUTE: path.resolve(result.data.CONTENT_DIR) };
}

/** Where a browser on this machine reaches the server: localhost for every interface, else the address listened on. */
export function servedAddress(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Host names that mean this machine (as URL writes them): a SITE_URL naming one, or HOST, must name the served port too. */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0)$/i;

/**
 * The one line the server logs at start when SITE_URL, which QR codes, /01/ redirects, canonical
 * links and mails carry, will not lead back to it: unset (so a local address), or naming this
 * machine on another port than PORT. A public name on another port is normal behind a proxy.
 * `given` is SITE_URL as the environment has it; null when all is well.
 */
export function siteUrlWarning(env: Pick<Env, "SITE_URL" | "HOST" | "PORT">, given: string | undefined): string | null {
  if (!given) {
    return `SITE_URL is not set: links, QR codes and /01/ redirects point at ${env.SITE_URL}, which works on this machine only. Set SITE_URL to the site's public address (e.g. https://www.example.com).`;
  }
  const url = new URL(env.SITE_URL);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if ((LOCAL_HOST.test(url.hostname) || url.hostname === env.HOST) && port !== env.PORT) {
    return `SITE_URL=${env.SITE_URL} names port ${port}, but this server listens on port ${env.PORT}: links, QR codes and /01/ redirects lead nowhere. Set SITE_URL to ${servedAddress(env.HOST, env.PORT)} or PORT=${port}.`;
  }
  return null;
}

let cached: Env | undefined;

export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
