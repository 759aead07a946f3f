/** Shared helpers for `npm run bench`: timing samples and the table everyone prints. */

export interface BenchRow {
  name: string;
  /** Number of timed samples. */
  samples: number;
  p50: number;
  p95: number;
  p99?: number;
  unit: "ms" | "req/s" | "msg/s" | "MB" | "×";
  /** The target, shown beside the figure, e.g. "p95 < 20 ms". */
  target?: string;
  ok?: boolean;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Runs `fn` `warmup` times untimed, then `samples` times timed; returns durations in ms, sorted. */
export async function timeSamples(fn: () => unknown, samples: number, warmup = Math.ceil(samples / 10)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export function latencyRow(name: string, times: number[], target?: { p95Below: number }): BenchRow {
  const p95 = percentile(times, 95);
  return {
    name,
    samples: times.length,
    p50: percentile(times, 50),
    p95,
    p99: percentile(times, 99),
    unit: "ms",
    ...(target ? { target: `p95 < ${target.p95Below} ms`, ok: p95 < target.p95Below } : {}),
  };
}

export function formatTable(rows: readonly BenchRow[]): string {
  const fmt = (n: number | undefined) => (n === undefined ? "" : n >= 100 ? n.toFixed(0) : n.toFixed(2));
  const header = ["benchmark", "samples", "p50", "p95", "p99", "unit", "target", "ok"];
  const body = rows.map((r) => [
    r.name,
    String(r.samples),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    r.unit,
    r.target ?? "",
    r.ok === undefined ? "" : r.ok ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
