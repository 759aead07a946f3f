import { describe, expect, it } from "vitest";
import { DEALER_SERVICES, parseDealerServices, servicesFromText } from "./dealer-services";

describe("dealer services", () => {
  it("reads German and English spellings in any case, in the fixed order, each once", () => {
    expect(parseDealerServices("Probefahrten; Werkstatt, E-Bike-Service, werkstatt")).toEqual({
      services: ["workshop", "ebike-service", "test-rides"],
      unknown: [],
    });
    expect(parseDealerServices("Rental | spare parts | Premium Partner").services).toEqual(["spare-parts", "rental", "premium-partner"]);
    expect(parseDealerServices("Ersatzteilservice, Verleih").services).toEqual(["spare-parts", "rental"]);
  });

  it("lists what it does not know, as written", () => {
    expect(parseDealerServices("Werkstatt, Kaffeebar, ").unknown).toEqual(["Kaffeebar"]);
    expect(parseDealerServices("")).toEqual({ services: [], unknown: [] });
  });

  it("round-trips through the stored comma list and ignores keys it does not know", () => {
    expect(servicesFromText(DEALER_SERVICES.join(","))).toEqual([...DEALER_SERVICES]);
    expect(servicesFromText("workshop,laser-tag,rental")).toEqual(["workshop", "rental"]);
    expect(servicesFromText(null)).toEqual([]);
  });
});
