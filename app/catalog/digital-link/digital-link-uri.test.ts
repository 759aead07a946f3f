import { describe, expect, it } from "vitest";
import { digitalLinkPath, isUriProblem, parseDigitalLinkPath } from "./digital-link-uri";

describe("GS1 Digital Link paths", () => {
  it("reads a GTIN of every length as GTIN-14", () => {
    expect(parseDigitalLinkPath("/01/87126709")).toEqual({ gtin14: "00000087126709", qualifiers: {} });
    expect(parseDigitalLinkPath("/01/036000291452")).toEqual({ gtin14: "00036000291452", qualifiers: {} });
    expect(parseDigitalLinkPath("/01/4006381333931")).toEqual({ gtin14: "04006381333931", qualifiers: {} });
    expect(parseDigitalLinkPath("/01/04006381333931")).toEqual({ gtin14: "04006381333931", qualifiers: {} });
  });

  it("tolerates a trailing slash", () => {
    expect(parseDigitalLinkPath("/01/04006381333931/")).toEqual({ gtin14: "04006381333931", qualifiers: {} });
    expect(parseDigitalLinkPath("/01/04006381333931/10/ABC/")).toEqual({ gtin14: "04006381333931", qualifiers: { lot: "ABC" } });
  });

  it("refuses what is no GTIN, and a wrong check digit", () => {
    expect(parseDigitalLinkPath("/01/4006381333932")).toEqual({ code: "checkDigit" });
    for (const path of ["/01/123456789", "/01/400638133393a", "/01/", "/01", "/01/040063813339310"]) {
      expect(parseDigitalLinkPath(path), path).toEqual({ code: "notGtin" });
    }
  });

  it("reads the qualifiers in the standard's order, percent-decoded", () => {
    expect(parseDigitalLinkPath("/01/04006381333931/22/V2/10/L%2F24-7/21/SN%201")).toEqual({ code: "characters", ai: "21" });
    expect(parseDigitalLinkPath("/01/04006381333931/22/V2/10/L%2F24-7/21/SN.1")).toEqual({
      gtin14: "04006381333931",
      qualifiers: { cpv: "V2", lot: "L/24-7", serial: "SN.1" },
    });
    expect(parseDigitalLinkPath("/01/04006381333931/21/X")).toEqual({ gtin14: "04006381333931", qualifiers: { serial: "X" } });
  });

  it("refuses qualifiers out of order, twice, unknown, empty, too long or outside character set 82", () => {
    const gtin = "/01/04006381333931";
    expect(parseDigitalLinkPath(`${gtin}/21/X/10/Y`)).toEqual({ code: "order", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/10/X/10/Y`)).toEqual({ code: "order", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/17/261231`)).toEqual({ code: "unknownAi", ai: "17" });
    expect(parseDigitalLinkPath(`${gtin}/qr.svg`)).toEqual({ code: "unknownAi", ai: "qr.svg" });
    expect(parseDigitalLinkPath(`${gtin}/10`)).toEqual({ code: "missingValue", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/10//21/X`)).toEqual({ code: "missingValue", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/10/${"A".repeat(21)}`)).toEqual({ code: "tooLong", ai: "10", max: 20 });
    expect(isUriProblem(parseDigitalLinkPath(`${gtin}/10/${"A".repeat(20)}`))).toBe(false);
    expect(parseDigitalLinkPath(`${gtin}/10/%C3%A4`)).toEqual({ code: "characters", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/10/%23`)).toEqual({ code: "characters", ai: "10" });
    expect(parseDigitalLinkPath(`${gtin}/10/%E0%A4%A`)).toEqual({ code: "encoding" });
  });

  it("writes the canonical form back", () => {
    expect(digitalLinkPath({ gtin14: "04006381333931", qualifiers: {} })).toBe("/01/04006381333931");
    expect(digitalLinkPath({ gtin14: "04006381333931", qualifiers: { serial: "S 1", lot: "L/1", cpv: "2" } })).toBe("/01/04006381333931/22/2/10/L%2F1/21/S%201");
  });
});
