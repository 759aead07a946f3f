import { describe, expect, it } from "vitest";
import { SharedWork, WorkQueue } from "./work-queue";

describe("WorkQueue", () => {
  it("never runs more than its limit at once and serves everyone in turn", async () => {
    const queue = new WorkQueue(2, 100);
    let active = 0;
    let most = 0;
    const task = async (n: number) => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return n;
    };
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => queue.run(() => task(n))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
    expect(queue.active).toBe(0);
  });

  it("refuses work once too many are waiting, and recovers after a failure", async () => {
    const queue = new WorkQueue(1, 1);
    let release = () => {};
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(async () => "second");
    await expect(queue.run(async () => "third")).rejects.toThrow(/Too many/);
    release();
    await first;
    expect(await second).toBe("second");
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await queue.run(async () => "after")).toBe("after");
  });
});

describe("WorkQueue and SharedWork with visitors who leave", () => {
  it("drops a waiting task whose signal aborts, and runs the next one instead", async () => {
    const queue = new WorkQueue(1, 10);
    let release = () => {};
    const ran: string[] = [];
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const dropped = queue.run(async () => void ran.push("dropped"), controller.signal);
    const kept = queue.run(async () => void ran.push("kept"));
    expect(queue.queued).toBe(2);
    controller.abort();
    await expect(dropped).rejects.toBeDefined();
    expect(queue.queued).toBe(1);
    release();
    await Promise.all([first, kept]);
    expect(ran).toEqual(["kept"]);
    expect(queue.active).toBe(0);
  });

  it("runs shared work once and aborts it only when every waiter has gone", async () => {
    const shared = new SharedWork<string>();
    let runs = 0;
    let workSignal: AbortSignal | undefined;
    let finish = (_value: string) => {};
    const work = (signal: AbortSignal) => {
      runs++;
      workSignal = signal;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = shared.run("tile", work, a.signal);
    const second = shared.run("tile", work, b.signal);
    expect(runs).toBe(1);
    a.abort();
    expect(workSignal?.aborted).toBe(false);
    b.abort();
    expect(workSignal?.aborted).toBe(true);
    // A later request starts afresh rather than joining the abandoned work.
    const third = shared.run("tile", work);
    expect(runs).toBe(2);
    finish("done");
    expect(await third).toBe("done");
    void first.catch(() => undefined);
    void second.catch(() => undefined);
  });
});
