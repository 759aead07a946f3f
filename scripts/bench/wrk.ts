/**
 * The bench's HTTP client (wrk, one thread, pinned to the client's core), what a process costs,
 * and how rounds become one figure: shared by http.bench.ts and its baselines (http-baselines.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

export const SERVER_CORE = 0;
export const CLIENT_CORE = 1;

export interface Run {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** wrk's socket errors: connect, read, write, timeout. */
  socketErrors: number;
  /** Answers with a status of 400 or more (wrk counts 3xx as success). */
  non2xx: number;
}

export function hasCommand(name: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const lua = (value: string) => JSON.stringify(value);

/** wrk's summary as one JSON line; latencies in microseconds. */
const REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.1f,"p99":%.1f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

/** Each request a new URL with a parameter the page cache does not store: what rendering costs. */
export const uniqueRequests = (urlPath: string) => `
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, ${lua(urlPath)} .. ${lua(urlPath.includes("?") ? "&" : "?")} .. "bench=" .. n)
end
`;

/** One request after the other over the given paths, pre-formatted. */
export const rotatingRequests = (paths: string[]) => `
local paths = { ${paths.map(lua).join(", ")} }
local formatted = {}
local i = 0
init = function(args)
  for k, p in ipairs(paths) do formatted[k] = wrk.format(nil, p) end
end
request = function()
  i = i % #formatted + 1
  return formatted[i]
end
`;

export class Wrk {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-wrk-"));
  private scripts = 0;
  constructor(private readonly pinned: boolean) {}

  async run(url: string, options: { connections: number; seconds: number; requests?: string }): Promise<Run> {
    const script = path.join(this.dir, `s${this.scripts++}.lua`);
    fs.writeFileSync(script, `${options.requests ?? ""}\n${REPORT}`);
    const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", "-s", script, url];
    const [command, argv] = this.pinned ? ["taskset", ["-c", String(CLIENT_CORE), "wrk", ...args]] : ["wrk", args];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, argv as string[], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
      child.once("error", reject);
      child.once("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`))));
    });
    const line = /^WRK (\{.*\})$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const s = JSON.parse(line) as Record<"requests" | "duration" | "connect" | "read" | "write" | "status" | "timeout" | "p50" | "p99", number>;
    return {
      rps: s.requests / (s.duration / 1e6),
      requests: s.requests,
      p50: s.p50 / 1000,
      p99: s.p99 / 1000,
      socketErrors: s.connect + s.read + s.write + s.timeout,
      non2xx: s.status,
    };
  }

  close() {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export function countLines(file: string): number {
  const fd = fs.openSync(file, "r");
  const buffer = Buffer.alloc(1 << 20);
  let lines = 0;
  try {
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
      for (let i = buffer.indexOf(10); i !== -1 && i < n; i = buffer.indexOf(10, i + 1)) lines++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
}

/**
 * CPU seconds (user and system) a process has used: a render's cost that a noisy machine changes
 * far less than requests per second.
 */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}


export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export const canPin = os.cpus().length > 1 && hasCommand("taskset");

/** A command started on the servers' core: its threads and child processes (nginx's worker) inherit it. */
export function onServerCore(command: string, args: string[]): [string, string[]] {
  return canPin ? ["taskset", ["-c", String(SERVER_CORE), command, ...args]] : [command, args];
}

/** All threads of a running process (the server's libuv pool, this process) on `core`. */
export function pin(pid: number | undefined, core: number): boolean {
  if (pid === undefined) return false;
  try {
    execFileSync("taskset", ["-apc", String(core), String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export const f0 = (n: number) => n.toFixed(0);
export const f1 = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
export const failed = (run: Run) => run.socketErrors + run.non2xx;

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Rounds of one server as one figure: median rate and latencies, every request and error counted. */
export function medianOf(runs: readonly Run[]): Run & { low: number; high: number } {
  const rates = runs.map((r) => r.rps);
  return {
    rps: median(rates),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    socketErrors: runs.reduce((sum, r) => sum + r.socketErrors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    low: Math.min(...rates),
    high: Math.max(...rates),
  };
}

export const range = (run: { low: number; high: number }) => `${f0(run.low)}–${f0(run.high)}`;

/**
 * `ROUNDS` rounds of `run` on each contestant, taking turns in an order that rotates each round;
 * the results per contestant, in the order given.
 */
export async function takeTurns<T>(count: number, run: (index: number) => Promise<T>): Promise<T[][]> {
  const results: T[][] = Array.from({ length: count }, () => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < count; k++) {
      const index = (k + round) % count;
      results[index]?.push(await run(index));
    }
  }
  return results;
}
