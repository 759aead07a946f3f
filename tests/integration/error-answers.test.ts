import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasePath } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { importServerBuild } from "../../scripts/server-build";
import { createLogger } from "../../server/logger";
import { copyTemplateDataDir } from "../support/test-server";

/**
 * Issue 25: the store failing under a running site. SQLite's own failures, made for real on the
 * server's connection: a full database (SQLITE_FULL, through max_page_count, lifted again to show
 * the recovery), then a handle that is gone. Stored answers keep being served, everything else
 * answers 503 with Retry-After (pages with the error screen, the API and the mailer in the JSON
 * shape), readiness says so, and the log has one warning per request, without a stack or what a
 * visitor typed.
 */
interface LogLine {
  level: number;
  msg: string;
  url?: string;
  req?: { url?: string };
  err?: { stack?: string };
  [key: string]: unknown;
}

let url = "";
let raw: SQLite.Database;
let server: http.Server;
let dataDir = "";
let clockOffset = 0;
const lines: LogLine[] = [];
const logged = () => JSON.stringify(lines);

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  raw = new SQLite(databasePath(dataDir));
  raw.pragma("journal_mode = WAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  const env = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test", LOG_LEVEL: "info", CONTACT_RATE_LIMIT: "1000" });
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  const { createServer } = await importServerBuild();
  server = createServer({ env, db, logger, now: () => Date.now() + clockOffset }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (raw.open) raw.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const message = { name: "Anna Beispiel", email: "anna@example.com", telephone: "+49 561 123456", subject: "Kontaktformular" };
/** A message long enough to need new pages of the database (overflow pages), not room left in old ones. */
const longMessage = { ...message, nachricht: "Klingel ".repeat(4500) };
const postMessage = (body: unknown) =>
  fetch(`${url}/api/mailer/viva`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function expectJson503(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("unavailable");
  expect(body.error.message.length).toBeGreaterThan(10);
}

function expectQuietLog(since: number) {
  const after = lines.slice(since);
  expect(after.filter((line) => line.level >= 50), JSON.stringify(after)).toEqual([]);
  expect(after.filter((line) => line.err?.stack), "no stack in any line").toEqual([]);
  expect(after.some((line) => line.level === 40 && line.msg === "store unavailable")).toBe(true);
}

describe("methods and the log", () => {
  it("answers a POST where no action is 405 with Allow, for the API in the JSON shape, logged as a warning", async () => {
    const since = lines.length;
    const page = await fetch(`${url}/handlersuche`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "q=Mueller",
    });
    expect(page.status).toBe(405);
    expect(page.headers.get("allow")).toBe("GET, HEAD");
    expect(await page.text()).toContain("Fehler 405");
    const api = await fetch(`${url}/catalog/list/categories/37`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(api.status).toBe(405);
    expect(api.headers.get("allow")).toBe("GET, HEAD");
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    const after = lines.slice(since);
    expect(after.filter((line) => line.level >= 50 || line.err), JSON.stringify(after)).toEqual([]);
    expect(after.filter((line) => line.level === 40 && line.msg === "request completed")).toHaveLength(2);
  });

  it("answers a malformed %-escape in the API's query 400 in the JSON shape; a page reads it leniently", async () => {
    const api = await fetch(`${url}/catalog/list/categories/37?x=%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    expect((await fetch(`${url}/handlersuche?q=M%FCnchen`)).status).toBe(200);
  });

  it("cuts long request targets in the log and blanks typed-in places however they are spelled", async () => {
    const since = lines.length;
    await fetch(`${url}/products/${"x".repeat(6000)}?%71=Mueller`);
    await fetch(`${url}/search?q=Mueller+Hauptstr+5`);
    const loggedUrls = () =>
      lines
        .slice(since)
        .flatMap((line) => [line.url, line.req?.url])
        .filter((u): u is string => typeof u === "string");
    // A request's line is written when its answer has finished, which can be just after the client has read it.
    await expect.poll(() => loggedUrls().length).toBeGreaterThanOrEqual(2);
    const after = lines.slice(since);
    const urls = loggedUrls();
    for (const logged of urls) expect(logged.length).toBeLessThanOrEqual(301);
    expect(JSON.stringify(after)).not.toMatch(/Mueller|Hauptstr/);
  });
});

describe("a full database (SQLITE_FULL)", () => {
  it("answers contact posts with the JSON 503 and Retry-After, and accepts them again once there is room", async () => {
    // No free pages left inside the file, and no room for it to grow: a full disk for this database.
    raw.exec("VACUUM");
    raw.pragma(`max_page_count = ${raw.pragma("page_count", { simple: true }) as number}`);
    const since = lines.length;
    await expectJson503(await postMessage(longMessage));
    // The form without JavaScript: the error screen, not a plain-text "Unexpected Server Error".
    const form = await fetch(`${url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...longMessage, website: "" }).toString(),
    });
    expect(form.status).toBe(503);
    expect(form.headers.get("retry-after")).toBe("5");
    expect(await form.text()).toContain("Fehler 503");
    expectQuietLog(since);

    raw.pragma("max_page_count = 1073741823");
    expect((await postMessage(longMessage)).status).toBe(202);
  });
});

describe("a store that is gone", () => {
  it("keeps serving stored answers and answers everything else 503, readiness too", async () => {
    // Stored while the store answered: a page and an API answer.
    for (const path of ["/products", "/catalog/list/categories/37"]) {
      expect((await fetch(`${url}${path}`)).status).toBe(200);
    }
    raw.close();
    // The page cache asks for the data version once a second: make that due.
    clockOffset += 5_000;
    const since = lines.length;

    for (const path of ["/products", "/catalog/list/categories/37", "/products", "/catalog/list/categories/37"]) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    }

    const page = await fetch(`${url}/service`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Fehler 503");
    const head = await fetch(`${url}/service?lang=de`, { method: "HEAD" });
    expect(head.status).toBe(503);
    expect(head.headers.get("retry-after")).toBe("5");
    // A client-side navigation's data request: the browser shows the error screen for it.
    const data = await fetch(`${url}/service.data`);
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");
    const english = await fetch(`${url}/service`, { headers: { Cookie: "language=en" } });
    expect(english.status).toBe(503);
    expect(await english.text()).toContain("error 503");

    await expectJson503(await fetch(`${url}/catalog/list/categories/articles/1962`));
    await expectJson503(await fetch(`${url}/api/reseller`));
    await expectJson503(await postMessage({ ...message, nachricht: "Hallo" }));
    for (const probe of ["/readyz", "/healthz"]) expect((await fetch(`${url}${probe}`)).status, probe).toBe(503);

    // A dealer search during the outage: neither the place nor the position reaches the log.
    const search = await fetch(`${url}/handlersuche?q=Mueller+Hauptstr+5&lat=48.137&lng=11.575`);
    expect(search.status).toBe(503);
    expectQuietLog(since);
    expect(logged()).not.toMatch(/Mueller|Hauptstr|48\.137|11\.575/);
  });
});
