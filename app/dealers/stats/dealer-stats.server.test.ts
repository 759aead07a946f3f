import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DB, migrateToLatest } from "~/db/database.server";
import { migratedTestDatabase, openTestDatabase } from "~/../tests/support/test-store";
import { addDealerStats, listDealerStats } from "~/models/dealer-stat.server";
import { DealerStatsCounter, berlinDay } from "./dealer-stats.server";

const database = migratedTestDatabase("stats-counter-");
let db: DB;
beforeAll(() => {
  db = database();
});
beforeEach(async () => {
  await db.deleteFrom("dealer_stats").execute();
});

function fakeLogger() {
  return { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
}
const asLogger = (logger: ReturnType<typeof fakeLogger>) => logger as unknown as Logger;

/** 23:30 UTC on 28 March 2026 is already the 29th in Berlin (CET, UTC+1; summer time starts that night). */
const lateEvening = new Date("2026-03-28T23:30:00Z");

describe("berlinDay", () => {
  it("is the date in Berlin, in winter and in summer", () => {
    expect(berlinDay(lateEvening)).toBe("2026-03-29");
    expect(berlinDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(berlinDay(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
    expect(berlinDay(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
  });
});

describe("addDealerStats", () => {
  it("adds to the stored counts instead of overwriting them", async () => {
    await addDealerStats(db, [{ day: "2026-05-01", event: "search.town", subject: "", count: 2 }]);
    await addDealerStats(db, [
      { day: "2026-05-01", event: "search.town", subject: "", count: 3 },
      { day: "2026-05-02", event: "click.phone", subject: "radhaus-berger-muenchen", count: 1 },
    ]);
    expect(await listDealerStats(db)).toEqual([
      { day: "2026-05-01", event: "search.town", subject: "", count: 5 },
      { day: "2026-05-02", event: "click.phone", subject: "radhaus-berger-muenchen", count: 1 },
    ]);
    expect(await listDealerStats(db, { since: "2026-05-02" })).toHaveLength(1);
  });

  it("writes more rows than one statement may bind, in one go", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ day: "2026-05-01", event: "no-dealer.place", subject: `Ort ${i}`, count: 1 }));
    await addDealerStats(db, many);
    expect(await listDealerStats(db)).toHaveLength(1000);
  });
});

describe("DealerStatsCounter", () => {
  it("counts in memory and writes per Berlin day on flush", async () => {
    const counter = new DealerStatsCounter({ db, logger: asLogger(fakeLogger()), now: () => lateEvening });
    counter.count("search.postal-code");
    counter.count("search.postal-code");
    counter.count("no-dealer.postal-code", "DE 25999");
    // A subject on an event without subjects is dropped, so it cannot carry anything.
    counter.count("search.name", "Erika Mustermann");
    expect(await listDealerStats(db)).toEqual([]);
    expect(counter.pending).toBe(3);
    await counter.flush();
    expect(counter.pending).toBe(0);
    expect(await listDealerStats(db)).toEqual([
      { day: "2026-03-29", event: "no-dealer.postal-code", subject: "DE 25999", count: 1 },
      { day: "2026-03-29", event: "search.name", subject: "", count: 1 },
      { day: "2026-03-29", event: "search.postal-code", subject: "", count: 2 },
    ]);
    counter.count("search.postal-code");
    await counter.flush();
    await counter.flush();
    const rows = await listDealerStats(db);
    expect(rows.find((row) => row.event === "search.postal-code")?.count).toBe(3);
  });

  it("holds at most maxKeys distinct counters until the next flush, with one warning", async () => {
    const logger = fakeLogger();
    const counter = new DealerStatsCounter({ db, logger: asLogger(logger), maxKeys: 5 });
    for (let i = 0; i < 10_000; i++) counter.count("click.web", `haendler-${i}`);
    counter.count("click.web", "haendler-0");
    expect(counter.pending).toBe(5);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await counter.flush();
    const rows = await listDealerStats(db);
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.subject === "haendler-0")?.count).toBe(2);
    // A new window takes new counters again, and warns again when it overflows.
    for (let i = 0; i < 6; i++) counter.count("click.email", `haendler-${i}`);
    expect(counter.pending).toBe(5);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it("keeps the counts when the database cannot take them, and writes them next time", async () => {
    const logger = fakeLogger();
    const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), "stats-broken-"));
    const broken = await openTestDatabase(brokenDir, { seeded: false });
    // Not migrated: there is no dealer_stats table.
    const counter = new DealerStatsCounter({ db: broken, logger: asLogger(logger) });
    counter.count("search.town");
    await expect(counter.flush()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(counter.pending).toBe(1);
    await migrateToLatest(broken);
    counter.count("search.town");
    await counter.flush();
    expect((await listDealerStats(broken))[0]).toMatchObject({ event: "search.town", count: 2 });
    await broken.destroy();
    fs.rmSync(brokenDir, { recursive: true, force: true });
  });

  it("flushes on its timer and once more on stop", async () => {
    const counter = new DealerStatsCounter({ db, logger: asLogger(fakeLogger()) });
    counter.start(20);
    counter.count("search.near-me");
    await vi.waitFor(async () => expect(await listDealerStats(db)).toHaveLength(1), { timeout: 2000, interval: 10 });
    counter.count("search.near-me");
    counter.count("filter.open-now");
    await counter.stop();
    const rows = await listDealerStats(db);
    expect(rows.map((row) => [row.event, row.count])).toEqual([
      ["filter.open-now", 1],
      ["search.near-me", 2],
    ]);
  });

  it("lets flushes that overlap run one after the other", async () => {
    const counter = new DealerStatsCounter({ db, logger: asLogger(fakeLogger()) });
    counter.count("where-to-buy");
    const first = counter.flush();
    counter.count("where-to-buy");
    await Promise.all([first, counter.flush()]);
    expect((await listDealerStats(db))[0]?.count).toBe(2);
  });
});
