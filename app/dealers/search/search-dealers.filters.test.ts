import { describe, expect, it } from "vitest";
import type { DealerService } from "~/dealers/dealer/dealer-services";
import { type DealerSearchSpec, NEAREST_FALLBACK } from "./search-spec";
import { searchDealers } from "./search-dealers";

/** Wednesday, 14 January 2026, 10:00 in Berlin. */
const now = Date.UTC(2026, 0, 14, 9, 0);
const OPEN = "Mo-Fr 09:00-18:00; Sa 09:00-13:00";
const CLOSED = "Mo-Fr 14:00-18:00";

const dealer = (name: string, lat: number | null, lng: number | null, services: DealerService[], openingHours?: string, productLines?: string[]) => ({
  name,
  city: name.split(" ").at(-1) ?? "",
  address: `Hauptstraße 1, 00000 ${name}`,
  position: [lat, lng] as [number | null, number | null],
  services,
  country: "DE" as const,
  ...(openingHours ? { openingHours } : {}),
  ...(productLines ? { productLines } : {}),
});

const berlin = dealer("Radhaus Berlin", 52.52, 13.405, ["workshop", "test-rides"], OPEN);
const potsdam = dealer("Velo Potsdam", 52.3906, 13.0645, ["workshop"], CLOSED);
const hamburg = dealer("Zweirad Hamburg", 53.5511, 9.9937, ["workshop", "test-rides"]);
const munich = dealer("Pedalwerk München", 48.1374, 11.5755, ["ebike-service"], OPEN, ["Beleuchtung", "Schutzbleche"]);
const noCoords = dealer("Rad ohne Karte Berlin", null, null, ["workshop"], OPEN, ["Sättel"]);
const all = [berlin, potsdam, hamburg, munich, noCoords];

const names = (spec: Partial<DealerSearchSpec>) =>
  searchDealers(all, { query: "", origin: null, radiusKm: 50, now, ...spec }).hits.map((hit) => hit.dealer.name);

describe("searchDealers with filters", () => {
  it("keeps dealers that offer every chosen service", () => {
    expect(names({ filters: { service: ["workshop"] } })).toEqual(["Radhaus Berlin", "Velo Potsdam", "Zweirad Hamburg", "Rad ohne Karte Berlin"]);
    expect(names({ filters: { service: ["workshop", "test-rides"] } })).toEqual(["Radhaus Berlin", "Zweirad Hamburg"]);
    expect(names({ filters: { service: ["rental"] } })).toEqual([]);
    expect(names({ filters: { service: [] } })).toEqual(all.map((d) => d.name));
  });

  it("open now: drops the closed, keeps unknown hours after the open ones", () => {
    expect(names({ filters: { open: true } })).toEqual(["Radhaus Berlin", "Pedalwerk München", "Rad ohne Karte Berlin", "Zweirad Hamburg"]);
    // Sunday: nobody open, only the dealer without known hours is left.
    expect(names({ filters: { open: true }, now: Date.UTC(2026, 0, 18, 9, 0) })).toEqual(["Zweirad Hamburg"]);
  });

  it("combines with text search", () => {
    expect(names({ query: "berlin", filters: { open: true } })).toEqual(["Radhaus Berlin", "Rad ohne Karte Berlin"]);
    expect(names({ query: "berlin", filters: { service: ["test-rides"] } })).toEqual(["Radhaus Berlin"]);
  });

  it("combines with proximity: the radius, the filters, open first by distance", () => {
    const origin = { lat: 52.52, lng: 13.405 };
    expect(names({ origin, filters: { service: ["workshop"] } })).toEqual(["Radhaus Berlin", "Velo Potsdam"]);
    expect(names({ origin, filters: { service: ["workshop"], open: true } })).toEqual(["Radhaus Berlin"]);
    const result = searchDealers(all, { query: "", origin, radiusKm: 50, now, filters: { service: ["workshop"], open: true } });
    expect(result).toMatchObject({ mode: "proximity", nearestFallback: false });
  });

  it("falls back to the nearest dealers that match the filters, not the nearest of all", () => {
    const munichCentre = { lat: 48.1374, lng: 11.5755 };
    const result = searchDealers(all, { query: "", origin: munichCentre, radiusKm: 25, now, filters: { service: ["test-rides"] } });
    expect(result.nearestFallback).toBe(true);
    expect(result.hits.map((hit) => hit.dealer.name)).toEqual(["Radhaus Berlin", "Zweirad Hamburg"]);
    // Open now: Potsdam (closed) never comes in; the unknown one comes after the open one.
    const open = searchDealers(all, { query: "", origin: munichCentre, radiusKm: 25, now, filters: { service: ["workshop"], open: true } });
    expect(open.hits.map((hit) => hit.dealer.name)).toEqual(["Radhaus Berlin", "Zweirad Hamburg"]);
    expect(open.hits.length).toBeLessThanOrEqual(NEAREST_FALLBACK);
  });

  it("finds nobody, without a fallback, when no dealer anywhere matches", () => {
    const result = searchDealers(all, { query: "", origin: { lat: 48.14, lng: 11.58 }, radiusKm: 25, now, filters: { service: ["rental"] } });
    expect(result).toEqual({ mode: "proximity", hits: [], nearestFallback: false });
  });

  it("keeps the dealers who carry an article's lines, and those who carry everything", () => {
    const lamp = ["Scheinwerfer", "Headlights", "17", "BELEUCHTUNG", "Lighting"];
    expect(names({ lines: lamp })).toEqual(["Radhaus Berlin", "Velo Potsdam", "Zweirad Hamburg", "Pedalwerk München"]);
    expect(names({ lines: ["Sattel", "Saettel"] })).toEqual(["Radhaus Berlin", "Velo Potsdam", "Zweirad Hamburg", "Rad ohne Karte Berlin"]);
    expect(names({ lines: null })).toEqual(all.map((d) => d.name));
  });

  it("gives many dealers sharing a few weeks the same answers as one by one", () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...all[i % all.length]!, name: `Dealer ${i}` }));
    const alone = (d: (typeof many)[number]) => searchDealers([d], { query: "", origin: null, radiusKm: 50, now, filters: { open: true } }).hits.length;
    const together = searchDealers(many, { query: "", origin: null, radiusKm: 50, now, filters: { open: true } }).hits.map((hit) => hit.dealer.name);
    expect(new Set(together)).toEqual(new Set(many.filter((d) => alone(d) === 1).map((d) => d.name)));
    expect(searchDealers(many, { query: "", origin: null, radiusKm: 50, now }).hits).toHaveLength(1000);
  });
});
