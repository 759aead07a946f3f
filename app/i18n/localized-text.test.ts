import { describe, expect, it } from "vitest";
import { bilingual, textIn } from "./localized-text";

describe("the one rule for a missing translation", () => {
  it("shows each language its own text", () => {
    expect(bilingual("Klingel", "Bell")).toEqual({ de: { text: "Klingel", lang: "de" }, en: { text: "Bell", lang: "en" } });
  });

  it("shows the German text on English pages, marked German, when there is no English", () => {
    for (const en of ["", "  ", null, undefined]) expect(textIn("en", "Klingel", en)).toEqual({ text: "Klingel", lang: "de" });
  });

  it("shows the English text on German pages, marked English, when there is no German", () => {
    for (const de of ["", " ", null, undefined]) expect(textIn("de", de, "Bell")).toEqual({ text: "Bell", lang: "en" });
  });

  it("gives an empty text in the page's language when neither exists", () => {
    expect(bilingual("", null)).toEqual({ de: { text: "", lang: "de" }, en: { text: "", lang: "en" } });
  });
});
