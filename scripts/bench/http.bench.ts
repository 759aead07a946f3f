/**
 * HTTP throughput and latency of the production server (issue 15), measured with `wrk`, side by side
 * in one run with nginx serving the same response bodies as static files and a bare Node `http`
 * server answering the same bytes (the ceiling). Every server runs on core 0, wrk on core 1.
 * A row whose ceiling is not at least twice velocat's figure measured the client and is INVALID.
 *
 * Needs `wrk` and `nginx` from Debian (`apt-get install -y wrk nginx`). The server logs at
 * `LOG_LEVEL` (default info, as in production) into a file, as a service manager would collect it.
 * Every compared figure is the median of BENCH_ROUNDS rounds in which the servers take turns (the
 * order rotating), so a stretch of noise on this shared machine hits all of them alike instead of
 * one row; the range of the rounds is printed beside it.
 * Knobs: BENCH_SECONDS (per round), BENCH_ROUNDS, BENCH_WARMUP_SECONDS (rendering warm-up), BENCH_SOAK_SECONDS.
 * With DATABASE_URL (issue 16) the uncached rows run again on PostgreSQL, in a database of the
 * bench's own next to that URL's, and then with two instances behind nginx
 * (deploy/nginx-load-balancer.conf); the SQLite server ignores DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../build-dir";
import { sampleCatalogueUrls, startLocalServer } from "../quality/local-server";
import { openBenchStore } from "./bench-store";
import type { BenchRow } from "./stats";
import { findNginx, INSTALL, record, startCeiling, startHelper, startLoadBalancer, startNginx } from "./http-baselines";
import { canPin, CLIENT_CORE, countLines, cpuSeconds, f0, f1, failed, hasCommand, median, medianOf, pin, range, rotatingRequests, ROUNDS, rssMb, type Run, SERVER_CORE, takeTurns, uniqueRequests, Wrk } from "./wrk";

const SHORT_S = Number(process.env.BENCH_SECONDS ?? 5);
const SOAK_S = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const LOG_LEVEL = process.env.LOG_LEVEL ?? "info";
/** Before each cached row: the first requests of a connection and cold JIT are not the steady state. */
const HIT_WARMUP_S = Math.min(2, SHORT_S);

export default async function httpBench(): Promise<BenchRow[]> {
  if (!hasCommand("wrk")) {
    console.error(`  The HTTP benchmark needs wrk, and nginx for its baseline: ${INSTALL}`);
    process.exitCode = 1;
    return [];
  }
  if (!findNginx()) console.log(`  nginx is not installed (${INSTALL}): no nginx column, no ratio to check`);
  const [load1] = os.loadavg();
  console.log(`  load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}${(load1 ?? 0) >= 1.5 ? "  (other work is running: these figures are not comparable)" : ""}`);

  const dataDir = path.resolve(".bench-data");
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bench-log-"));
  const logFile = path.join(logDir, "server.log");
  const logFd = fs.openSync(logFile, "w");
  const server = await startLocalServer(dataDir, { LOG_LEVEL, DATABASE_URL: "" }, logFd);
  const pinned = canPin && pin(server.pid, SERVER_CORE) && pin(process.pid, CLIENT_CORE);
  if (!pinned) console.log("  taskset or a second core is missing: server and client share the machine, not one core each");
  const wrk = new Wrk(pinned);

  const { list, article } = await sampleCatalogueUrls(server.url);
  const targets = [
    { name: "article list page", path: list },
    { name: "article deep link", path: article },
    { name: "GET /catalog/list/categories/37", path: "/catalog/list/categories/37" },
    { name: "GET /api/reseller", path: "/api/reseller" },
  ];
  const answers = await Promise.all(targets.map((t) => record(server.url, t.path)));
  const nginx = await startNginx(answers);
  const ceiling = await startCeiling(answers);

  const rows: BenchRow[] = [];
  const table: string[] = [
    `| target | velocat req/s, median of ${ROUNDS} (range) | p50 ms | p99 ms | nginx req/s (range) | nginx p99 ms | ceiling req/s (range) | velocat / nginx | velocat / ceiling | client reached / velocat | valid |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  let invalid = 0;
  const sqliteUncached = new Map<string, Run>();
  try {
    for (const [i, target] of targets.entries()) {
      console.log(`  ${target.name}: ${ROUNDS} rounds of ${SHORT_S} s, the servers taking turns…`);
      const urls = [server.url, ceiling.url, ...(nginx ? [nginx.url] : [])].map((u) => `${u}${target.path}`);
      // The first requests of a connection and cold JIT are not the steady state.
      for (const url of urls) await wrk.run(url, { connections: 50, seconds: HIT_WARMUP_S });
      const [oursRuns = [], topRuns = [], baseRuns] = await takeTurns(urls.length, (k) => wrk.run(urls[k] ?? "", { connections: 50, seconds: SHORT_S }));
      const ours = medianOf(oursRuns);
      const top = medianOf(topRuns);
      const base = baseRuns ? medianOf(baseRuns) : null;
      const ratio = base ? ours.rps / base.rps : undefined;
      // What the client is shown to manage in this run: the faster of the two servers answering the
      // same bytes. The bare Node ceiling alone is below nginx on these bodies (one core spends most
      // of a bare answer in Node's own http code), so it cannot prove more than velocat's own rate.
      const headroom = Math.max(top.rps, base?.rps ?? 0) / ours.rps;
      const problems = [
        headroom < 2 ? "INVALID: the client could not push nginx or the ceiling to 2× velocat" : "",
        ...([["velocat", ours], ["nginx", base], ["ceiling", top]] as const).map(([who, run]) =>
          run && failed(run) > 0 ? `INVALID: ${who} had ${run.socketErrors} socket errors and ${run.non2xx} error answers` : "",
        ),
      ].filter(Boolean);
      if (problems.length > 0) invalid++;
      table.push(
        `| ${target.name} (${f0((answers[i]?.body.length ?? 0) / 1024)} KB) | ${f0(ours.rps)} (${range(ours)}) | ${f1(ours.p50)} | ${f1(ours.p99)} | ${base ? `${f0(base.rps)} (${range(base)})` : "–"} | ${base ? f1(base.p99) : "–"} | ${f0(top.rps)} (${range(top)}) | ${ratio === undefined ? "–" : `${ratio.toFixed(2)}×`} | ${(ours.rps / top.rps).toFixed(2)}× | ${headroom.toFixed(1)}× | ${problems.length > 0 ? problems.join("; ") : "yes"} |`,
      );
      rows.push({
        name: `${target.name} (cached)`,
        samples: ours.requests,
        p50: ours.rps,
        p95: ours.rps,
        unit: "req/s",
        ...(ratio !== undefined ? { target: "≥ 0.5× nginx, valid", ok: ratio >= 0.5 && problems.length === 0 } : {}),
      });
    }
    // The same routes rendered by React Router alone on bare Node: what a miss costs with no
    // framework at all, the most any framework could win back (decision 025).
    // With the server's own flags: without the heap cap V8 grows the heap to 180 MB and collects far
    // less often, which alone made the bare server look 0.5 ms per render cheaper.
    const bare = await startHelper("bare-router-server.ts", [dataDir], { ...process.env, NODE_ENV: "production" }, SERVER_NODE_FLAGS);
    try {
      for (const target of targets.slice(0, 2)) {
        // The cached runs never render, so V8 has not optimised the rendering code yet: the first few
        // thousand renders run slower. Measure the steady state, as for the cached answers.
        console.log(`  ${target.name}, uncached: ${WARMUP_S} s warm-up each, then ${ROUNDS} rounds of ${SHORT_S} s taking turns with React Router alone…`);
        const contestants = [server, bare];
        for (const c of contestants) await wrk.run(c.url, { connections: 20, seconds: WARMUP_S, requests: uniqueRequests(target.path) });
        const [oursRuns = [], aloneRuns = []] = await takeTurns(contestants.length, async (k) => {
          const c = contestants[k] ?? server;
          const before = cpuSeconds(c.pid);
          const run = await wrk.run(c.url, { connections: 20, seconds: SHORT_S, requests: uniqueRequests(target.path) });
          return { run, cpuMsPerRequest: ((cpuSeconds(c.pid) - before) * 1000) / Math.max(1, run.requests) };
        });
        const uncached = medianOf(oursRuns.map((r) => r.run));
        const alone = medianOf(aloneRuns.map((r) => r.run));
        const uncachedCpu = median(oursRuns.map((r) => r.cpuMsPerRequest)).toFixed(2);
        const aloneCpu = median(aloneRuns.map((r) => r.cpuMsPerRequest)).toFixed(2);
        sqliteUncached.set(target.path, uncached);
        const problem = failed(uncached) > 0 ? `INVALID: ${uncached.socketErrors} socket errors, ${uncached.non2xx} error answers` : "yes";
        table.push(`| ${target.name}, uncached (20 connections) | ${f0(uncached.rps)} (${range(uncached)}) | ${f1(uncached.p50)} | ${f1(uncached.p99)} | – | – | – | – | – | – | ${problem}; ${uncachedCpu} ms CPU per request |`);
        table.push(
          `| ${target.name}, uncached, React Router alone on bare Node (no framework, headers or log) | ${f0(alone.rps)} (${range(alone)}) | ${f1(alone.p50)} | ${f1(alone.p99)} | – | – | – | – | velocat ${(uncached.rps / alone.rps).toFixed(2)}× of it | – | ${failed(alone) > 0 ? "INVALID: errors" : "yes"}; ${aloneCpu} ms CPU per request |`,
        );
        rows.push({
          name: `${target.name} (uncached, React Router alone, no framework)`,
          samples: alone.requests,
          p50: alone.rps,
          p95: alone.rps,
          unit: "req/s",
        });
        rows.push({
          name: `${target.name} (uncached SSR, 1 core)`,
          samples: uncached.requests,
          p50: uncached.rps,
          p95: uncached.rps,
          unit: "req/s",
          target: "≥ 300 req/s",
          ok: uncached.rps >= 300 && failed(uncached) === 0,
        });
      }
    } finally {
      bare.stop();
    }

    if (process.env.DATABASE_URL) {
      const postgres = await comparePostgres(wrk, targets.slice(0, 2), sqliteUncached, logFd);
      table.push(...postgres.table);
      rows.push(...postgres.rows);
    }

    console.log(`  soak: ${SOAK_S} s with 200 connections over all targets…`);
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssMb(server.pid)), 1000);
    const soak = await wrk.run(server.url, { connections: 200, seconds: SOAK_S, requests: rotatingRequests(targets.map((t) => t.path)) });
    clearInterval(sampler);
    const first = memory[0] ?? 0;
    const last = memory.at(-1) ?? 0;
    const peak = Math.max(...memory);
    // Flat: after the first quarter (the heap growing to its working size) it neither climbs nor drops.
    const warm = memory.slice(Math.floor(memory.length / 4));
    const drift = warm.length > 1 ? (warm.at(-1) ?? 0) - (warm[0] ?? 0) : 0;
    table.push(
      `| soak ${SOAK_S} s, 200 connections, all four | ${f0(soak.rps)} | ${f1(soak.p50)} | ${f1(soak.p99)} | – | – | – | – | – | – | ${failed(soak) === 0 ? "yes" : "NO"}: ${soak.socketErrors} socket errors, ${soak.non2xx} error answers; RSS first ${f0(first)} MB, last ${f0(last)} MB, max ${f0(peak)} MB |`,
    );
    rows.push({
      name: `soak ${SOAK_S}s/200 conn: p99 latency`,
      samples: soak.requests,
      p50: soak.p50,
      p95: soak.p99,
      p99: soak.p99,
      unit: "ms",
      target: "p99 < 50 ms, 0 errors",
      ok: soak.p99 < 50 && failed(soak) === 0,
    });
    rows.push({
      name: "soak: resident memory (MB, peak)",
      samples: memory.length,
      p50: warm[Math.floor(warm.length / 2)] ?? 0,
      p95: peak,
      unit: "MB",
      target: "< 200 MB, flat",
      ok: peak < 200 && Math.abs(drift) < 20,
    });
  } finally {
    nginx?.stop();
    ceiling.stop();
    wrk.close();
    await server.stop();
    fs.closeSync(logFd);
  }
  const logLines = countLines(logFile);
  const logMb = fs.statSync(logFile).size / 1e6;
  fs.rmSync(logDir, { recursive: true, force: true });
  console.log(`\nLOG_LEVEL=${LOG_LEVEL}: the server wrote ${logLines} log lines (${logMb.toFixed(0)} MB); load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
  if (invalid > 0) console.log(`${invalid} row(s) INVALID: see the last column`);
  console.log(`\n${table.join("\n")}\n`);
  return rows;
}

/** Uncached rendering of one target: a warm-up, then the median of ROUNDS runs, with unique query strings. */
async function uncachedRun(wrk: Wrk, url: string, urlPath: string): Promise<Run> {
  await wrk.run(url, { connections: 20, seconds: WARMUP_S, requests: uniqueRequests(urlPath) });
  const [runs = []] = await takeTurns(1, () => wrk.run(url, { connections: 20, seconds: SHORT_S, requests: uniqueRequests(urlPath) }));
  return medianOf(runs);
}

/**
 * Issue 16's figures: uncached rendering on PostgreSQL against the SQLite figures of the same run
 * (target: within 25 %), then two PostgreSQL instances behind nginx against one. Each instance
 * would need a core of its own besides the client's, nginx's and PostgreSQL's: with fewer than 4
 * cores the two-instance row is reported, not judged.
 */
async function comparePostgres(wrk: Wrk, targets: readonly { name: string; path: string }[], sqlite: ReadonlyMap<string, Run>, logFd: number) {
  const table: string[] = [];
  const rows: BenchRow[] = [];
  const store = await openBenchStore("PostgreSQL", "http");
  const second = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bench-second-"));
  const env = { LOG_LEVEL, DATABASE_URL: store.databaseUrl, MEDIA_DIR: path.join(store.dataDir, "media") };
  console.log("  PostgreSQL: one instance on an empty database (it seeds the demo data first)…");
  const one = await startLocalServer(store.dataDir, env, logFd);
  const instances = [one];
  let balancer: { url: string; stop: () => void } | undefined;
  try {
    pin(one.pid, SERVER_CORE);
    let oneInstance: Run | undefined;
    for (const target of targets) {
      console.log(`  ${target.name}, uncached on PostgreSQL…`);
      const run = await uncachedRun(wrk, one.url, target.path);
      oneInstance ??= run;
      const base = sqlite.get(target.path);
      const ratio = base ? run.rps / base.rps : 0;
      const problem = failed(run) > 0 ? `INVALID: ${run.socketErrors} socket errors, ${run.non2xx} error answers` : "yes";
      table.push(
        `| ${target.name}, uncached on PostgreSQL (20 connections) | ${f0(run.rps)} | ${f1(run.p50)} | ${f1(run.p99)} | – | – | – | – | – | – | ${problem}; ${ratio.toFixed(2)}× SQLite's ${f0(base?.rps ?? 0)} req/s |`,
      );
      rows.push({
        name: `${target.name} (uncached SSR on PostgreSQL, ÷ SQLite)`,
        samples: run.requests,
        p50: ratio,
        p95: ratio,
        unit: "×",
        target: "≥ 0.75× SQLite",
        ok: ratio >= 0.75 && failed(run) === 0,
      });
    }

    const cores = os.cpus().length;
    console.log(`  two PostgreSQL instances behind nginx (${cores} cores)…`);
    const two = await startLocalServer(second, env, logFd);
    instances.push(two);
    // Each instance on a core of its own where there are enough; wrk keeps the client's core.
    if (cores >= 4) pin(two.pid, 2);
    else pin(two.pid, SERVER_CORE);
    const ports = instances.map((i) => Number(new URL(i.url).port));
    balancer = await startLoadBalancer(ports);
    const target = targets[0];
    if (target && oneInstance) {
      const run = await uncachedRun(wrk, balancer.url, target.path);
      const ratio = run.rps / oneInstance.rps;
      const judged = cores >= 4;
      table.push(
        `| ${target.name}, uncached, two PostgreSQL instances behind nginx | ${f0(run.rps)} | ${f1(run.p50)} | ${f1(run.p99)} | – | – | – | – | – | – | ${failed(run) > 0 ? "INVALID: errors" : judged ? "yes" : `not judged: ${cores} cores, two instances need 4`}; ${ratio.toFixed(2)}× one instance |`,
      );
      rows.push({
        name: `${target.name} (uncached, 2 instances behind nginx, ÷ 1 instance)`,
        samples: run.requests,
        p50: ratio,
        p95: ratio,
        unit: "×",
        ...(judged ? { target: "≥ 1.8× one instance", ok: ratio >= 1.8 && failed(run) === 0 } : {}),
      });
    }
  } finally {
    balancer?.stop();
    for (const instance of instances) await instance.stop();
    await store.dispose();
    fs.rmSync(second, { recursive: true, force: true });
  }
  return { table, rows };
}
