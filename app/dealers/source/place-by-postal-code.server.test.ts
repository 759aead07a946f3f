import { describe, expect, it } from "vitest";
import { seededCopyPerSuite } from "~/../tests/support/seeded-copy";
import { findPostalCode } from "~/models/postal-code.server";
import { searchDealers } from "~/dealers/search/search-dealers";
import { localDealers } from "./dealer-source.server";

const copy = seededCopyPerSuite("velocat-unplaced-");

describe("dealers without coordinates", () => {
  it("stand at their postal code's centre, marked approximate, and are found by that code", async () => {
    const dealers = await localDealers(copy.db).dealers();
    // The demo seeds a few brand dealers without coordinates (Bike Station Mainz, D-55122, among them).
    const mainz = dealers.find((dealer) => dealer.slug === "bike-station-mainz");
    expect(mainz?.address).toContain("55122");
    const centre = (await findPostalCode(copy.db, "55122", ["DE"]))!.best;
    expect(mainz?.position).toEqual([centre.lat, centre.lng]);
    expect(mainz?.approximate).toBe(true);
    expect(dealers.filter((dealer) => dealer.position[0] === null).map((dealer) => dealer.name)).toEqual([]);

    const result = searchDealers(dealers, { query: "55122", origin: centre, radiusKm: 25 });
    expect(result.hits[0]?.dealer.slug).toBe("bike-station-mainz");
    expect(result.hits[0]?.distanceKm).toBe(0);
  });
});
