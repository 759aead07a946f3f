/**
 * The parameter flood of issue 25, item 4, for a measurement by hand: one client (127.0.0.1) asks
 * for COUNT dealer lists with distinct `?limit=` values, CONCURRENCY at a time, while another
 * (127.0.0.2) asks for the cached home page one request after the other. Prints the flood's statuses
 * and the other client's answer times. The server runs with its default RENDER_RATE_LIMIT.
 * Usage: npx tsx scripts/quality/render-flood.ts
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startLocalServer } from "./local-server";

const count = Number(process.env.COUNT ?? 479);
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-render-flood-"));
const server = await startLocalServer(dataDir, { LOG_LEVEL: "silent", RENDER_RATE_LIMIT: "" }, "ignore");

const get = (url: string, localAddress: string) =>
  new Promise<number>((resolve) => {
    http
      .get(url, { localAddress, agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", () => resolve(0));
  });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

try {
  while ((await fetch(`${server.url}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  const timed = async () => {
    const started = performance.now();
    await get(`${server.url}/`, "127.0.0.2");
    return performance.now() - started;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) quiet.push(await timed());
  const statuses = new Map<number, number>();
  let next = 0;
  let flooding = true;
  const during: number[] = [];
  const probe = (async () => {
    while (flooding) during.push(await timed());
  })();
  const floodStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const limit = 20 + next++;
        const status = await get(`${server.url}/handlersuche?limit=${limit}`, "127.0.0.1");
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const floodMs = performance.now() - floodStarted;
  flooding = false;
  await probe;
  console.log(
    `${count} distinct ?limit= from 127.0.0.1 in ${(floodMs / 1000).toFixed(1)} s: ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `cached / from 127.0.0.2: quiet p50 ${median(quiet).toFixed(1)} ms, during p50 ${median(during).toFixed(1)} ms, p95 ${p95(during).toFixed(1)} ms (${during.length} requests)`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
