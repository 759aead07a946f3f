import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, openTestStore, reopenTestDatabase, testStore } from "~/../tests/support/test-store";
import type { DB } from "./database.server";
import { ImportBusyError, withImportLock } from "~/import/import-lock.server";
import { busy, tryImportLock, withStartUpLock } from "./database-lock.server";

let dir = "";
let store: TestDatabase;
let other: DB;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-start-up-lock-"));
  store = await openTestStore(dir, { seeded: false });
  other = await reopenTestDatabase(dir, store.databaseUrl);
});
afterAll(async () => {
  await other?.destroy();
  await store?.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testStore() === "postgres")("withStartUpLock on PostgreSQL", () => {
  it("lets one instance at a time do its start-up work; the next starts when the first is done", async () => {
    const events: string[] = [];
    let releaseFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted = () => {};
    const firstIsIn = new Promise<void>((resolve) => (firstStarted = resolve));
    const first = withStartUpLock(store.db, async () => {
      events.push("first in");
      firstStarted();
      await firstMayFinish;
      events.push("first out");
    });
    await firstIsIn;
    const second = withStartUpLock(other, async (locked) => {
      events.push("second in");
      // The task's queries go through the locked connection.
      await locked.selectFrom("app_meta").select("key").execute().catch(() => []);
    });
    // Wait until PostgreSQL shows the second instance's request waiting for the lock.
    while (Number((await sql<{ n: number }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(store.db)).rows[0]?.n) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(events).toEqual(["first in"]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(["first in", "first out", "second in"]);
  });

  it("gives the lock back when the work fails", async () => {
    await expect(withStartUpLock(store.db, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    await expect(withStartUpLock(other, async () => "next")).resolves.toBe("next");
  });
});

describe.runIf(testStore() === "postgres")("the import lock on PostgreSQL", () => {
  it("refuses a second import into the database while one runs, from any folder, and takes the next one after", async () => {
    let finish = () => {};
    const running = new Promise<void>((resolve) => (finish = resolve));
    let started = () => {};
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    // The first import, on another instance's handle and another machine's folder.
    const otherFolder = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-import-elsewhere-"));
    const first = withImportLock(other, otherFolder, async () => {
      started();
      await running;
      return "first";
    });
    await isRunning;
    expect(await tryImportLock(store.db, async () => "second")).toBe(busy);
    await expect(withImportLock(store.db, dir, async () => "second")).rejects.toBeInstanceOf(ImportBusyError);
    finish();
    expect(await first).toBe("first");
    expect(await withImportLock(store.db, dir, async () => "next")).toBe("next");
    fs.rmSync(otherFolder, { recursive: true, force: true });
  });
});

describe.runIf(testStore() === "sqlite")("withStartUpLock on SQLite", () => {
  it("runs the work on the handle as it is: one machine owns the file", async () => {
    await expect(withStartUpLock(store.db, async (locked) => locked === store.db)).resolves.toBe(true);
  });
});
