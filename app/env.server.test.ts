import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, siteUrlWarning } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.MEDIA_BASE_URL).toBe("/media");
    expect(env.DATA_DIR_ABSOLUTE).toMatch(/\/data$/);
    expect(env.MEDIA_DIR_ABSOLUTE).toBe(path.join(env.DATA_DIR_ABSOLUTE, "media"));
  });

  it("puts the media where MEDIA_DIR says, resolved from the working directory", () => {
    expect(parseEnv({ DATA_DIR: "/srv/velocat", MEDIA_DIR: "/mnt/shared/media" }).MEDIA_DIR_ABSOLUTE).toBe("/mnt/shared/media");
    expect(parseEnv({ MEDIA_DIR: "shared" }).MEDIA_DIR_ABSOLUTE).toBe(path.resolve("shared"));
    expect(parseEnv({ DATA_DIR: "/srv/velocat", MEDIA_DIR: "  " }).MEDIA_DIR_ABSOLUTE).toBe("/srv/velocat/media");
  });

  it("reads content from CONTENT_DIR, ./content by default, resolved from the working directory", () => {
    expect(parseEnv({}).CONTENT_DIR_ABSOLUTE).toBe(path.resolve("content"));
    expect(parseEnv({ CONTENT_DIR: "/mnt/shared/content" }).CONTENT_DIR_ABSOLUTE).toBe("/mnt/shared/content");
    expect(() => parseEnv({ CONTENT_DIR: "  " })).toThrow(/^Invalid environment variable CONTENT_DIR=" {2}": must not be empty$/);
  });

  it("bounds the page cache and the variant folder by size, with a clear error for a bad value", () => {
    expect(parseEnv({})).toMatchObject({ PAGE_CACHE_MAX_MB: 32, VARIANT_CACHE_MAX_MB: 1024 });
    expect(parseEnv({ PAGE_CACHE_MAX_MB: "8", VARIANT_CACHE_MAX_MB: "64" })).toMatchObject({ PAGE_CACHE_MAX_MB: 8, VARIANT_CACHE_MAX_MB: 64 });
    expect(() => parseEnv({ PAGE_CACHE_MAX_MB: "0" })).toThrow(/^Invalid environment variable PAGE_CACHE_MAX_MB="0": must be between 1 and 4096$/);
    expect(() => parseEnv({ VARIANT_CACHE_MAX_MB: "lots" })).toThrow(/^Invalid environment variable VARIANT_CACHE_MAX_MB="lots": must be a whole number$/);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });

  it("names every bad variable on its own line", () => {
    let message = "";
    try {
      parseEnv({ PORT: "eighty", SITE_URL: "localhost", LOG_LEVEL: "loud" });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    const lines = message.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT="eighty": /);
    expect(message).toMatch(/SITE_URL="localhost"/);
    expect(message).toMatch(/LOG_LEVEL="loud"/);
  });

  it("rejects ports out of range and strips trailing slashes from base URLs", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT="70000": must be between 1 and 65535/);
    expect(parseEnv({ CATALOG_API_URL: "https://data.example.com/" }).CATALOG_API_URL).toBe("https://data.example.com");
    expect(() => parseEnv({ MEDIA_BASE_URL: "ftp://x" })).toThrow(/MEDIA_BASE_URL/);
  });

  it("takes the address it serves as SITE_URL when none is set, never a fixed port (issue 37)", () => {
    expect(parseEnv({}).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "3201" }).SITE_URL).toBe("http://localhost:3201");
    expect(parseEnv({ PORT: "8080", HOST: "127.0.0.1" }).SITE_URL).toBe("http://127.0.0.1:8080");
    expect(parseEnv({ PORT: "8080", HOST: "::1" }).SITE_URL).toBe("http://[::1]:8080");
    expect(parseEnv({ PORT: "8080", SITE_URL: "https://www.example.com/" }).SITE_URL).toBe("https://www.example.com");
  });

  it("warns in one line when SITE_URL is unset or names this machine on another port", () => {
    const warning = (vars: Record<string, string>) => siteUrlWarning(parseEnv(vars), vars.SITE_URL);
    expect(warning({ PORT: "3201" })).toMatch(/^SITE_URL is not set: .* point at http:\/\/localhost:3201, .*Set SITE_URL/);
    expect(warning({ PORT: "3201", SITE_URL: "http://localhost:3000" })).toMatch(/names port 3000, but this server listens on port 3201/);
    expect(warning({ PORT: "3201", SITE_URL: "http://127.0.0.1" })).toMatch(/names port 80,/);
    expect(warning({ PORT: "3201", HOST: "10.0.0.5", SITE_URL: "http://10.0.0.5:3000" })).toMatch(/port 3000/);
    expect(warning({ PORT: "3201", SITE_URL: "http://localhost:3201/" })).toBeNull();
    // Behind a proxy the public address has a port of its own.
    expect(warning({ PORT: "3201", SITE_URL: "https://www.example.com" })).toBeNull();
    for (const vars of [{}, { SITE_URL: "http://localhost:1" }] as Record<string, string>[]) expect(warning(vars)?.split("\n")).toHaveLength(1);
  });

  it("runs the provider sync only with the provider's hosts", () => {
    expect(parseEnv({}).SYNC_INTERVAL_MINUTES).toBe(0);
    expect(() => parseEnv({ SYNC_INTERVAL_MINUTES: "60" })).toThrow(/SYNC_INTERVAL_MINUTES="60": needs SYNC_CATALOG_URL and SYNC_RESELLER_URL/);
    expect(() => parseEnv({ SYNC_CATALOG_URL: "/catalog" })).toThrow(/SYNC_CATALOG_URL="\/catalog": must be empty or an http\(s\) URL/);
    const env = parseEnv({ SYNC_INTERVAL_MINUTES: "60", SYNC_CATALOG_URL: "https://api.example.com/", SYNC_RESELLER_URL: "https://dealers.example.com" });
    expect(env).toMatchObject({ SYNC_INTERVAL_MINUTES: 60, SYNC_CATALOG_URL: "https://api.example.com" });
  });

  it("caps connections per client address below the total", () => {
    expect(parseEnv({}).MAX_CONNECTIONS_PER_CLIENT).toBe(256);
    expect(parseEnv({ MAX_CONNECTIONS: "1000", MAX_CONNECTIONS_PER_CLIENT: "1000" }).MAX_CONNECTIONS_PER_CLIENT).toBe(1000);
    expect(() => parseEnv({ MAX_CONNECTIONS: "100", MAX_CONNECTIONS_PER_CLIENT: "200" })).toThrow(/MAX_CONNECTIONS_PER_CLIENT="200": must not exceed MAX_CONNECTIONS \(100\)/);
  });

  it("chooses the store by DATABASE_URL and never echoes its password", () => {
    const sqlite = parseEnv({});
    expect(sqlite).toMatchObject({ DATABASE_URL: "", DATABASE_POOL_SIZE: 10, DATABASE_STATEMENT_TIMEOUT_MS: 10_000 });
    for (const url of ["postgres://velocat@127.0.0.1:5432/velocat", "postgresql://u:p@db.example.com/velocat?sslmode=require"]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    expect(() => parseEnv({ DATABASE_URL: "mysql://root:hunter2@db/velocat" })).toThrow(
      /^Invalid environment variable DATABASE_URL="mysql:\/\/root:\*\*\*@db\/velocat": must be empty \(SQLite in DATA_DIR\) or a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => parseEnv({ DATABASE_URL: "velocat.sqlite" })).toThrow(/DATABASE_URL="velocat.sqlite"/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE="0": must be between 1 and 1000/);
    expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS="soon": must be a whole number/);
  });

  it("reads the EU responsible person as name, address lines and e-mail, with a one-line error for anything else", () => {
    expect(parseEnv({}).EU_RESPONSIBLE_PERSON).toBeNull();
    expect(parseEnv({ EU_RESPONSIBLE_PERSON: "  " }).EU_RESPONSIBLE_PERSON).toBeNull();
    expect(parseEnv({ EU_RESPONSIBLE_PERSON: "EU-Rep GmbH; Hafenstraße 1;20457 Hamburg ; Deutschland; eu-rep@example.com" }).EU_RESPONSIBLE_PERSON).toEqual({
      name: "EU-Rep GmbH",
      address: ["Hafenstraße 1", "20457 Hamburg", "Deutschland"],
      email: "eu-rep@example.com",
    });
    for (const bad of ["EU-Rep GmbH", "EU-Rep GmbH; eu-rep@example.com", "EU-Rep GmbH; Hafenstraße 1; 20457 Hamburg", "EU-Rep; Street\u0007 1; a@b.de", `EU-Rep; ${"x".repeat(201)}; a@b.de`]) {
      let message = "";
      try {
        parseEnv({ EU_RESPONSIBLE_PERSON: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(/^Invalid environment variable EU_RESPONSIBLE_PERSON=".*": must be empty or "name; address lines; e-mail"/);
      expect(message.split("\n"), bad).toHaveLength(1);
    }
  });
});
