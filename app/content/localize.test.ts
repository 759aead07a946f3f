import { describe, expect, it } from "vitest";
import { localize } from "./localize";

describe("localize", () => {
  it("replaces every German/English pair with one language's text, deep in lists and objects", () => {
    const content = {
      title: { de: "Titel", en: "Title" },
      slides: [{ image: { path: "static/a", width: 1600, height: 640 }, tagline: { de: "Eins", en: "One" } }],
      count: 3,
    };
    expect(localize(content, "en")).toEqual({
      title: "Title",
      slides: [{ image: { path: "static/a", width: 1600, height: 640 }, tagline: "One" }],
      count: 3,
    });
    expect(localize(content, "de").slides[0]?.tagline).toBe("Eins");
  });

  it("keeps an object that has more than the two languages as it is", () => {
    expect(localize({ de: "a", en: "b", fr: "c" }, "de")).toEqual({ de: "a", en: "b", fr: "c" });
  });
});
