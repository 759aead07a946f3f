import { describe, expect, it } from "vitest";
import { editDistance, foldText, parseQuery } from "./search-text";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and neighbour swaps as one", () => {
    expect(editDistance("klingel", "klingel", 2)).toBe(0);
    expect(editDistance("klingle", "klingel", 2)).toBe(1);
    expect(editDistance("klngel", "klingel", 2)).toBe(1);
    expect(editDistance("klinxel", "klingel", 2)).toBe(1);
    expect(editDistance("kilngle", "klingel", 2)).toBe(2);
    expect(editDistance("pedal", "klingel", 2)).toBe(3);
  });
});

describe("query parsing", () => {
  it("folds case, diacritics and ß", () => {
    expect(foldText("Schloß Bügel STRASSE")).toBe("schloss bugel strasse");
  });

  it("keeps only letters and digits, joined parts as one phrase", () => {
    expect(parseQuery('"klingel" AND (pedale*) NEAR(x: y)')).toEqual([
      { parts: ["klingel"] },
      { parts: ["and"] },
      { parts: ["pedale"] },
      { parts: ["near"] },
      { parts: ["x"] },
      { parts: ["y"] },
    ]);
    expect(parseQuery("VB-17439 e-bike")).toEqual([{ parts: ["vb", "17439"] }, { parts: ["e", "bike"] }]);
    expect(parseQuery("\"'*:()^-+")).toEqual([]);
  });
});
