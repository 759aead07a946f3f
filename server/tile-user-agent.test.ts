import { describe, expect, it } from "vitest";
import { tileUserAgent } from "./tile-proxy";

const brand = (name: string) => ({ name, company: { email: "info@example.de" } }) as Parameters<typeof tileUserAgent>[1];

describe("tileUserAgent", () => {
  it("names the brand, the site and the contact address", () => {
    expect(tileUserAgent("https://viva.example", brand("VIVA"))).toBe("VIVA-dealer-map/1.0 (tile proxy of https://viva.example; contact info@example.de)");
  });

  it.each(["Rad’s", "VIVA – Räder", "€uro Bike", "Łódź Rowery", "Велосипед"])("stays a header fetch accepts for the brand name %j", (name) => {
    const value = tileUserAgent("https://viva.example", brand(name));
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(value.split(" ")[0]).toMatch(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+\/1\.0$/);
    expect(() => new Headers({ "User-Agent": value })).not.toThrow();
  });

  it("keeps the letters of an umlaut", () => {
    expect(tileUserAgent("https://x.example", brand("VIVA Räder")).split(" ")[0]).toBe("VIVA-Rader-dealer-map/1.0");
  });
});
