import { describe, expect, it } from "vitest";
import {
  dealerKey,
  formatDistance,
  routeHref,
  safeWebUrl,
  telHref,
  webAddressText,
} from "./search-spec";

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

