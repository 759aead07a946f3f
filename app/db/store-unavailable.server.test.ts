import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isStoreUnavailable, storeErrorSummary } from "./store-unavailable.server";

/** The errors the stores really throw, not hand-made look-alikes (except SQLSTATEs a test cannot provoke cheaply). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-unavailable-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

/** A port on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("isStoreUnavailable", () => {
  it("knows SQLite's full database and closed handle", () => {
    const db = new SQLite(path.join(dir, "full.sqlite"));
    db.exec("create table t (x)");
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
    const full = thrown(() => db.prepare("insert into t values (?)").run("x".repeat(100_000)));
    expect((full as { code?: string }).code).toBe("SQLITE_FULL");
    expect(isStoreUnavailable(full)).toBe(true);
    db.close();
    expect(isStoreUnavailable(thrown(() => db.prepare("select 1")))).toBe(true);
  });

  it("knows a PostgreSQL server that does not answer, also as the cause of another error", async () => {
    const pool = new pg.Pool({ host: "127.0.0.1", port: await closedPort(), user: "x", database: "x", connectionTimeoutMillis: 2_000 });
    const refused: unknown = await pool.query("select 1").catch((error: unknown) => error);
    await pool.end();
    expect(isStoreUnavailable(refused)).toBe(true);
    expect(isStoreUnavailable(new Error("loading the menu failed", { cause: refused }))).toBe(true);
    expect(storeErrorSummary(refused)).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("knows PostgreSQL's shutdown and connection states", () => {
    for (const code of ["57P01", "57P03", "08006", "53100"]) expect(isStoreUnavailable(Object.assign(new Error("x"), { code }))).toBe(true);
  });

  it("leaves bugs and bad queries alone", () => {
    const db = new SQLite(":memory:");
    expect(isStoreUnavailable(thrown(() => db.prepare("select * from missing")))).toBe(false);
    db.close();
    expect(isStoreUnavailable(new TypeError("x is not a function"))).toBe(false);
    expect(isStoreUnavailable(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
    expect(isStoreUnavailable("ECONNREFUSED")).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
  });
});
