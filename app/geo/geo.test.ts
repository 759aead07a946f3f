import { describe, expect, it } from "vitest";
import { boundingBox, haversineKm, inBox } from "./geo";

const berlin = { lat: 52.52, lng: 13.405 };
const munich = { lat: 48.1374, lng: 11.5755 };
const vienna = { lat: 48.2082, lng: 16.3738 };

describe("haversineKm", () => {
  it("measures known city distances within 1 %", () => {
    expect(haversineKm(berlin, munich)).toBeCloseTo(504, -1);
    expect(haversineKm(munich, vienna)).toBeGreaterThan(350);
    expect(haversineKm(munich, vienna)).toBeLessThan(360);
  });

  it("is zero for the same point and symmetric", () => {
    expect(haversineKm(berlin, berlin)).toBe(0);
    expect(haversineKm(berlin, munich)).toBeCloseTo(haversineKm(munich, berlin), 9);
  });
});

describe("boundingBox", () => {
  it("contains every point within the radius and rejects far ones", () => {
    const box = boundingBox(berlin, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 49.9 km away in each direction (small-distance approximation is fine for the test).
      const dLat = (49.9 / 111.2) * Math.cos((bearing * Math.PI) / 180);
      const dLng = ((49.9 / 111.2) * Math.sin((bearing * Math.PI) / 180)) / Math.cos((berlin.lat * Math.PI) / 180);
      const point = { lat: berlin.lat + dLat, lng: berlin.lng + dLng };
      expect(haversineKm(berlin, point)).toBeLessThan(50);
      expect(inBox(box, point)).toBe(true);
    }
    expect(inBox(box, munich)).toBe(false);
  });
});
