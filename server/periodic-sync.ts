import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Logger } from "pino";
import type { ImportSummary } from "~/exchange/import-report";
import { repeatEvery } from "~/utils/repeat-every";

export interface PeriodicSync {
  stop(): void;
}

/**
 * SYNC_INTERVAL_MINUTES: the provider sync, run every so often as the import command in a child
 * process. Parsing thousands of articles and building the printed catalogue take seconds of CPU
 * that would otherwise stall every visitor's request; a crash of the sync cannot take the server
 * with it. One run at a time; the first one a minute after start.
 */
export function startPeriodicSync(options: { minutes: number; root: string; logger: Logger; env: NodeJS.ProcessEnv }): PeriodicSync {
  const { minutes, root, logger } = options;
  let running: ChildProcess | null = null;
  const runOnce = () => {
    if (running) return;
    const child = spawn(process.execPath, ["--max-old-space-size=192", "--import", "tsx", path.join(root, "scripts/import.ts"), "provider", "--json"], {
      cwd: root,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    running = child;
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on("error", (error) => logger.error({ err: error }, "provider sync could not start"));
    child.on("exit", (code) => {
      running = null;
      let summary: ImportSummary | null = null;
      try {
        summary = JSON.parse(stdout) as ImportSummary;
      } catch {
        // A crash before the summary: stderr says why.
      }
      if (code === 0 && summary) {
        logger.info({ applied: summary.applied, counts: summary.counts, warnings: summary.warnings.length, durationMs: summary.durationMs }, "provider sync done");
      } else {
        logger.error({ code, errors: summary?.errors.slice(0, 5), stderr: summary ? undefined : stderr }, "provider sync failed: the site keeps its last good data");
      }
    });
  };
  const timers = repeatEvery(runOnce, { firstMs: 60_000, everyMs: minutes * 60_000 });
  return {
    stop() {
      timers.stop();
      running?.kill("SIGTERM");
    },
  };
}
