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

describe("withLang", () => {
  it("keeps other parameters", () => {
    expect(withLang("/handlersuche", "?q=berlin&lang=de", "en")).toBe("/handlersuche?q=berlin&lang=en");
  });
  it("never makes a protocol-relative link to another host", () => {
    expect(withLang("//evil.example", "", "de")).toBe("/evil.example?lang=de");
    expect(withLang("///evil.example/x", "", "en")).toBe("/evil.example/x?lang=en");
  });
});
