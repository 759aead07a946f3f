import { describe, expect, it } from "vitest";
import { dealerCarries, lineKeys } from "./product-lines";

const lights = ["Beleuchtung", "Lighting", "12", "GRP_LIGHT", "Gepäckträger", "Reifen und Schläuche", "Straßenzubehör"];

describe("dealerCarries", () => {
  it("carries everything without a list of lines", () => {
    expect(dealerCarries({}, lights)).toBe(true);
    expect(dealerCarries({ productLines: [] }, lights)).toBe(true);
  });

  it.each([
    "Beleuchtung",
    "beleuchtung",
    " BELEUCHTUNG ",
    "lighting",
    "12",
    "grp-light",
    "Gepäckträger",
    "GEPÄCKTRÄGER",
    "Gepaecktraeger",
    "Gepacktrager",
    "Reifen-und-Schläuche",
    "reifen_und_schlaeuche",
    "Strassenzubehör",
  ])("matches %s case- and umlaut-insensitively", (line) => {
    expect(dealerCarries({ productLines: ["Sättel", line] }, lights)).toBe(true);
  });

  it("does not match other lines or parts of names", () => {
    expect(dealerCarries({ productLines: ["Sättel", "Lenkergriffe"] }, lights)).toBe(false);
    expect(dealerCarries({ productLines: ["Beleucht"] }, lights)).toBe(false);
    expect(dealerCarries({ productLines: ["1"] }, lights)).toBe(false);
    expect(dealerCarries({ productLines: ["Sättel"] }, [])).toBe(false);
  });

  it("takes keys folded once for many dealers", () => {
    const keys = lineKeys(lights);
    expect(keys.has("gepaecktraeger")).toBe(true);
    expect(keys.has("gepacktrager")).toBe(true);
    expect(dealerCarries({ productLines: ["gepäckträger"] }, keys)).toBe(true);
  });
});
