/**
 * Long work in the browser (thousands of dealers to check and cluster) runs in slices of at most
 * `SLICE_MS`, with `yieldToMain()` between them, so taps and frames are never kept waiting long. A
 * slice this short stays under the 50 ms of a "long task" even on a phone four times slower.
 */
export const SLICE_MS = 8;

type Scheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  // scheduler.yield() keeps this work ahead of other queued tasks; setTimeout is the fallback.
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Calls `run` once the browser has painted the current frame (the frame's own task stays short). */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
