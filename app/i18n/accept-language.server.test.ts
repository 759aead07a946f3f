import { describe, expect, it } from "vitest";
import { acceptedLanguage, resolveVisitorLanguage } from "./accept-language.server";

const resolve = (query: string, headers: Record<string, string>) => resolveVisitorLanguage(new URL(`http://x/01/1${query}`), new Headers(headers));

describe("a visitor's language for a redirect", () => {
  it("reads Accept-Language with its weights and regions", () => {
    expect(acceptedLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(acceptedLanguage("fr-CH, fr;q=0.9, en;q=0.5, de;q=0.8")).toBe("de");
    expect(acceptedLanguage("fr")).toBeNull();
    expect(acceptedLanguage(null)).toBeNull();
    expect(acceptedLanguage("")).toBeNull();
  });

  it("takes ?lang=, then the stored choice, then Accept-Language, then German", () => {
    expect(resolve("?lang=en", { Cookie: "language=de", "Accept-Language": "de" })).toEqual({ lang: "en", pageDefault: "de" });
    expect(resolve("", { Cookie: "language=en", "Accept-Language": "de" })).toEqual({ lang: "en", pageDefault: "en" });
    expect(resolve("", { "Accept-Language": "en-US" })).toEqual({ lang: "en", pageDefault: "de" });
    expect(resolve("", { "Accept-Language": "fr", Cookie: "language=%" })).toEqual({ lang: "de", pageDefault: "de" });
    expect(resolve("?lang=xx", {})).toEqual({ lang: "de", pageDefault: "de" });
  });

  it("reads ?lang= and the cookie as the pages do (EN, en-GB), and passes over fr", () => {
    expect(resolve("?lang=EN", {})).toEqual({ lang: "en", pageDefault: "de" });
    expect(resolve("", { Cookie: "language=En" })).toEqual({ lang: "en", pageDefault: "en" });
    expect(resolve("?lang=fr", { Cookie: "language=fr", "Accept-Language": "fr, EN-gb;q=0.5" })).toEqual({ lang: "en", pageDefault: "de" });
  });
});
