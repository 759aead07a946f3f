import { parseDealerSearchParams, repairDealerSearchParams } from "./search-params";
import { describe, expect, it } from "vitest";
import {
  PAGE_SIZE,
  dealerKey,
  formatDistance,
  routeHref,
  safeWebUrl,
  telHref,
  webAddressText,
} from "./search-spec";

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

  it("shows a web address without its scheme and final slash", () => {
    expect(webAddressText("https://www.radhaus-kassel.de/")).toBe("www.radhaus-kassel.de");
    expect(webAddressText("HTTP://example.de/laden")).toBe("example.de/laden");
  });

  it("builds tel:, route and key values", () => {
    expect(telHref("+49 (30) 123 45-6")).toBe("tel:+4930123456");
    expect(routeHref({ lat: 52.5, lng: 13.4 })).toBe("https://www.openstreetmap.org/directions?to=52.5,13.4");
    expect(dealerKey({ name: "Radhaus Mitte", address: "Hauptstraße 1, 10115 Berlin" })).toBe("Radhaus Mitte\nHauptstraße 1, 10115 Berlin");
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
