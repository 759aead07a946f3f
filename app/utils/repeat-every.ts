/**
 * Background work on a server: once after `firstMs`, then every `everyMs`. The timers never keep
 * the process alive (a shutdown does not wait for them); `stop` ends both.
 */
export function repeatEvery(run: () => void, { firstMs, everyMs }: { firstMs: number; everyMs: number }): { stop(): void } {
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
