import { describe, expect, it } from "vitest";
import { NEAREST_FALLBACK } from "./search-spec";
import { searchDealers } from "./search-dealers";

const dealer = (name: string, city: string, lat: number | null, lng: number | null) => ({
  name,
  city,
  address: `Hauptstraße 1, 00000 ${city}`,
  position: [lat, lng] as [number | null, number | null],
});

const berlinMitte = dealer("Radhaus Mitte", "Berlin", 52.52, 13.405);
const potsdam = dealer("Velo Potsdam", "Potsdam", 52.3906, 13.0645);
const hamburg = dealer("Berliner Radladen", "Hamburg", 53.5511, 9.9937);
const munich = dealer("Zweirad Huber", "München", 48.1374, 11.5755);
const noCoords = dealer("Rad ohne Karte", "Berlin", null, null);
const all = [berlinMitte, potsdam, hamburg, munich, noCoords];
const berlin = { lat: 52.52, lng: 13.405 };

describe("searchDealers", () => {
  it("returns everyone without a query", () => {
    const result = searchDealers(all, { query: "", origin: null, radiusKm: 50 });
    expect(result.mode).toBe("all");
    expect(result.hits.map((h) => h.dealer)).toEqual(all);
  });

  it("filters by name or city, case-insensitive, without an origin", () => {
    const names = (query: string) => searchDealers(all, { query, origin: null, radiusKm: 50 }).hits.map((h) => h.dealer.name);
    expect(names("berlin")).toEqual(["Radhaus Mitte", "Berliner Radladen", "Rad ohne Karte"]);
    expect(names("HUBER")).toEqual(["Zweirad Huber"]);
    expect(names("Köln")).toEqual([]);
  });

  it("sorts by distance within the radius and adds text matches further away", () => {
    const result = searchDealers(all, { query: "Berlin", origin: berlin, radiusKm: 50 });
    expect(result.mode).toBe("proximity");
    expect(result.hits.map((h) => h.dealer.name)).toEqual(["Radhaus Mitte", "Velo Potsdam", "Berliner Radladen", "Rad ohne Karte"]);
    expect(result.hits[0]!.distanceKm).toBe(0);
    expect(result.hits[1]!.distanceKm).toBeGreaterThan(20);
    expect(result.hits[3]!.distanceKm).toBeNull();
  });

  it("limits a postal-code search to the radius", () => {
    const names = (radiusKm: number) =>
      searchDealers(all, { query: "10115", origin: berlin, radiusKm }).hits.map((h) => h.dealer.name);
    expect(names(25)).toEqual(["Radhaus Mitte"]);
    expect(names(50)).toEqual(["Radhaus Mitte", "Velo Potsdam"]);
    expect(names(200)).toEqual(["Radhaus Mitte", "Velo Potsdam"]);
  });

  it("falls back to the nearest few when nobody is inside the radius", () => {
    const result = searchDealers(all, { query: "", origin: { lat: 47.0, lng: 9.0 }, radiusKm: 25 });
    expect(result.nearestFallback).toBe(true);
    expect(result.hits).toHaveLength(Math.min(NEAREST_FALLBACK, 4));
    expect(result.hits[0]!.dealer.name).toBe("Zweirad Huber");
  });
});
