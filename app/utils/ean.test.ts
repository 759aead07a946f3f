import { describe, expect, it } from "vitest";
import { eanCheckDigit, isValidEan13, isValidGtin, makeEan13, readGtin, storedGtinForms, toGtin14 } from "./ean";

describe("EAN-13", () => {
  it("computes the check digit of known real codes", () => {
    expect(eanCheckDigit("400638133393")).toBe(1);
    expect(eanCheckDigit("590123412345")).toBe(7);
    expect(eanCheckDigit("978020137962")).toBe(4);
    // A body whose weighted sum is already a multiple of ten gets 0, not 10.
    expect(eanCheckDigit("000000000000")).toBe(0);
  });

  it("accepts valid codes", () => {
    for (const code of ["4006381333931", "5901234123457", "9780201379624", "4012345678901"]) {
      expect(isValidEan13(code), code).toBe(true);
    }
  });

  it("rejects wrong check digits, wrong lengths and non-digits", () => {
    for (const code of ["4006381333932", "5901234123450", "400638133393", "40063813339310", "40063813339a1", "", " 4006381333931"]) {
      expect(isValidEan13(code), code).toBe(false);
    }
  });

  it("builds codes that validate", () => {
    expect(makeEan13("400638133393")).toBe("4006381333931");
    expect(isValidEan13(makeEan13("428123456789"))).toBe(true);
  });

  it("refuses a malformed body", () => {
    expect(() => eanCheckDigit("12345")).toThrow(/12 digits/);
  });
});

describe("GTIN-8/12/13/14", () => {
  it("accepts valid codes of every length", () => {
    for (const code of ["87126709", "96385074", "036000291452", "4006381333931", "04006381333931", "14006381333938"]) {
      expect(isValidGtin(code), code).toBe(true);
    }
  });

  it("rejects wrong check digits and lengths", () => {
    for (const code of ["87126708", "036000291453", "4006381333932", "1400638133393", "123456789", ""]) {
      expect(isValidGtin(code), code).toBe(false);
    }
  });

  it("stores each in the form printed under the bar code", () => {
    expect(readGtin("87126709")).toEqual({ gtin: "87126709" });
    expect(readGtin("036000291452")).toEqual({ gtin: "0036000291452" });
    expect(readGtin("4006381333931")).toEqual({ gtin: "4006381333931" });
    expect(readGtin("04006381333931")).toEqual({ gtin: "4006381333931" });
    expect(readGtin(" 4006381 333931 ")).toEqual({ gtin: "4006381333931" });
    expect(readGtin("14006381333938")).toEqual({ problem: "trade-unit" });
    expect(readGtin("4006381333932")).toEqual({ problem: "invalid" });
  });
});

describe("GTIN-14 for Digital Links", () => {
  it("pads every valid length to fourteen digits", () => {
    expect(toGtin14("87126709")).toBe("00000087126709");
    expect(toGtin14("036000291452")).toBe("00036000291452");
    expect(toGtin14("4006381333931")).toBe("04006381333931");
    expect(toGtin14("14006381333938")).toBe("14006381333938");
  });

  it("refuses wrong check digits, lengths and anything but digits", () => {
    for (const code of ["4006381333932", "123456789", "40063813339310", "", "4006381333931 ", "400638133393a"]) expect(toGtin14(code), code).toBeNull();
  });

  it("names every stored form of a GTIN-14", () => {
    expect(storedGtinForms("04006381333931")).toEqual(["04006381333931", "4006381333931"]);
    expect(storedGtinForms("00036000291452")).toEqual(["00036000291452", "0036000291452", "036000291452"]);
    expect(storedGtinForms("00000087126709")).toEqual(["00000087126709", "0000087126709", "000087126709", "87126709"]);
    expect(storedGtinForms("14006381333938")).toEqual(["14006381333938"]);
  });
});
