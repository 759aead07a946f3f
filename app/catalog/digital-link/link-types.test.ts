import { describe, expect, it } from "vitest";
import { type ProductLink, pickLink, readLinkType } from "./link-types";

describe("linkType", () => {
  it("reads CURIEs and IRIs of the GS1 Web Vocabulary", () => {
    expect(readLinkType(null)).toEqual({ kind: "type", type: "pip" });
    expect(readLinkType("gs1:instructions")).toEqual({ kind: "type", type: "instructions" });
    expect(readLinkType("https://gs1.org/voc/safetyInfo")).toEqual({ kind: "type", type: "safetyInfo" });
    expect(readLinkType("https://ref.gs1.org/voc/certificationInfo")).toEqual({ kind: "type", type: "certificationInfo" });
    expect(readLinkType("gs1:defaultLink")).toEqual({ kind: "type", type: "pip" });
  });

  it("knows the link set and what it does not serve", () => {
    expect(readLinkType("all")).toEqual({ kind: "linkset" });
    expect(readLinkType("linkset")).toEqual({ kind: "linkset" });
    for (const value of ["gs1:nutritionalInfo", "pip", "gs1:", "schema:url", "gs1:constructor"]) expect(readLinkType(value), value).toEqual({ kind: "unknown" });
  });

  it("picks the visitor's language, then one for all, then the first", () => {
    const link = (href: string, hreflang: ProductLink["hreflang"]): ProductLink => ({ rel: "instructions", href, title: href, hreflang, type: "application/pdf" });
    const links = [link("de.pdf", ["de"]), link("both.pdf", ["de", "en"])];
    expect(pickLink(links, "instructions", "de")?.href).toBe("de.pdf");
    expect(pickLink(links, "instructions", "en")?.href).toBe("both.pdf");
    expect(pickLink([link("de.pdf", ["de"])], "instructions", "en")?.href).toBe("de.pdf");
    expect(pickLink(links, "certificationInfo", "de")).toBeUndefined();
  });
});
