import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DB, openStore } from "~/db/database.server";
import { parseEnv } from "~/env.server";
import { importServerBuild } from "../../scripts/server-build";
import { createLogger } from "../../server/logger";
import { type ThrowawayPostgres, postgresBinDir, startThrowawayPostgres } from "../support/postgres";
import { copyTemplateDataDir } from "../support/test-server";
import { POSTGRES_TEMPLATE_DATABASE, postgresUrlFor, testStore } from "../support/test-store";

/**
 * Issue 25: PostgreSQL really stopped under a running site, then started again. A cluster of its
 * own (stopping the shared one would fail the other tests), holding a copy of the seeded template.
 * Runs with `npm run test:postgres`.
 */
describe.runIf(testStore() === "postgres")("a stopped PostgreSQL", () => {
  let cluster: ThrowawayPostgres;
  let server: http.Server;
  let db: DB;
  let dataDir = "";
  let url = "";
  let clockOffset = 0;
  const levels: number[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    const bin = postgresBinDir();
    const dump = execFileSync(path.join(bin, "pg_dump"), ["--no-owner", "-d", postgresUrlFor(inject("postgresUrl"), POSTGRES_TEMPLATE_DATABASE)], {
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync(path.join(bin, "psql"), ["-q", "-v", "ON_ERROR_STOP=1", "-d", cluster.url], { input: dump, stdio: ["pipe", "ignore", "pipe"] });
    dataDir = copyTemplateDataDir();
    const env = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, NODE_ENV: "test", LOG_LEVEL: "info", CONTACT_RATE_LIMIT: "1000" });
    db = await openStore(env);
    const logger = createLogger("info", { write: (line: string) => void levels.push((JSON.parse(line) as { level: number }).level) });
    const { createServer } = await importServerBuild();
    server = createServer({ env, db, logger, now: () => Date.now() + clockOffset }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await db?.destroy().catch(() => {});
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const message = { name: "Anna Beispiel", email: "anna@example.com", telephone: "+49 561 123456", subject: "Kontakt", nachricht: "Hallo" };
  const post = () => fetch(`${url}/api/mailer/viva`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(message) });

  it("serves stored answers, answers the rest 503 in the promised shapes, and recovers by itself", { timeout: 90_000 }, async () => {
    for (const path of ["/products", "/catalog/list/categories/37"]) expect((await fetch(`${url}${path}`)).status).toBe(200);
    cluster.pause();
    clockOffset += 5_000;
    const since = levels.length;
    try {
      for (const path of ["/products", "/catalog/list/categories/37"]) expect((await fetch(`${url}${path}`)).status, path).toBe(200);
      const page = await fetch(`${url}/service`);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(await page.text()).toContain("Fehler 503");
      for (const response of [await fetch(`${url}/catalog/list/categories/articles/1962`), await post()]) {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
      }
      expect((await fetch(`${url}/readyz`)).status).toBe(503);
      expect(levels.slice(since).filter((level) => level >= 50)).toEqual([]);
    } finally {
      cluster.resume();
    }
    // Back within seconds, without a restart.
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await fetch(`${url}/service`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await post()).status).toBe(202);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });
});
