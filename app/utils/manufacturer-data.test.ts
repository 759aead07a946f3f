import { describe, expect, it } from "vitest";
import { electronicAddress } from "./manufacturer-data";

describe("electronicAddress (issue 37)", () => {
  it("links an e-mail address as mailto, with or without its scheme", () => {
    expect(electronicAddress("sicurezza@opb-pompe.example.it")).toEqual({ kind: "email", href: "mailto:sicurezza@opb-pompe.example.it" });
    expect(electronicAddress(" mailto:info@maker.example ")).toEqual({ kind: "email", href: "mailto:info@maker.example" });
  });

  it("links a web address, adding https where people leave it out", () => {
    expect(electronicAddress("https://www.maker.example/kontakt")).toEqual({ kind: "web", href: "https://www.maker.example/kontakt" });
    expect(electronicAddress("www.maker.example/kontakt")).toEqual({ kind: "web", href: "https://www.maker.example/kontakt" });
  });

  it("links nothing that is neither, nor another scheme", () => {
    for (const text of ["info at maker dot example", "javascript:alert(1)", "+39 030 2580000", "https://bad host.example", "a?subject=x@b.example", "ftp://maker.example"]) {
      expect(electronicAddress(text), text).toBeNull();
    }
  });
});
