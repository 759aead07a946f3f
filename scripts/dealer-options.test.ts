import { describe, expect, it } from "vitest";
import { dealerOptions } from "./dealer-options";

describe("the dealer import's flags", () => {
  it("reads --map (fields by their names or aliases), --country (any way of writing it) and --encoding", () => {
    expect(dealerOptions({ map: ["name=Kunde", "zip=PLZ neu", "lat = geo_lat"], country: "Deutschland", encoding: "cp1251" })).toEqual({
      map: { name: "Kunde", postal_code: "PLZ neu", lat: "geo_lat" },
      country: "DE",
      encoding: "cp1251",
    });
    expect(dealerOptions({})).toEqual({});
  });

  it.each<[Parameters<typeof dealerOptions>[0], RegExp]>([
    [{ map: ["colour=Farbe"] }, /^--map colour=Farbe: unknown field "colour" \(fields: id, name, street, /],
    [{ map: ["name"] }, /^--map name: write it as field=Header/],
    [{ map: ["=Kunde"] }, /^--map =Kunde: write it as field=Header/],
    [{ map: ["name=A", "name=B"] }, /^--map name=B: name is already mapped to "A"$/],
    [{ country: "Atlantis" }, /^--country Atlantis: unknown country "Atlantis"/],
    [{ encoding: "klingon-8" }, /^--encoding klingon-8: unknown encoding \(e\.g\. utf-8, utf-16le, windows-1251, iso-8859-2\)$/],
  ])("refuses %j as wrong usage", (values, message) => {
    const result = dealerOptions(values);
    expect(result).toEqual({ problem: expect.stringMatching(message) });
  });
});
