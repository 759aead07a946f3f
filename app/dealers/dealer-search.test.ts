import { parseDealerSearchParams, repairDealerSearchParams } from "./dealer-search-params.server";
import { describe, expect, it } from "vitest";
import {
  PAGE_SIZE,
  NEAREST_FALLBACK,
  dealerKey,
  formatDistance,
  routeHref,
  safeWebUrl,
  searchDealers,
  telHref,
} from "./dealer-search";

const dealer = (name: string, ort: string, lat: number | null, lng: number | null) => ({
  name,
  ort,
  adresse: `Hauptstraße 1, 00000 ${ort}`,
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

describe("parseDealerSearchParams", () => {
  const parse = (search: string) => parseDealerSearchParams(new URLSearchParams(search));
  it("applies defaults and treats empty values as absent", () => {
    const none = { service: [], open: false };
    expect(parse("")).toEqual({ q: "", r: 50, limit: PAGE_SIZE, ...none });
    expect(parse("q=&r=&lat=&lng=&service=&open=&article=")).toEqual({ q: "", r: 50, limit: PAGE_SIZE, ...none });
    expect(parse("q=%20Berlin%20&r=100&limit=100")).toEqual({ q: "Berlin", r: 100, limit: 100, ...none });
    expect(parse("lat=52.5&lng=13.4")).toMatchObject({ lat: 52.5, lng: 13.4 });
  });

  it("reads the filters: every service (in their fixed order, once), open now and an article", () => {
    expect(parse("service=test-rides&service=workshop&service=workshop&open=1&article=VB-17439")).toMatchObject({
      service: ["workshop", "test-rides"],
      open: true,
      article: "VB-17439",
    });
  });

  it.each(["r=30", "r=abc", "lat=95&lng=0", "lat=52", "limit=0", "limit=1.5", "lng=x&lat=1", "service=sauna", "open=yes", `article=${"X".repeat(65)}`])("rejects %s", (search) => {
    expect(parse(search)).toBeNull();
  });
});

describe("link helpers", () => {
  it("allows only http(s) web addresses", () => {
    expect(safeWebUrl("https://www.example.de")).toBe("https://www.example.de/");
    expect(safeWebUrl("javascript:alert(1)")).toBeNull();
    expect(safeWebUrl("www.example.de")).toBeNull();
    expect(safeWebUrl(undefined)).toBeNull();
  });

  it("builds tel:, route and key values", () => {
    expect(telHref("+49 (30) 123 45-6")).toBe("tel:+4930123456");
    expect(routeHref({ lat: 52.5, lng: 13.4 })).toBe("https://www.openstreetmap.org/directions?to=52.5,13.4");
    expect(dealerKey(berlinMitte)).toContain("Radhaus Mitte");
    expect(formatDistance(3.456, "de")).toBe("3,5 km");
    expect(formatDistance(123.4, "en")).toBe("123 km");
  });
});

describe("repairDealerSearchParams", () => {
  it.each([
    ["q=berlin&r=33&lang=en", "q=berlin&lang=en"],
    ["q=10115&r=abc", "q=10115"],
    ["lat=52.5&lng=13.4&r=25", "r=25&lat=52.5&lng=13.4"],
    ["lat=52.5&r=25", "r=25"],
    ["lat=952&lng=13.4", ""],
    ["limit=-5&q=x", "q=x"],
    ["service=workshop&service=sauna&open=1", "service=workshop&open=1"],
    ["q=10115&service=%3Cscript%3E&open=2", "q=10115"],
  ])("%s becomes %s, which parses", (given, expected) => {
    const repaired = repairDealerSearchParams(new URLSearchParams(given));
    expect(repaired.toString()).toBe(expected);
    expect(parseDealerSearchParams(repaired)).not.toBeNull();
  });
});
