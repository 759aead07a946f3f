export class BusyError extends Error {
  override name = "BusyError";
}

/**
 * A counting semaphore: a burst of expensive work (image variants on a fresh cache, tiles from the
 * tile server) runs `limit` at a time instead of all at once, and at most `maxWaiting` wait.
 * A waiting task whose signal aborts (its visitor left) leaves the queue without running.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: { start: () => void; cancel: (reason: unknown) => void }[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
    private readonly busyMessage = "Too many tasks are waiting.",
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running < this.limit) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new BusyError(this.busyMessage);
      // The finishing task hands its slot over directly, so `running` stays as it is.
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
          cancel: reject,
        };
        const onAbort = () => {
          const at = this.waiting.indexOf(entry);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(entry);
      });
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }
}

/**
 * Work that several requests wait for (one render of a variant, one fetch of a tile): it runs once,
 * and its signal aborts when every request that asked for it has gone, so a queue can drop it.
 */
export class SharedWork<T> {
  private readonly pending = new Map<string, { promise: Promise<T>; waiters: number; controller: AbortController }>();

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let entry = this.pending.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created = { promise: Promise.resolve() as Promise<T>, waiters: 0, controller };
      created.promise = work(controller.signal).finally(() => {
        if (this.pending.get(key) === created) this.pending.delete(key);
      });
      this.pending.set(key, created);
      entry = created;
    }
    const shared = entry;
    shared.waiters++;
    signal?.addEventListener(
      "abort",
      () => {
        shared.waiters--;
        if (shared.waiters === 0) {
          shared.controller.abort(signal.reason);
          // A later request for the same key starts afresh instead of joining a cancelled task.
          if (this.pending.get(key) === shared) this.pending.delete(key);
        }
      },
      { once: true },
    );
    return shared.promise;
  }

  get size(): number {
    return this.pending.size;
  }
}

/** A signal that aborts when the client closes the connection before the answer was sent. */
export function closedSignal(res: { once(event: "close", listener: () => void): unknown; writableFinished: boolean }): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort(new DOMException("The client went away.", "AbortError"));
  });
  return controller.signal;
}
