import { describe, expect, it } from "vitest";
import { formatPostalCode, normalisePlaceName, parsePostalQuery, placeKey } from "./postal-query";

describe("parsePostalQuery", () => {
  it("keeps leading zeros", () => {
    expect(parsePostalQuery("01067")).toEqual({ code: "01067", countries: ["DE"] });
    expect(parsePostalQuery(" 04109 ")).toEqual({ code: "04109", countries: ["DE"] });
  });

  it("reads four digits as Austria or Switzerland, a prefix decides", () => {
    expect(parsePostalQuery("1010")).toEqual({ code: "1010", countries: ["AT", "CH"] });
    expect(parsePostalQuery("A-1010")).toEqual({ code: "1010", countries: ["AT"] });
    expect(parsePostalQuery("AT 1010")).toEqual({ code: "1010", countries: ["AT"] });
    expect(parsePostalQuery("CH-8001")).toEqual({ code: "8001", countries: ["CH"] });
    expect(parsePostalQuery("ch8001")).toEqual({ code: "8001", countries: ["CH"] });
    expect(parsePostalQuery("D-01067")).toEqual({ code: "01067", countries: ["DE"] });
    expect(parsePostalQuery("DE-10115")).toEqual({ code: "10115", countries: ["DE"] });
  });

  it.each(["", "Berlin", "123", "123456", "A-10115", "D-1010", "X-1010", "1.010", "Radhaus 10", "10115 12345", "-1010"])(
    "%j is not a postal code",
    (input) => {
      expect(parsePostalQuery(input)).toBeNull();
    },
  );

  it("reads a code with its town on either side, as addresses write it", () => {
    expect(parsePostalQuery("80331 München")).toEqual({ code: "80331", countries: ["DE"], place: "München" });
    expect(parsePostalQuery("München 80331")).toEqual({ code: "80331", countries: ["DE"], place: "München" });
    expect(parsePostalQuery(" München, 80331 ")).toEqual({ code: "80331", countries: ["DE"], place: "München" });
    expect(parsePostalQuery("A-8932 Sankt Gallen")).toEqual({ code: "8932", countries: ["AT"], place: "Sankt Gallen" });
    expect(parsePostalQuery("06108 Halle (Saale)")).toEqual({ code: "06108", countries: ["DE"], place: "Halle (Saale)" });
    expect(parsePostalQuery("8001 Zürich")).toEqual({ code: "8001", countries: ["AT", "CH"], place: "Zürich" });
    expect(parsePostalQuery("A-10115 Berlin")).toBeNull();
  });

  it("formats codes with their country prefix", () => {
    expect(formatPostalCode("DE", "01067")).toBe("D-01067");
    expect(formatPostalCode("CH", "8001")).toBe("CH-8001");
  });
});

describe("normalisePlaceName", () => {
  it("folds case, accents, ß and punctuation", () => {
    expect(normalisePlaceName("München")).toBe("munchen");
    expect(normalisePlaceName("  MÜNCHEN ")).toBe("munchen");
    expect(normalisePlaceName("Gießen")).toBe("giessen");
    expect(normalisePlaceName("Frankfurt (Oder)")).toBe("frankfurt oder");
    expect(normalisePlaceName("St. Gallen")).toBe("st gallen");
  });
});

describe("placeKey", () => {
  it("lets umlauts, their two-letter spelling and the bare vowel meet", () => {
    for (const [native, ...typed] of [
      ["München", "Muenchen", "Munchen", "MUENCHEN"],
      ["Köln", "Koeln", "Koln"],
      ["Düsseldorf", "Duesseldorf", "Dusseldorf"],
      ["Nürnberg", "Nuernberg"],
      ["Zürich", "Zuerich", "Zurich"],
      ["Gießen", "Giessen"],
      ["Bad Säckingen", "Bad Saeckingen"],
    ] as const) {
      for (const spelling of typed) expect(placeKey(spelling), spelling).toBe(placeKey(native));
    }
  });

  it("still finds names with a real ae, oe or ue", () => {
    expect(placeKey("Soest")).toBe(placeKey("soest"));
    expect(placeKey("Uelzen")).toBe(placeKey("UELZEN"));
    expect(placeKey("Frankfurt (Oder)")).toBe("frankfurt oder");
  });

  it("reads St. as Sankt, as the Swiss and Austrian files differ", () => {
    expect(placeKey("St. Gallen")).toBe(placeKey("Sankt Gallen"));
    expect(placeKey("St Pölten")).toBe("sankt polten");
    expect(placeKey("Stade")).toBe("stade");
  });
});
