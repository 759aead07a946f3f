import { describe, expect, it } from "vitest";
import { nearestDealers } from "./nearest-dealers";

const at = (slug: string, lat: number | null, lng: number | null) => ({ slug, name: slug, position: [lat, lng] as [number | null, number | null] });

describe("nearestDealers", () => {
  const kassel = at("kassel", 51.31, 9.48);
  const dealers = [kassel, at("goettingen", 51.54, 9.93), at("fulda", 50.55, 9.68), at("hamburg", 53.55, 9.99), at("nowhere", null, null), at("marburg", 50.81, 8.77)];

  it("names the nearest others, nearest first, without the dealer itself or dealers without a position", () => {
    const found = nearestDealers(kassel, dealers, 3);
    expect(found.map((hit) => hit.dealer.slug)).toEqual(["goettingen", "marburg", "fulda"]);
    expect(found[0]?.distanceKm).toBeGreaterThan(35);
    expect(found[0]?.distanceKm).toBeLessThan(45);
  });

  it("has no neighbours for a dealer without a position", () => {
    expect(nearestDealers(at("nowhere", null, null), dealers, 3)).toEqual([]);
  });
});
