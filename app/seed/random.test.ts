import { describe, expect, it } from "vitest";
import { createRandom } from "./random";

function draw(seed: number, n: number): number[] {
  const rng = createRandom(seed);
  return Array.from({ length: n }, () => rng.next());
}

describe("createRandom", () => {
  it("repeats the same sequence for the same seed", () => {
    expect(draw(1962, 50)).toEqual(draw(1962, 50));
  });

  it("gives a different sequence for a different seed", () => {
    expect(draw(1962, 10)).not.toEqual(draw(1963, 10));
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const values = draw(7, 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it("int covers both ends of the range and nothing outside", () => {
    const rng = createRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("pick, chance, shuffle and sample behave", () => {
    const rng = createRandom(11);
    const items = ["a", "b", "c", "d", "e"];
    expect(items).toContain(rng.pick(items));
    expect(() => rng.pick([])).toThrow();
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual(["a", "b", "c", "d", "e"]);
    const sample = rng.sample(items, 3);
    expect(new Set(sample).size).toBe(3);
    expect(rng.sample(items, 10)).toHaveLength(5);
  });
});
