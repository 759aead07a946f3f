import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importStock } from "~/import/stock-import.server";
import { STOCK_PUSHES_PER_MINUTE } from "~/import/stock-push.server";
import { createDealerToken } from "~/models/dealer-token.server";
import { listStockOf } from "~/models/dealer-stock.server";
import { quietImportInto } from "../support/quiet-import";
import { type TestServer, startTestServer } from "../support/test-server";
import { testStore, withoutDemoStock } from "../support/test-store";

/*
 * Issue 37 item 3: a push is the dealer's whole stock, so pushes for one dealer at the same time
 * must leave exactly one of them, never their union, and never answer 500 (dealer_stock_pkey). On
 * PostgreSQL through two instances over one database (each with its own pool, and its own
 * per-dealer rate limit, which is why a trial may send twice STOCK_PUSHES_PER_MINUTE); on SQLite
 * through one (two handles in one process would block each other's thread in busy_timeout). The
 * file import (`npm run import -- stock`) takes the same lock: its rows for the dealer are also
 * "one of them".
 */

const TRIALS = 6;
let first: TestServer;
let second: TestServer | undefined;
let partnos: { partno: string; ean: string }[];

beforeAll(async () => {
  first = await startTestServer();
  if (testStore() === "postgres") second = await startTestServer({}, { sharedWith: first });
  await withoutDemoStock(first.db);
  const eans = await first.db.selectFrom("article_eans").select(["partno", "ean"]).orderBy("partno").orderBy("position").limit(200).execute();
  partnos = [...new Map(eans.reverse().map((row) => [row.partno, row])).values()].slice(0, 40);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const dealerId = async (source: string) => (await first.db.selectFrom("dealers").select("id").where("source_id", "=", source).executeTakeFirstOrThrow()).id;

/** Push `i` of a trial: 12 articles from the i-th on, overlapping its neighbours', quantity i + 1. */
const pushRows = (i: number) => partnos.slice(i * 2, i * 2 + 12).map((row) => ({ ...row, quantity: i + 1 }));
const asStock = (rows: { partno: string; quantity: number }[]) => rows.map((row) => `${row.partno}=${row.quantity}`).sort();

describe("concurrent stock writes for one dealer", () => {
  it(`leave exactly one push (or the file's rows), never a union and never a 500, in ${TRIALS} trials`, async () => {
    const outcomes: { trial: number; failed: string[]; importErrors: number; rows: number; onePush: boolean }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const source = String(trial + 10);
      const id = await dealerId(source);
      const token = await createDealerToken(first.db, id, new Date());
      const servers = second ? [first, second] : [first];
      const pushes = servers.flatMap((server, s) =>
        Array.from({ length: STOCK_PUSHES_PER_MINUTE }, (_, k) => {
          const i = s * STOCK_PUSHES_PER_MINUTE + k;
          return { i, server };
        }),
      );
      const file = path.join(first.dataDir, `stock-${trial}.csv`);
      const fileRows = partnos.slice(25, 40).map((row) => ({ ...row, quantity: 99 }));
      fs.writeFileSync(file, ["dealer_id,gtin,quantity", ...fileRows.map((row) => `${source},${row.ean},99`)].join("\n"));

      const [statuses, imported] = await Promise.all([
        Promise.all(
          pushes.map(async ({ i, server }) => {
            const body = ["gtin,quantity", ...pushRows(i).map((row) => `${row.ean},${row.quantity}`)].join("\n");
            const response = await fetch(`${server.url}/api/stock/${source}`, { method: "PUT", body, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" } });
            return { i, status: response.status, text: await response.text() };
          }),
        ),
        importStock(first.db, { file, ...quietImportInto(first) }),
      ]);

      const stored = asStock(await listStockOf(first.db, id));
      const candidates = [...pushes.map(({ i }) => asStock(pushRows(i))), asStock(fileRows)];
      const failed = statuses.filter((answer) => answer.status !== 200);
      outcomes.push({ trial, failed: failed.map((answer) => `${answer.status} ${answer.text.slice(0, 80)}`), importErrors: imported.errors.length, rows: stored.length, onePush: candidates.some((one) => one.join() === stored.join()) });
    }
    // All trials first, then the verdict: the figures of every trial are in the failure message.
    const summary = JSON.stringify(outcomes);
    expect(outcomes.filter((outcome) => outcome.failed.length > 0 || outcome.importErrors > 0 || !outcome.onePush), summary).toEqual([]);
  }, 120_000);
});
