/**
 * Runs a sweep of an in-memory table after `intervalMs`, and again while the table still holds
 * entries, so forgotten keys leave memory even when nobody writes again. One timer at a time, and
 * never one that keeps the process (or a test run) alive.
 */
export class SweepTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly sweep: () => void,
    private readonly holdsEntries: () => boolean,
  ) {}

  /** Schedules a sweep unless one is already pending. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sweep();
      if (this.holdsEntries()) this.schedule();
    }, this.intervalMs);
    this.timer.unref?.();
  }
}
