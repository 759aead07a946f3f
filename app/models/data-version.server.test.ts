import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import { setMeta } from "./app-meta.server";
import { dataVersionReader } from "./data-version.server";

let dir: string;
let db: DB;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-data-version-"));
  db = openDatabase(path.join(dir, "velocat.sqlite"));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

// What the scale-out test relies on (another instance's import shows within a second), on a clock
// the test moves instead of one it waits for.
describe("dataVersionReader", () => {
  it("sees another process's new version once its interval has passed, and not before", async () => {
    let clock = 1_000_000;
    const read = dataVersionReader(db, { intervalMs: 1000, now: () => clock });
    await setMeta(db, "data_version", "first");
    expect(await read()).toBe("first::");
    await setMeta(db, "data_version", "second");
    clock += 999;
    expect(await read()).toBe("first::");
    clock += 1;
    expect(await read()).toBe("second::");
    await setMeta(db, "catalogue_data_version", "pdf");
    clock += 1000;
    expect(await read()).toBe("second:pdf:");
    // The PDFs rebuilt for a changed brand content (decision 061): article pages name new sizes.
    await setMeta(db, "documents_brand_version", "brand");
    clock += 1000;
    expect(await read()).toBe("second:pdf:brand");
  });
});
