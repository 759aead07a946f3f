import { describe, expect, it } from "vitest";
import { hasBrandTag, matchesDealerQuery } from "./dealer-filter";

describe("hasBrandTag", () => {
  it.each([
    ["viva", true],
    ["VIVA Premium", true],
    ["trekking, viva", true],
    ["vivax", false],
    ["nonbrand", false],
    ["", false],
  ])("%s → %s", (tag, expected) => {
    expect(hasBrandTag(tag, "viva")).toBe(expected);
  });
});

describe("matchesDealerQuery", () => {
  const dealer = { name: "Radhaus Berger", city: "München" };
  it("matches name or city without regard to case", () => {
    expect(matchesDealerQuery(dealer, "berger")).toBe(true);
    expect(matchesDealerQuery(dealer, "MÜNCH")).toBe(true);
    expect(matchesDealerQuery(dealer, "Berlin")).toBe(false);
  });
});
