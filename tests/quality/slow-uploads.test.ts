import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../scripts/quality/local-server";
import { residentMb, startSlowUploads } from "../support/slow-uploads";

/**
 * Issue 12 B: 3,500 to 4,000 sockets trickling form bodies ended the process with "JavaScript heap
 * out of memory". The compiled server, as `npm start` runs it (heap cap included), must shrug off
 * 5,000 of them from many addresses: still answering /healthz quickly, memory bounded.
 */
let server: LocalServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-slow-"));
  fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  server = await startLocalServer(dataDir, { LOG_LEVEL: "silent" }, "ignore");
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  return performance.now() - started;
}

describe("slow request bodies", () => {
  it("5,000 slow uploads from 250 addresses: /healthz stays within 100 ms of its quiet answer time and memory stays bounded", { timeout: 90_000 }, async () => {
    // The same question on the quiet server first: on a machine busy with other work every answer
    // is slower, and the attack may add at most 100 ms on top of that.
    const quiet: number[] = [];
    for (let i = 0; i < 40; i++) quiet.push(await timedHealth(server.url));
    quiet.sort((a, b) => a - b);
    const quietP95 = quiet[Math.floor(quiet.length * 0.95)] ?? 0;
    const port = Number(new URL(server.url).port);
    const { attack, done } = startSlowUploads({
      port,
      total: 5000,
      perWave: 500,
      waveMs: 2000,
      addresses: 250,
      paths: ["/api/mailer/viva", "/contact"],
    });
    const latencies: number[] = [];
    let peakMb = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        latencies.push(await timedHealth(server.url));
        peakMb = Math.max(peakMb, residentMb(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await done;
    // Every upload is either refused at once or given up on by the request timeout (15 s).
    const deadline = Date.now() + 25_000;
    while (attack.answered < attack.opened && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    sampling = false;
    await sampler;
    attack.close();

    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? Infinity;
    console.log(
      `slow uploads: ${attack.opened} opened, answers ${JSON.stringify(Object.fromEntries(attack.statuses))}; ` +
        `/healthz ${latencies.length} samples, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms (quiet ${quietP95.toFixed(1)} ms), max ${latencies.at(-1)?.toFixed(1)} ms; resident memory peak ${peakMb} MB`,
    );
    expect(attack.answered).toBe(attack.opened);
    expect(p95).toBeLessThan(100 + 4 * quietP95);
    expect(peakMb).toBeLessThan(250);
    // The server is still there and serves pages.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
