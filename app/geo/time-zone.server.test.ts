import { describe, expect, it } from "vitest";
import { countryTimeZone } from "./time-zone.server";

describe("countryTimeZone", () => {
  it("gives a one-zone country's zone and none for Germany, Austria and Switzerland (opening-hours.ts knows those)", () => {
    expect(countryTimeZone("FR")).toBe("Europe/Paris");
    expect(countryTimeZone("HK")).toBe("Asia/Hong_Kong");
    expect(countryTimeZone("IE")).toBe("Europe/Dublin");
    expect(countryTimeZone("DE")).toBeUndefined();
  });

  it("gives none for a country with several zones or an unknown code", () => {
    expect(countryTimeZone("US")).toBeUndefined();
    expect(countryTimeZone("XX")).toBeUndefined();
    expect(countryTimeZone("")).toBeUndefined();
  });
});
