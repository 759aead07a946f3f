import { describe, expect, it } from "vitest";
import { resolveLanguage, withLang } from "./language";

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
  it("ignores unknown values", () => {
    expect(resolveLanguage(url("?lang=fr"), "language=xx").lang).toBe("de");
  });
});

describe("withLang", () => {
  it("keeps other parameters", () => {
    expect(withLang("/handlersuche", "?q=berlin&lang=de", "en")).toBe("/handlersuche?q=berlin&lang=en");
  });
});
