import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the server reads, with its default. The README's configuration table
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

export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  SITE_URL: z
    .url({ message: "must be an absolute http(s) URL such as https://www.example.com" })
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .transform((value) => value.replace(/\/+$/, ""))
    .default("http://localhost:3000"),
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
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR_ABSOLUTE: string };

export class EnvError extends Error {
  override name = "EnvError";
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
        byName.set(name, `Invalid environment variable ${name}=${JSON.stringify(source[name] ?? "")}: ${issue.message}`);
      }
    }
    throw new EnvError([...byName.values()].join("\n"));
  }
  return { ...result.data, DATA_DIR_ABSOLUTE: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
