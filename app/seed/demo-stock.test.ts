import { describe, expect, it } from "vitest";
import { demoStock } from "./demo-stock";

const dealers = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  tag: i % 10 === 0 ? "other-brand" : "viva",
  productLines: i % 3 === 0 ? "Beleuchtung" : "",
}));
const articles = Array.from({ length: 100 }, (_, i) => ({ partno: `VB-${10000 + i}`, lines: i < 50 ? ["Lenkergriffe", "Handlebar grips"] : ["Beleuchtung", "Lighting"] }));
const seededAt = new Date("2026-11-27T12:00:00.000Z");

describe("demoStock (decision 056)", () => {
  const stock = demoStock(7, dealers, articles, "viva", seededAt);

  it("is the same for the same seed, and dated minutes to hours before the seed", () => {
    expect(demoStock(7, dealers, articles, "viva", seededAt)).toEqual(stock);
    for (const row of stock.rows) {
      const age = seededAt.getTime() - Date.parse(row.as_of);
      expect(age).toBeGreaterThanOrEqual(3 * 60_000);
      expect(age).toBeLessThanOrEqual(300 * 60_000);
    }
  });

  it("gives stock only to the brand's dealers, for the lines they carry, some of it sold out", () => {
    const sending = new Set(stock.rows.map((row) => row.dealer_id));
    expect(sending.size).toBeGreaterThan(20);
    for (const id of sending) expect(dealers[id - 1]?.tag).toBe("viva");
    for (const row of stock.rows.filter((r) => dealers[r.dealer_id - 1]?.productLines === "Beleuchtung")) {
      expect(Number(row.partno.slice(3))).toBeGreaterThanOrEqual(10050);
    }
    expect(stock.rows.some((row) => row.quantity === 0)).toBe(true);
    expect(stock.snapshots.map((s) => s.row_count).reduce((a, b) => a + b, 0)).toBe(stock.rows.length);
  });
});
