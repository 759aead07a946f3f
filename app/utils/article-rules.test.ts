import { describe, expect, it } from "vitest";
import { cleanTitle, isHiddenAttribute } from "./article-rules";

describe("cleanTitle", () => {
  it("removes the brand's noise words, also several and in any case", () => {
    expect(cleanTitle("VIVA Original Ergo Griffe Comfort")).toBe("Ergo Griffe Comfort");
    expect(cleanTitle("viva Original Griff Bikeparts Markenqualität")).toBe("Griff");
  });

  it("keeps words that only contain a noise word", () => {
    expect(cleanTitle("VIVAldi Sattel")).toBe("VIVAldi Sattel");
  });

  it("falls back when nothing is left: to the title, or to what the caller gives", () => {
    expect(cleanTitle("VIVA")).toBe("VIVA");
    expect(cleanTitle("VIVA Original", "Lenkergriffe")).toBe("Lenkergriffe");
  });
});

describe("isHiddenAttribute", () => {
  it("hides article group and brand, whatever the spelling of the case or spaces", () => {
    expect(isHiddenAttribute(" Marke ")).toBe(true);
    expect(isHiddenAttribute("Artikelgruppe")).toBe(true);
    expect(isHiddenAttribute("Material")).toBe(false);
  });
});
