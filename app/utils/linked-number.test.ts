import { describe, expect, it } from "vitest";
import { linkedSpelling, nearestLinkedNumber, spellLinkedNumber } from "./linked-number";

const PAGES = { min: 1, max: 7, step: 1 };
const LIMITS = { min: 20, max: 100, step: 20 };
const LATITUDE = { min: -90, max: 90, step: 0.001, decimals: 3 };

describe("linkedSpelling", () => {
  it.each([
    ["2", PAGES, "2"],
    ["02", PAGES, "2"],
    ["99", PAGES, "7"],
    ["0", PAGES, "1"],
    ["-3", PAGES, "1"],
    ["2.4", PAGES, "2"],
    ["40", LIMITS, "40"],
    ["100000", LIMITS, "100"],
    ["45", LIMITS, "40"],
    ["1", LIMITS, "20"],
    ["48.137", LATITUDE, "48.137"],
    ["48.1", LATITUDE, "48.100"],
    ["48.13749999", LATITUDE, "48.137"],
    ["-0.0001", LATITUDE, "0.000"],
    ["91", LATITUDE, "90.000"],
    ["50", { oneOf: [25, 50, 100, 200] }, "50"],
    ["60", { oneOf: [25, 50, 100, 200] }, "50"],
    ["9999", { oneOf: [25, 50, 100, 200] }, "200"],
  ] as const)("%s is linked as %s", (raw, rule, spelled) => {
    expect(linkedSpelling(raw, rule)).toBe(spelled);
  });

  it.each(["", "abc", "1e3", "0x10", " 2", "Infinity", "NaN", "2.", ".5", "1".repeat(40)])("%j is no number", (raw) => {
    expect(linkedSpelling(raw, PAGES)).toBeNull();
  });

  it("gives the value and its spelling apart", () => {
    expect(nearestLinkedNumber("48.1374", LATITUDE)).toBe(48.137);
    expect(spellLinkedNumber(48.1, LATITUDE)).toBe("48.100");
    expect(spellLinkedNumber(3, PAGES)).toBe("3");
  });
});
