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

type IdleWindow = { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/**
 * Calls `run` when the browser is idle, at the latest after `timeoutMs`: for housekeeping that
 * must not lengthen the task that hydrates the page (storage and cookie access are synchronous).
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  const idle = globalThis as IdleWindow;
  if (typeof idle.requestIdleCallback === "function") {
    const id = idle.requestIdleCallback(run, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
}
