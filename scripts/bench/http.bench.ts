/**
 * HTTP throughput and latency of the production server, side by side with nginx serving the same
 * response bytes as static files (issue 7). Needs nginx from Debian (`apt-get install nginx`); without
 * it, the nginx columns are skipped. Runs autocannon on this machine against 127.0.0.1 only.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, sampleCatalogueUrls, startLocalServer } from "../quality/local-server";
import type { BenchRow } from "./stats";

const SHORT_S = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_S = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function cannon(url: string, connections: number, seconds: number, uniquePaths = false): Promise<Run> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // A unique query string per request misses the page cache: what rendering alone costs.
    ...(uniquePaths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const base = req.path ?? "/";
                return { ...req, path: `${base}${base.includes("?") ? "&" : "?"}_=${counter++}` };
              },
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

async function startNginx(files: { urlPath: string; body: Buffer; type: string }[]) {
  const bin = findNginx();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-nginx-"));
  // nginx's worker runs as an unprivileged user when started as root: mkdtemp's 0700 would make
  // every answer a small 403, and the baseline absurdly fast.
  fs.chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  const locations: string[] = [];
  files.forEach((file, i) => {
    const name = `r${i}`;
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, name), file.body);
    const exact = file.urlPath.split("?")[0] ?? file.urlPath;
    locations.push(`location = ${exact} { default_type "${file.type}"; try_files /${name} =404; }`);
  });
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  gzip on; gzip_types application/json text/html;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const child = spawn(bin, ["-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  pin(child.pid, 0);
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = () => child.kill("SIGTERM");
  // The baseline must serve exactly the bytes we do, or the comparison means nothing.
  for (const file of files) {
    const response = await fetch(`${url}${file.urlPath}`, { headers: { "Accept-Encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !body.equals(file.body)) {
      stop();
      throw new Error(`nginx answers ${file.urlPath} with ${response.status} and ${body.length} bytes, not our ${file.body.length}; see ${dir}/error.log`);
    }
  }
  return { url, stop, dir };
}

/**
 * Both servers get core 0 and the load generator (this process) core 1, so "requests/s on one core"
 * means what it says and neither server competes with autocannon for its core.
 */
function pin(pid: number | undefined, core: number): boolean {
  if (pid === undefined) return false;
  try {
    execFileSync("taskset", ["-apc", String(core), String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export default async function httpBench(): Promise<BenchRow[]> {
  const dataDir = path.resolve(".bench-data");
  const server = await startLocalServer(dataDir, { LOG_LEVEL: "error" }, "ignore");
  if (!pin(server.pid, 0) || !pin(process.pid, os.cpus().length > 1 ? 1 : 0)) {
    console.log("taskset is not available: the servers are not pinned to one core");
  }
  const { list, article } = await sampleCatalogueUrls(server.url);
  const targets = [
    { name: "article list page", path: list },
    { name: "article deep link", path: article },
    { name: "GET /catalog/list/categories/37", path: "/catalog/list/categories/37" },
    { name: "GET /api/reseller", path: "/api/reseller" },
  ];

  const files = await Promise.all(
    targets.map(async (t) => {
      const response = await fetch(`${server.url}${t.path}`);
      return { urlPath: t.path, body: Buffer.from(await response.arrayBuffer()), type: response.headers.get("content-type") ?? "text/html" };
    }),
  );
  const nginx = await startNginx(files);
  if (!nginx) console.log("nginx is not installed (apt-get install nginx): no baseline column");

  const rows: BenchRow[] = [];
  const table: string[] = ["| target | velocat req/s | p50 ms | p99 ms | nginx req/s | ratio |", "| --- | ---: | ---: | ---: | ---: | ---: |"];
  try {
    for (const target of targets) {
      console.log(`  ${target.name}…`);
      const ours = await cannon(`${server.url}${target.path}`, 50, SHORT_S);
      const base = nginx ? await cannon(`${nginx.url}${target.path}`, 50, SHORT_S) : null;
      const ratio = base ? ours.rps / base.rps : undefined;
      for (const [who, run] of [["velocat", ours], ["nginx", base]] as const) {
        if (run && (run.errors > 0 || run.non2xx > 0)) console.log(`  ${who}: ${run.errors} errors, ${run.non2xx} non-2xx answers: this row is not valid`);
      }
      table.push(
        `| ${target.name} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${base ? base.rps.toFixed(0) : "–"} | ${ratio ? `${(ratio * 100).toFixed(0)} %` : "–"} |`,
      );
      rows.push({
        name: `${target.name} (cached)`,
        samples: Math.round(ours.rps * SHORT_S),
        p50: ours.rps,
        p95: ours.rps,
        unit: "req/s",
        ...(ratio !== undefined ? { target: "≥ 50 % of nginx", ok: ratio >= 0.5 && ours.non2xx === 0 && ours.errors === 0 } : {}),
      });
    }
    for (const target of targets.slice(0, 2)) {
      // The cached runs never render, so V8 has not optimised the rendering code yet: the first few
      // thousand renders run slower. Measure the steady state, as for the cached answers.
      console.log(`  ${target.name}, uncached: ${WARMUP_S} s warm-up…`);
      await cannon(`${server.url}${target.path}`, 20, WARMUP_S, true);
      console.log(`  ${target.name}, uncached…`);
      const uncached = await cannon(`${server.url}${target.path}`, 20, SHORT_S, true);
      table.push(`| ${target.name}, uncached | ${uncached.rps.toFixed(0)} | ${uncached.p50} | ${uncached.p99} | – | – |`);
      rows.push({
        name: `${target.name} (uncached SSR, 1 core)`,
        samples: Math.round(uncached.rps * SHORT_S),
        p50: uncached.rps,
        p95: uncached.rps,
        unit: "req/s",
        target: "≥ 300 req/s",
        ok: uncached.rps >= 300,
      });
    }

    console.log(`  soak: ${SOAK_S} s with 200 connections over all targets…`);
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssMb(server.pid)), 1000);
    const soak = await autocannon({
      url: server.url,
      connections: 200,
      duration: SOAK_S,
      requests: targets.map((t) => ({ path: t.path })),
    });
    clearInterval(sampler);
    const warm = memory.slice(Math.floor(memory.length / 4));
    const peak = Math.max(...memory);
    const drift = warm.length > 1 ? (warm.at(-1) ?? 0) - (warm[0] ?? 0) : 0;
    const errors = soak.errors + soak.timeouts + soak.non2xx;
    table.push(
      `| soak ${SOAK_S} s, 200 connections | ${soak.requests.average.toFixed(0)} | ${soak.latency.p50} | ${soak.latency.p99} | errors ${errors} | RSS peak ${peak.toFixed(0)} MB, drift ${drift.toFixed(1)} MB |`,
    );
    rows.push({
      name: `soak ${SOAK_S}s/200 conn: p99 latency`,
      samples: soak.requests.total,
      p50: soak.latency.p50,
      p95: soak.latency.p97_5,
      p99: soak.latency.p99,
      unit: "ms",
      target: "p99 < 200 ms, 0 errors",
      ok: soak.latency.p99 < 200 && errors === 0,
    });
    rows.push({
      name: "soak: resident memory (MB, peak)",
      samples: memory.length,
      p50: warm[Math.floor(warm.length / 2)] ?? 0,
      p95: peak,
      unit: "MB",
      target: "< 250 MB, flat",
      ok: peak < 250 && Math.abs(drift) < 25,
    });
  } finally {
    nginx?.stop();
    if (nginx) fs.rmSync(nginx.dir, { recursive: true, force: true });
    await server.stop();
  }
  console.log(`\n${table.join("\n")}\n`);
  return rows;
}
