import { describe, expect, it } from "vitest";
import { NEAREST_FALLBACK } from "./search-spec";
import { nameMatchesBeyond, searchDealers } from "./search-dealers";

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

  it("lists a place search's radius only, and offers names that match beyond it apart", () => {
    const spec = { query: "Berlin", origin: berlin, radiusKm: 50 };
    const result = searchDealers(all, spec);
    expect(result.mode).toBe("proximity");
    // "Berliner Radladen" in Hamburg (255 km) and the dealer without a position are not "within 50 km".
    expect(result.hits.map((h) => h.dealer.name)).toEqual(["Radhaus Mitte", "Velo Potsdam"]);
    expect(result.hits[0]!.distanceKm).toBe(0);
    expect(result.hits[1]!.distanceKm).toBeGreaterThan(20);
    expect(result.hits.every((h) => h.distanceKm !== null && h.distanceKm <= 50)).toBe(true);
    const apart = nameMatchesBeyond(all, spec, result);
    expect(apart.map((h) => h.dealer.name)).toEqual(["Berliner Radladen"]);
    expect(apart[0]!.distanceKm).toBeGreaterThan(200);
  });

  it("matches names by the start of a word, not anywhere inside one", () => {
    const klagenfurt = dealer("Radwelt Klagenfurt", "Klagenfurt am Wörthersee", 46.62, 14.31);
    const hofmann = dealer("Hofmann Bikes", "Hamburg", 53.55, 9.99);
    const radhaus = dealer("Radhaus Au", "Augsburg", 48.37, 10.9);
    const list = [klagenfurt, hofmann, radhaus];
    const names = (query: string) => searchDealers(list, { query, origin: null, radiusKm: 50 }).hits.map((h) => h.dealer.name);
    expect(names("genf")).toEqual([]);
    expect(names("furt")).toEqual([]);
    expect(names("Hof")).toEqual(["Hofmann Bikes"]);
    expect(names("au")).toEqual(["Radhaus Au"]);
    expect(names("klagenfurt am")).toEqual(["Radwelt Klagenfurt"]);
    const geneva = { lat: 46.2, lng: 6.15 };
    const spec = { query: "Genf", origin: geneva, radiusKm: 50 };
    expect(nameMatchesBeyond(list, spec, searchDealers(list, spec))).toEqual([]);
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
