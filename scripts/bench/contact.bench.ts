/**
 * Contact pipeline throughput (issue 5): messages per second that POST /api/mailer/viva accepts
 * (validated and stored in the outbox, answered 202), 32 concurrent clients in a worker thread
 * against the real production build in-process over a fresh migrated database, while the outbox
 * worker delivers to a local SMTP server at its own pace. Target: at least 500 stored messages per
 * second. Needs a build (`npm run build`). The machine's other load moves the wall-clock figures;
 * the per-message busy time of the server's event loop, printed per round, moves much less.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { OutboxWorker } from "~/contact/outbox-worker.server";
import { databasePath, migrateToLatest, openDatabase } from "~/db/database.server";
import { parseEnv } from "~/env.server";
import { countContactMessages } from "~/models/contact-message.server";
import { serverBuildFile } from "../../build-dir.js";
import { createLogger } from "../../server/logger";
import { shippedBrand } from "../../tests/support/shipped-brand";
import { startSmtpSink } from "../../tests/support/smtp-sink";
import { importServerBuild } from "../server-build";
import { renderContentPictures } from "./content-pictures";
import { type BenchRow, latencyRow, percentile } from "./stats";

const CLIENTS = 32;
const ROUNDS = 5;
const PER_ROUND = 1500;
const WARMUP = 300;
const TARGET_MSG_PER_S = 500;
const DRAIN_SAMPLE_MS = 5000;

/**
 * The clients run in a worker thread, so the server's event loop is measured rather than the
 * load generator's JSON and fetch work. Plain JavaScript, evaluated by the worker.
 */
const CLIENT_SOURCE = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { url, count, clients, offset } = workerData;
const body = (i) => JSON.stringify({
  name: "Bench Kunde " + i,
  email: "kunde" + i + "@example.com",
  telephone: "+49 561 123456",
  subject: "Kontaktformular",
  nachricht: ("Guten Tag,\\n\\nich suche Ersatzteile für mein Rad (Anfrage " + i + "). ").repeat(4),
});
// Each client is a visitor of its own: its own loopback address (127.0.0.2, .3, …) and connection,
// so the server's per-address limits (8 bodies at once, the request guard) see 32 visitors, not one.
const post = (agent, localAddress, text) => new Promise((resolve, reject) => {
  const request = http.request(url, { method: "POST", agent, localAddress, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) } }, (response) => {
    response.resume();
    response.on("end", () => resolve(response.statusCode));
  });
  request.on("error", reject);
  request.end(text);
});
(async () => {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = "127.0.0." + (2 + client);
    while (next < count) {
      const i = offset + next++;
      const t0 = performance.now();
      const status = await post(agent, localAddress, body(i));
      if (status !== 202) throw new Error("request " + i + ": HTTP " + status);
      times.push(performance.now() - t0);
    }
    agent.destroy();
  }));
  parentPort.postMessage({ times, wallMs: performance.now() - started });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** `count` posts by `clients` concurrent loops; returns each request's latency in ms and the wall time. */
function load(url: string, count: number, clients: number, offset: number): Promise<{ times: number[]; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { url, count, clients, offset } });
    worker.once("message", (result: { times: number[]; wallMs: number } | { error: string }) => {
      void worker.terminate();
      if ("error" in result) reject(new Error(result.error));
      else resolve(result);
    });
    worker.once("error", reject);
  });
}

export default async function contactBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(serverBuildFile)) throw new Error(`No build at ${serverBuildFile}: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-contact-bench-"));
  const db = openDatabase(databasePath(dataDir));
  const smtp = await startSmtpSink();
  const logger = createLogger("silent");
  const worker = new OutboxWorker({
    db,
    logger,
    mail: { smtpUrl: smtp.url, from: "website@example.de", to: "inbox@example.de" },
    brand: (() => {
      const brand = shippedBrand();
      return () => brand;
    })(),
    retentionDays: 180,
  });
  const server = await (async () => {
    await migrateToLatest(db);
    // One address sends every message: neither the contact limit nor the render budget (issue 25) may stop it.
    const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent", CONTACT_RATE_LIMIT: "1000000", RENDER_RATE_LIMIT: "0" });
    await renderContentPictures(env.MEDIA_DIR_ABSOLUTE);
    const { createServer } = await importServerBuild();
    const listening = createServer({ env, db, logger, messageStored: () => worker.wake() }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
    return listening;
  })();
  worker.start();

  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mailer/viva`;
    console.log(`  warm-up: ${WARMUP} messages`);
    await load(url, WARMUP, CLIENTS, 0);

    const rates: number[] = [];
    const allTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const cpuBefore = process.cpuUsage();
      const loopBefore = performance.eventLoopUtilization();
      const { times, wallMs } = await load(url, PER_ROUND, CLIENTS, WARMUP + round * PER_ROUND);
      const cpu = process.cpuUsage(cpuBefore);
      const loop = performance.eventLoopUtilization(loopBefore);
      const rate = (PER_ROUND / wallMs) * 1000;
      rates.push(rate);
      allTimes.push(...times);
      // Busy time of the server's event loop per message does not depend much on what else the
      // machine runs; 1000 / it is the rate one core could sustain. (Process CPU includes the clients.)
      const loopMsPerMessage = loop.active / PER_ROUND;
      const cpuPerMessage = (cpu.user + cpu.system) / PER_ROUND / 1000;
      console.log(
        `  round ${round + 1}/${ROUNDS}: ${PER_ROUND} in ${wallMs.toFixed(0)} ms = ${rate.toFixed(0)} msg/s; ` +
          `server loop busy ${(loop.utilization * 100).toFixed(0)} %, ${loopMsPerMessage.toFixed(2)} ms per message; process CPU ${cpuPerMessage.toFixed(2)} ms per message`,
      );
    }
    const total = WARMUP + ROUNDS * PER_ROUND;
    const counts = await countContactMessages(db);
    const stored = counts.pending + counts.sent + counts.failed;
    if (stored !== total) throw new Error(`accepted ${total} messages but ${stored} are in the outbox`);
    console.log(`  outbox after load: ${counts.sent} already delivered, ${counts.pending} pending (delivery is decoupled)`);

    // Delivery rate of the worker, measured for a few seconds on the backlog the load left behind.
    const before = smtp.messages.length;
    const drainStart = performance.now();
    await new Promise((r) => setTimeout(r, DRAIN_SAMPLE_MS));
    const deliveryRate = ((smtp.messages.length - before) / (performance.now() - drainStart)) * 1000;
    console.log(`  worker delivers the backlog by SMTP at ${deliveryRate.toFixed(0)} msg/s (one pooled connection)`);

    const sortedRates = [...rates].sort((a, b) => a - b);
    const median = percentile(sortedRates, 50);
    // "p95" of a throughput: the rate that 95 % of the rounds reached, i.e. the slow end.
    const slow = percentile(sortedRates, 5);
    return [
      {
        name: `contact: accepted + stored (${CLIENTS} clients)`,
        samples: ROUNDS,
        p50: median,
        p95: slow,
        unit: "msg/s",
        target: `≥ ${TARGET_MSG_PER_S} msg/s`,
        ok: slow >= TARGET_MSG_PER_S,
      },
      latencyRow(`contact: POST latency (${CLIENTS} clients)`, allTimes.sort((a, b) => a - b)),
      { name: "contact: SMTP delivery by the worker (backlog)", samples: 1, p50: deliveryRate, p95: deliveryRate, unit: "msg/s" },
    ];
  } finally {
    await worker.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await smtp.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
