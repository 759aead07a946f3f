import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { migratedTestDatabase } from "~/../tests/support/test-store";
import { countContactRateHits } from "~/models/contact-rate-hit.server";
import { SharedRateLimit } from "./shared-rate-limit.server";

// On both stores (vitest.postgres.config.ts lists this file): the limit several instances share.
const database = migratedTestDatabase("shared-rate-");
let db: DB;
let now = Date.parse("2026-11-24T10:00:00Z");
const clock = () => now;

beforeAll(() => {
  db = database();
});
beforeEach(async () => {
  await db.deleteFrom("contact_rate_hits").execute();
  await db.deleteFrom("app_meta").where("key", "like", "contact%rate%key%").execute();
  now = Date.parse("2026-11-24T10:00:00Z");
});

describe("SharedRateLimit", () => {
  it("holds the limit in total over two instances, and says how long to wait", async () => {
    const first = new SharedRateLimit(db, 3, 600_000, clock);
    const second = new SharedRateLimit(db, 3, 600_000, clock);
    expect(await first.take("203.0.113.7")).toEqual({ ok: true });
    now += 60_000;
    expect(await second.take("203.0.113.7")).toEqual({ ok: true });
    now += 60_000;
    expect(await first.take("203.0.113.7")).toEqual({ ok: true });
    now += 60_000;
    // Hits at 0, 1 and 2 minutes; now = 3 minutes: the first leaves the window at 10 minutes.
    expect(await second.take("203.0.113.7")).toEqual({ ok: false, retryAfter: 420 });
    expect(await first.retryAfter("203.0.113.7")).toBe(420);
    expect(await second.retryAfter("198.51.100.1")).toBe(0);
    expect(await second.take("198.51.100.1")).toEqual({ ok: true });
    // The window slides: once the first hit has left it, one more may go.
    now += 420_000;
    expect(await first.take("203.0.113.7")).toEqual({ ok: true });
  });

  it("lets exactly `limit` through when many arrive at once at two instances", async () => {
    const instances = [new SharedRateLimit(db, 3, 600_000, clock), new SharedRateLimit(db, 3, 600_000, clock)];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => instances[i % 2]!.take("203.0.113.9")));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await countContactRateHits(db)).toBe(3);
  });

  it("stores a keyed hash, never the address, and deletes hits past the window", async () => {
    const limit = new SharedRateLimit(db, 5, 600_000, clock);
    await limit.take("203.0.113.7");
    await limit.take("2001:db8::1");
    const keys = (await db.selectFrom("contact_rate_hits").select("key").execute()).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(key).not.toContain("203.0.113");
      expect(key).not.toContain("2001");
    }
    now += 600_000;
    expect(await limit.purge()).toBe(2);
    expect(await countContactRateHits(db)).toBe(0);
  });

  it("rotates its key with the window: the limit holds across a rotation, older keys and their hashes are gone", async () => {
    const rateKeys = async () =>
      (await db.selectFrom("app_meta").select("key").where("key", "like", "contact%rate%key%").orderBy("key").execute()).map((row) => row.key);
    const hashes = async () => (await db.selectFrom("contact_rate_hits").select(["key", "at"]).orderBy("at").execute()).map((row) => row.key);
    const limit = new SharedRateLimit(db, 2, 600_000, clock);
    // One minute before the window's slice ends (10:00 is a multiple of ten minutes since the epoch).
    now = Date.parse("2026-11-24T10:09:00Z");
    expect(await limit.take("203.0.113.7")).toEqual({ ok: true });
    now += 30_000;
    expect(await limit.take("203.0.113.7")).toEqual({ ok: true });
    // The next slice, under a new key: the two hits made under the previous one still count.
    now = Date.parse("2026-11-24T10:10:30Z");
    expect(await limit.take("203.0.113.7")).toEqual({ ok: false, retryAfter: 510 });
    expect(await new SharedRateLimit(db, 2, 600_000, clock).retryAfter("203.0.113.7")).toBe(510);
    const before = await hashes();
    expect(before).toHaveLength(2);
    // Two slices later the key the first hits were made under is deleted, with them.
    now = Date.parse("2026-11-24T10:21:00Z");
    expect(await limit.take("203.0.113.7")).toEqual({ ok: true });
    const after = await hashes();
    expect(after).toHaveLength(1);
    // The same address, another key: nothing links the new hash to the old ones.
    expect(before).not.toContain(after[0]);
    const slice = Math.floor(now / 600_000);
    expect(await rateKeys()).toEqual([`contact_rate_key:${slice - 1}`, `contact_rate_key:${slice}`].sort());
  });
});
