import { describe, expect, it } from "vitest";
import { parseLang, resolveLanguage, storedLanguage, withLang } from "./language";

describe("resolveLanguage", () => {
  const url = (q = "") => new URL(`http://localhost/products${q}`);

  it("defaults to German", () => {
    expect(resolveLanguage(url(), null)).toEqual({ lang: "de", fromQuery: false });
  });
  it("uses the stored cookie", () => {
    expect(resolveLanguage(url(), "a=1; language=en").lang).toBe("en");
  });
  it("lets ?lang beat the cookie", () => {
    expect(resolveLanguage(url("?lang=de"), "language=en")).toEqual({ lang: "de", fromQuery: true });
  });
  it("survives malformed escapes and odd cookie headers (a thrown URIError once ended the server)", () => {
    for (const header of ["language=%", "language=%E0%A4%A", "language", "=;;=", "language=en%", "language=%65n"]) {
      expect(() => resolveLanguage(url(), header), header).not.toThrow();
    }
    expect(resolveLanguage(url(), "language=%; language=en").lang).toBe("de");
    expect(resolveLanguage(url(), "language=%65n").lang).toBe("en");
  });
  it("ignores unknown values", () => {
    expect(resolveLanguage(url("?lang=fr"), "language=xx").lang).toBe("de");
  });
});

describe("one reading of a language for every source", () => {
  const url = (q = "") => new URL(`http://localhost/products${q}`);

  it("reads case and regions alike: EN, En, en-GB are English, DE, de-AT German", () => {
    for (const value of ["en", "EN", "En", "en-GB", "en_US", " en "]) expect(parseLang(value), value).toBe("en");
    for (const value of ["de", "DE", "de-AT", "de-CH-1996"]) expect(parseLang(value), value).toBe("de");
    for (const value of ["fr", "fr-CH", "english", "e", "", "en-", null, undefined]) expect(parseLang(value), String(value)).toBeNull();
  });
  it("gives the same answer for the query and the cookie", () => {
    expect(resolveLanguage(url("?lang=EN"), null)).toEqual({ lang: "en", fromQuery: true });
    expect(resolveLanguage(url("?lang=en-GB"), "language=de").lang).toBe("en");
    expect(resolveLanguage(url("?lang=DE"), "language=en")).toEqual({ lang: "de", fromQuery: true });
    expect(storedLanguage("language=EN")).toBe("en");
    expect(storedLanguage("language=de-AT")).toBe("de");
  });
  it("ignores an unsupported value and falls through to the next source", () => {
    expect(resolveLanguage(url("?lang=fr"), "language=en")).toEqual({ lang: "en", fromQuery: false });
    expect(resolveLanguage(url(), "language=fr")).toEqual({ lang: "de", fromQuery: false });
  });
});

describe("withLang", () => {
  it("keeps other parameters", () => {
    expect(withLang("/handlersuche", "?q=berlin&lang=de", "en")).toBe("/handlersuche?q=berlin&lang=en");
  });
  it("never makes a protocol-relative link to another host", () => {
    expect(withLang("//evil.example", "", "de")).toBe("/evil.example?lang=de");
    expect(withLang("///evil.example/x", "", "en")).toBe("/evil.example/x?lang=en");
  });
});
