import { describe, expect, it } from "vitest";
import { searchDealers } from "./search-dealers";

/** Issue 29 item 4 (decision 056): with an article, dealers that have it in stock now lead. */
const dealer = (slug: string, lat: number, productLines?: string[]) => ({
  name: slug,
  slug,
  city: "Berlin",
  address: `Hauptstraße 1, 10115 ${slug}`,
  position: [lat, 13.4] as [number, number],
  ...(productLines ? { productLines } : {}),
});
const near = dealer("near", 52.52);
const middle = dealer("middle", 52.6);
const far = dealer("far", 52.8);
const otherLine = dealer("other-line", 52.55, ["Beleuchtung"]);
const all = [far, middle, near, otherLine];
const origin = { lat: 52.52, lng: 13.4 };
const names = (inStock?: string[], filters = {}) =>
  searchDealers(all, { query: "", origin, radiusKm: 100, lines: ["Lenkergriffe"], filters, ...(inStock ? { inStock } : {}) }).hits.map(
    (hit) => hit.dealer.slug,
  );

describe("searchDealers with stock", () => {
  it("lists the dealers with the article in stock first, each group by distance", () => {
    expect(names()).toEqual(["near", "middle", "far"]);
    expect(names(["far", "middle"])).toEqual(["middle", "far", "near"]);
  });

  it("keeps a dealer with stock whose product lines do not name the article's", () => {
    expect(names(["other-line"])).toEqual(["other-line", "near", "middle", "far"]);
  });

  it("keeps only the dealers with stock when the filter is on", () => {
    const spec = { query: "", origin, radiusKm: 100, lines: ["Lenkergriffe"], inStock: ["far"], filters: { stock: true }, filterData: { stock: ["far"] } };
    expect(searchDealers(all, spec).hits.map((hit) => hit.dealer.slug)).toEqual(["far"]);
    expect(searchDealers(all, { ...spec, inStock: [], filterData: { stock: [] } }).hits).toEqual([]);
  });
});
