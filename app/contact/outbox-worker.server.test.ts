import { describe, expect, it } from "vitest";
import { OUTBOX_DEFAULTS, retryDelayMs } from "./outbox-worker.server";

// Delivery against a real SMTP server is tested in tests/integration/contact-delivery.test.ts.
describe("retry schedule", () => {
  it("backs off exponentially from 30 s by a factor of 4", () => {
    const minutes = [1, 2, 3, 4].map((n) => retryDelayMs(n) / 60_000);
    expect(minutes).toEqual([0.5, 2, 8, 32]);
  });

  it("gives up after 8 attempts spread over about two days", () => {
    expect(OUTBOX_DEFAULTS.maxAttempts).toBe(8);
    let total = 0;
    for (let n = 1; n < OUTBOX_DEFAULTS.maxAttempts; n++) total += retryDelayMs(n);
    expect(total / 3_600_000).toBeGreaterThan(40);
    expect(total / 3_600_000).toBeLessThan(48);
  });

  it("takes a configurable base for tests", () => {
    expect(retryDelayMs(3, 100, 2)).toBe(400);
  });
});
