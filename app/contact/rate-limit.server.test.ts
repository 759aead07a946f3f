import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "./rate-limit.server";

describe("SlidingWindowLimiter", () => {
  it("allows `limit` hits per window and then says how long to wait", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(3, 600_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.take("a")).toEqual({ ok: true });
      now += 60_000;
    }
    // Hits at 0, 1 and 2 minutes; now = 3 minutes: the first one leaves the window at 10 minutes.
    expect(limiter.take("a")).toEqual({ ok: false, retryAfter: 420 });
    expect(limiter.retryAfter("a")).toBe(420);
    expect(limiter.take("b")).toEqual({ ok: true });
  });

  it("slides: a hit leaves the window exactly after windowMs", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 1000, () => now);
    limiter.take("a");
    now = 500;
    limiter.take("a");
    now = 999;
    expect(limiter.take("a").ok).toBe(false);
    now = 1000;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    expect(limiter.retryAfter("a")).toBe(1);
  });

  it("forgets addresses whose window has passed", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(5, 1000, () => now);
    limiter.take("a");
    limiter.take("b");
    expect(limiter.trackedKeys).toBe(2);
    now = 2000;
    limiter.sweep();
    expect(limiter.trackedKeys).toBe(0);
  });
});
