import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-bucket";

describe("TokenBuckets", () => {
  it("grants perMinute at once, then one token per interval", () => {
    let now = 0;
    const buckets = new TokenBuckets(60, () => now);
    for (let i = 0; i < 60; i++) expect(buckets.take("a")).toBe(0);
    expect(buckets.take("a")).toBe(1);
    now += 1000;
    expect(buckets.take("a")).toBe(0);
    expect(buckets.take("b")).toBe(0);
  });

  it("forgets keys whose bucket is full again, and only those", () => {
    let now = 0;
    const buckets = new TokenBuckets(60, () => now);
    buckets.take("old");
    now = 30_000;
    buckets.take("recent");
    now = 60_000;
    buckets.sweep();
    expect(buckets.size).toBe(1);
    now = 90_000;
    buckets.sweep();
    expect(buckets.size).toBe(0);
  });

  it("keeps at most maxKeys keys", () => {
    const buckets = new TokenBuckets(10, () => 0, 100);
    for (let i = 0; i < 1000; i++) buckets.take(`client-${i}`);
    expect(buckets.size).toBe(100);
  });
});
