/**
 * Dealer stock at scale (issue 29): 500 dealers × 2,000 articles. Measures the file import of all
 * 1,000,000 rows (target < 30 s), a push of 2,000 rows through the production build over HTTP
 * (target p95 < 1 s), and the query the where-to-buy block will ask ("dealers with article X in
 * stock, fresh"), with the plan each store chooses for it. SQLite always; PostgreSQL too when
 * DATABASE_URL names a server (bench-store.ts).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { type DB, migrateToLatest } from "~/db/database.server";
import { isPostgres } from "~/db/dialect";
import { parseEnv } from "~/env.server";
import { importStock } from "~/import/stock-import.server";
import { dealersWithStock, stockCutoff } from "~/models/dealer-stock.server";
import { createDealerToken } from "~/models/dealer-token.server";
import { STOCK_PUSHES_PER_MINUTE } from "~/import/stock-push.server";
import { makeEan13 } from "~/utils/ean";
import { mediaDirectory } from "~/utils/media-directory.server";
import { createLogger } from "../../server/logger";
import { importServerBuild } from "../server-build";
import { renderContentPictures } from "./content-pictures";
import { benchStoreKinds, openBenchStore, type StoreKind } from "./bench-store";
import { type BenchRow, latencyRow, timeSamples } from "./stats";

const DEALERS = 500;
const ARTICLES = 2_000;
const PUSHES = 30;
const QUERIES = 300;

const partno = (i: number) => `VB-${String(i).padStart(5, "0")}`;
const gtin = (i: number) => makeEan13(`426051${String(i).padStart(6, "0")}`);

export async function fill(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("categories")
      .values({ id: 1, shop_id: 37, main_id: 1, parent_id: null, position: 0, symbol: "bench", name_de: "Teile", description_de: "", name_en: "Parts", description_en: "", source_id: null, slug: null, slug_key: null })
      .execute();
    for (let start = 0; start < ARTICLES; start += 100) {
      const ids = Array.from({ length: Math.min(100, ARTICLES - start) }, (_, k) => start + k);
      await trx
        .insertInto("articles")
        .values(ids.map((i) => ({ partno: partno(i), category_id: 1, position: i, prodcatname_de: "Teil", prodcatname_en: "Part", title_de: `Teil ${i}`, title_en: `Part ${i}`, description_de: null, description_en: null, price_cents: 1000, content_hash: null })))
        .execute();
      await trx
        .insertInto("article_eans")
        .values(ids.map((i) => ({ partno: partno(i), position: 0, ean: gtin(i) })))
        .execute();
    }
    for (let start = 0; start < DEALERS; start += 50) {
      const ids = Array.from({ length: Math.min(50, DEALERS - start) }, (_, k) => start + k + 1);
      await trx
        .insertInto("dealers")
        .values(ids.map((i) => ({ id: i, source_id: `H-${i}`, slug: `dealer-${i}`, name: `Dealer ${i}`, street: "Hauptstraße 1", postal_code: "80331", city: "München", country: "DE", tel: "", email: "", web: null, tag: "viva", lat: 48.1, lng: 11.5 })))
        .execute();
    }
  });
}

/** The whole stock as one CSV: every dealer has every article, a quarter of them sold out. */
export function writeStockFile(file: string): number {
  const out = fs.openSync(file, "w");
  fs.writeSync(out, "dealer_id,gtin,quantity,updated_at\n");
  const asOf = new Date().toISOString();
  for (let d = 1; d <= DEALERS; d++) {
    const lines: string[] = [];
    for (let a = 0; a < ARTICLES; a++) lines.push(`H-${d},${gtin(a)},${(d * 7 + a) % 4 === 0 ? 0 : ((d + a) % 9) + 1},${asOf}`);
    fs.writeSync(out, `${lines.join("\n")}\n`);
  }
  fs.closeSync(out);
  return fs.statSync(file).size;
}

async function explain(db: DB): Promise<string> {
  const cutoff = stockCutoff(new Date(), 48);
  if (isPostgres(db)) {
    // What a server sees once autovacuum has run: the visibility map lets the index answer alone.
    await sql`vacuum analyze dealer_stock`.execute(db);
    const rows = await sql<{ "QUERY PLAN": string }>`explain select dealer_id, quantity, as_of from dealer_stock where partno = ${partno(7)} and quantity > 0 and as_of >= ${cutoff} order by as_of desc, dealer_id`.execute(db);
    return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
  }
  await sql`analyze`.execute(db);
  const rows = await sql<{ detail: string }>`explain query plan select dealer_id, quantity, as_of from dealer_stock where partno = ${partno(7)} and quantity > 0 and as_of >= ${cutoff} order by as_of desc, dealer_id`.execute(db);
  return rows.rows.map((row) => row.detail).join("\n");
}

/**
 * The push row's client (fetch, in this process) against a bare `http` server that reads the body
 * and answers as the endpoint does: what of the push figure is the client's and the loopback's.
 * Pushes go one at a time, so the client never waits for a free connection or a core of its own;
 * this row shows its share of each push is small (the benchmarks document has the figures).
 */
async function clientFloor(body: string, samples: number): Promise<number[]> {
  const answer = JSON.stringify({ stored: ARTICLES, ignored: 0, ignoredExamples: [] });
  const bare = http.createServer((request, response) => {
    request.on("data", () => {});
    request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end(answer));
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/stock/H-1`;
    return await timeSamples(async () => {
      const response = await fetch(url, { method: "PUT", body, headers: { Authorization: "Bearer x", "Content-Type": "text/csv" } });
      if (((await response.json()) as { stored?: number }).stored !== ARTICLES) throw new Error("the bare server answered wrongly");
    }, samples);
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
}

async function benchStore(kind: StoreKind): Promise<BenchRow[]> {
  const store = await openBenchStore(kind, "stock");
  const rows: BenchRow[] = [];
  try {
    await migrateToLatest(store.db);
    await fill(store.db);
    const file = path.join(store.dataDir, "stock.csv");
    const bytes = writeStockFile(file);
    console.log(`${kind}: ${DEALERS} dealers × ${ARTICLES} articles, stock file ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await importStock(store.db, { file, dryRun: false, dataDir: store.dataDir, siteMediaDir: mediaDirectory(store.dataDir), log: () => {}, quiet: true });
    const importMs = performance.now() - started;
    if (summary.errors.length > 0 || !summary.applied) throw new Error(`the stock import failed: ${JSON.stringify(summary.errors.slice(0, 3))}`);
    const cpu = process.cpuUsage(cpuBefore);
    // On a shared machine the wall time includes waiting for a core; this process's CPU time does not (SQLite's work is in it, PostgreSQL's is not).
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    console.log(`${kind}: import ${(importMs / 1000).toFixed(1)} s wall, ${cpuSeconds} s CPU of this process (${JSON.stringify(summary.timings)}), heap +${((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(0)} MB after`);
    rows.push({ name: `${kind}: stock file import, 1,000,000 rows`, samples: 1, p50: importMs, p95: importMs, unit: "ms", target: "< 30,000 ms", ok: importMs < 30_000 });

    console.log(`${kind}: plan of "dealers with article X in stock, fresh":\n${await explain(store.db)}`);
    const now = new Date();
    let i = 0;
    const queries = await timeSamples(() => dealersWithStock(store.db, partno(i++ % ARTICLES), now, 48), QUERIES);
    rows.push(latencyRow(`${kind}: dealersWithStock (≈375 of 500 dealers)`, queries, { p95Below: 20 }));

    const env = parseEnv({ DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl, NODE_ENV: "test", LOG_LEVEL: "silent" });
    await renderContentPictures(env.MEDIA_DIR_ABSOLUTE);
    const { createServer } = await importServerBuild();
    const server = createServer({ env, db: store.db, logger: createLogger("silent") }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Each dealer may push STOCK_PUSHES_PER_MINUTE times a minute: the pushes go round several dealers.
      const pushers = Math.ceil((PUSHES * 1.2) / STOCK_PUSHES_PER_MINUTE) + 1;
      const tokens = await Promise.all(Array.from({ length: pushers }, (_, d) => createDealerToken(store.db, d + 1, new Date())));
      const body = ["gtin,quantity", ...Array.from({ length: ARTICLES }, (_, a) => `${gtin(a)},${(a % 5) + 1}`)].join("\n");
      let n = 0;
      const times = await timeSamples(async () => {
        const d = n++ % pushers;
        const response = await fetch(`${url}/api/stock/H-${d + 1}`, { method: "PUT", body, headers: { Authorization: `Bearer ${tokens[d]}`, "Content-Type": "text/csv" } });
        const answer = (await response.json()) as { stored?: number };
        if (response.status !== 200 || answer.stored !== ARTICLES) throw new Error(`push answered ${response.status}: ${JSON.stringify(answer)}`);
      }, PUSHES);
      rows.push(latencyRow(`${kind}: PUT /api/stock, 2,000 rows`, times, { p95Below: 1000 }));
      rows.push(latencyRow(`${kind}: the same PUT to a bare Node server (the client's share)`, await clientFloor(body, PUSHES)));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await store.dispose();
  }
  return rows;
}

export default async function stockBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of benchStoreKinds()) rows.push(...(await benchStore(kind)));
  return rows;
}
