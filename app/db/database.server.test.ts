import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "~/../tests/support/smtp-sink";
import { openTestDatabase, postgresUrlFor, testStore } from "~/../tests/support/test-store";
import { type DB, DatabaseOpenError, migrateToLatest, openStore } from "./database.server";
import { syncGeneratedKey } from "./dialect";
import { migrations } from "./migrations/index";

const onPostgres = testStore() === "postgres";

let dir: string;
let db: DB;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-db-"));
  db = await openTestDatabase(dir, { seeded: false });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const dealer = (name: string) => ({
  name,
  street: "Hauptstr. 1",
  postal_code: "10115",
  city: "Berlin",
  country: "DE",
  tel: "",
  email: "",
  web: null,
  tag: "",
  lat: 52.532_123_456_789,
  lng: 13.384_987_654_321,
  source_id: name,
  slug: name.toLowerCase(),
});

describe(`the ${testStore()} store`, () => {
  it("runs every migration on an empty database, once", async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("gives models the same values on both stores", async () => {
    await db.insertInto("dealers").values([{ id: 7, ...dealer("Seven") }]).execute();
    // The seed writes explicit ids; a later import's dealer must still get a fresh one.
    await syncGeneratedKey(db, "dealers");
    await db.insertInto("dealers").values(dealer("Next")).execute();
    const rows = await db.selectFrom("dealers").select(["id", "name", "lat", "approximate"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: 7, name: "Seven", lat: 52.532_123_456_789, approximate: 0 },
      { id: 8, name: "Next", lat: 52.532_123_456_789, approximate: 0 },
    ]);
    const counted = await db.selectFrom("dealers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(counted.n).toBe(2);
    const summed = await db.selectFrom("dealers").select((eb) => eb.fn.sum("id").as("total")).executeTakeFirstOrThrow();
    expect(summed.total).toBe(15);
  });

  it("stops start-up with a clear message when PostgreSQL cannot be reached", async () => {
    const port = await freePort();
    const started = Date.now();
    const opening = openStore(
      { DATABASE_URL: `postgres://velocat:secret@127.0.0.1:${port}/velocat`, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 1000, DATA_DIR_ABSOLUTE: dir },
      { connectTimeoutMs: 1200 },
    );
    await expect(opening).rejects.toThrow(DatabaseOpenError);
    await expect(opening).rejects.toThrow(/^cannot reach PostgreSQL at postgres:\/\/velocat:\*\*\*@127\.0\.0\.1:\d+\/velocat after [2-9] attempts: .*ECONNREFUSED.*Check DATABASE_URL/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe.runIf(onPostgres)("PostgreSQL only", () => {
  it("migrates once when several instances start together (advisory lock)", async () => {
    const url = postgresUrlFor(inject("postgresUrl"), "velocat");
    const admin = await openStore({ DATABASE_URL: url, DATABASE_POOL_SIZE: 1, DATABASE_STATEMENT_TIMEOUT_MS: 5000, DATA_DIR_ABSOLUTE: dir });
    await sql`create database concurrent_migrations`.execute(admin);
    await admin.destroy();
    const settings = {
      DATABASE_URL: postgresUrlFor(url, "concurrent_migrations"),
      DATABASE_POOL_SIZE: 2,
      DATABASE_STATEMENT_TIMEOUT_MS: 5000,
      DATA_DIR_ABSOLUTE: dir,
    };
    const instances = await Promise.all([openStore(settings), openStore(settings), openStore(settings)]);
    try {
      const applied = await Promise.all(instances.map((instance) => migrateToLatest(instance)));
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, Object.keys(migrations).length]);
    } finally {
      await Promise.all(instances.map((instance) => instance.destroy()));
    }
  });

  it("cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS", async () => {
    const url = postgresUrlFor(inject("postgresUrl"), "velocat");
    const impatient = await openStore({ DATABASE_URL: url, DATABASE_POOL_SIZE: 1, DATABASE_STATEMENT_TIMEOUT_MS: 200, DATA_DIR_ABSOLUTE: dir });
    try {
      await expect(sql`select pg_sleep(2)`.execute(impatient)).rejects.toThrow(/statement timeout/);
      const { rows } = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(impatient);
      expect(rows[0]?.name).toBe("velocat");
    } finally {
      await impatient.destroy();
    }
  });
});
