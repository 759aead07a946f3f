import cliProgress from "cli-progress";

export interface Progress {
  /** `done` of `total` units; `count` is what the rate is shown in (e.g. products), when it differs from units. */
  update(done: number, count?: number): void;
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  total: number;
  /** What `count` counts, for the rate: "products", "rows". */
  unit: string;
  stream?: NodeJS.WriteStream;
  /** Seconds between plain lines when the stream is not a terminal. */
  intervalSeconds?: number;
  quiet?: boolean;
}

const noProgress: Progress = { update() {}, stop() {} };

/**
 * A bar with rate and ETA on a terminal (cli-progress); on a pipe or in a log, a plain line every
 * few seconds and one at the end, so CI logs and cron mails stay readable.
 */
export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet) return noProgress;
  const stream = options.stream ?? process.stderr;
  const started = performance.now();
  let count = 0;
  const rate = () => {
    const seconds = (performance.now() - started) / 1000;
    return seconds > 0 ? Math.round(count / seconds) : 0;
  };
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `${options.label} [{bar}] {percentage}% | {count} ${options.unit} | {rate}/s | ETA {eta_formatted}`,
        hideCursor: true,
        etaBuffer: 50,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(options.total, 0, { count: 0, rate: 0 });
    return {
      update(done, n) {
        count = n ?? done;
        bar.update(Math.min(done, options.total), { count, rate: rate() });
      },
      stop() {
        bar.update(options.total, { count, rate: rate() });
        bar.stop();
      },
    };
  }
  const interval = (options.intervalSeconds ?? 5) * 1000;
  let lastLine = started;
  let done = 0;
  const line = () => {
    const percent = options.total > 0 ? Math.floor((done / options.total) * 100) : 100;
    const elapsed = (performance.now() - started) / 1000;
    const eta = done > 0 && done < options.total ? Math.round((elapsed / done) * (options.total - done)) : 0;
    stream.write(`${options.label}: ${percent} %, ${count} ${options.unit}, ${rate()}/s, ETA ${eta} s\n`);
  };
  return {
    update(d, n) {
      done = d;
      count = n ?? d;
      const now = performance.now();
      if (now - lastLine >= interval) {
        lastLine = now;
        line();
      }
    },
    stop() {
      done = options.total;
      line();
    },
  };
}
