/**
 * Dealer locator at scale (issue 4): 10,000 synthetic dealers on real postal-code places, served by
 * the production build in-process on a free port over a temporary database.
 * Targets: GET /api/reseller p95 < 20 ms; proximity query (postal-code lookup + ranking) < 10 ms.
 * Also measured: the server-rendered page (and its size), and in Chromium the time until all
 * markers are clustered on the map.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import type { ServerBuild } from "react-router";
import { localResellers } from "~/catalog/catalog-source.server";
import { hasBrandTag } from "~/dealers/dealer-filter";
import { searchDealers } from "~/dealers/dealer-search";
import { databasePath, migrateToLatest, openDatabase } from "~/db/database.server";
import type { NewDealer } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { ensurePostalCodes, findPostalCode } from "~/models/postal-code.server";
import { loadPostalPlaces } from "~/seed/postal-codes.server";
import { createRandom } from "~/seed/random";
import { buildDirectory } from "../../build-dir";
import { type DealerDetails, demoDealerDetails } from "~/seed/dealer-details";
import { createServer } from "../../server/app";
import { createLogger } from "../../server/logger";
import { type BenchRow, latencyRow, timeSamples } from "./stats";

const DEALERS = 10_000;
const SEED = 1962;

function syntheticDealers(): NewDealer[] {
  const rng = createRandom(SEED);
  const places = loadPostalPlaces();
  const shops = ["Radhaus", "Zweirad", "Velo", "Bike Point", "Fahrradladen", "Radstation", "Pedalwerk"];
  const out: Omit<NewDealer, "slug">[] = [];
  for (let i = 0; i < DEALERS; i++) {
    const place = rng.pick(places);
    const noCoordinates = rng.chance(0.02);
    out.push({
      id: i + 1,
      name: `${rng.pick(shops)} ${place.place} ${i + 1}`,
      street: `Hauptstraße ${rng.int(1, 140)}`,
      postal_code: place.postalCode,
      city: place.place,
      country: place.country,
      tel: `+49 ${rng.int(30, 999)} ${rng.int(100000, 9999999)}`,
      email: `info@dealer-${i + 1}.example.de`,
      web: rng.chance(0.8) ? `https://www.dealer-${i + 1}.example.de` : null,
      tag: rng.chance(0.9) ? "viva" : "nonbrand",
      lat: noCoordinates ? null : place.lat,
      lng: noCoordinates ? null : place.lng,
    });
  }
  // The demo's mix of services, hours (some unknown) and stocked lines, so filters have work to do.
  const details = demoDealerDetails(SEED, out);
  return out.map((dealer, i) => ({ ...dealer, ...(details[i] as DealerDetails) }));
}

export default async function dealersBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bench-dealers-"));
  const db = openDatabase(databasePath(dir));
  const rows: BenchRow[] = [];
  try {
    await migrateToLatest(db);
    await ensurePostalCodes(db, (line) => console.log(`  ${line}`));
    const dealers = syntheticDealers();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < dealers.length; i += 70) await trx.insertInto("dealers").values(dealers.slice(i, i + 70)).execute();
    });
    console.log(`  ${dealers.length} synthetic dealers inserted`);

    const env = parseEnv({ DATA_DIR: dir, NODE_ENV: "test", LOG_LEVEL: "silent", TILE_UPSTREAM_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png" });
    const build = (await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild;
    const server = createServer({ env, db, logger: createLogger("silent"), build }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Browsers ask for gzip; so does the bench, so compression is part of the figure.
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { "accept-encoding": "gzip" } });
      return response.arrayBuffer();
    };

    try {
      const api = await timeSamples(() => get("/api/reseller"), 100);
      rows.push(latencyRow("GET /api/reseller (10k dealers)", api, { p95Below: 20 }));

      for (const url of ["/handlersuche", "/handlersuche?q=10115", "/handlersuche?q=Berlin", "/handlersuche?q=Radhaus"]) {
        const html = await (await fetch(`${base}${url}`)).text();
        console.log(`  ${url}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML`);
        rows.push(latencyRow(`GET ${url} (10k, SSR)`, await timeSamples(() => get(url), 50)));
      }

      // The proximity query on its own: postal code → centroid, then radius filter and ranking.
      const all = (await localResellers(db).resellers()).filter((d) => hasBrandTag(d.tag, "viva"));
      const proximity = await timeSamples(async () => {
        const match = await findPostalCode(db, "10115", ["DE"]);
        if (!match) throw new Error("10115 not found");
        return searchDealers(all, { query: "10115", origin: match.best, radiusKm: 50 });
      }, 300);
      rows.push(latencyRow("proximity query 10115 / 50 km (10k)", proximity, { p95Below: 10 }));
      const ranking = await timeSamples(() => searchDealers(all, { query: "", origin: { lat: 48.14, lng: 11.58 }, radiusKm: 200 }), 300);
      rows.push(latencyRow("proximity ranking only, 200 km (10k)", ranking, { p95Below: 10 }));

      // The map in a real browser: fetch, parse and cluster 10,000 markers.
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      });
      try {
        const render: number[] = [];
        const total: number[] = [];
        for (let i = 0; i < 4; i++) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          const started = performance.now();
          await page.goto(`${base}/handlersuche`);
          const map = page.locator(".dealer-map.leaflet-container[data-markers-ready='true']");
          await map.waitFor({ timeout: 60_000 });
          total.push(performance.now() - started);
          render.push(Number(await map.getAttribute("data-render-ms")));
          const markers = await map.getAttribute("data-marker-count");
          if (i === 0) console.log(`  Chromium: ${markers} markers clustered`);
          // Responsiveness after loading: one zoom step, timed until Leaflet reports it done.
          await page.close();
        }
        rows.push(latencyRow("browser: cluster 10k markers (addLayers)", render.slice(1).sort((a, b) => a - b)));
        rows.push(latencyRow("browser: page load → markers ready (10k)", total.slice(1).sort((a, b) => a - b)));
      } finally {
        await browser.close();
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
