import { describe, expect, it } from "vitest";
import { assignSlugs, dealerSlugBase, isWellFormedSlug } from "./dealer-slug";

describe("dealer slugs", () => {
  it("are made of name and town, with umlauts written out", () => {
    expect(dealerSlugBase("Zweirad Köhler GmbH", "Frankfurt am Main")).toBe("zweirad-koehler-gmbh-frankfurt-am-main");
    expect(dealerSlugBase("Fahrradhaus Weiß & Söhne", "Düsseldorf")).toBe("fahrradhaus-weiss-und-soehne-duesseldorf");
    expect(dealerSlugBase("Vélo Suter", "Genève")).toBe("velo-suter-geneve");
    expect(dealerSlugBase("Radstation Zürich", "Zürich")).toBe("radstation-zuerich");
  });

  it("never come out empty or too long", () => {
    expect(dealerSlugBase("★★★", "")).toBe("haendler");
    const long = dealerSlugBase("Fahrradfachgeschäft ".repeat(10), "Berlin");
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toMatch(/-$/);
  });

  it("are unique in a stable order, also against slugs already taken", () => {
    const dealers = [
      { name: "Radhaus Berger", city: "Berlin" },
      { name: "Radhaus Berger", city: "Berlin" },
      { name: "Radhaus  Berger!", city: "berlin" },
    ];
    expect(assignSlugs(dealers)).toEqual(["radhaus-berger-berlin", "radhaus-berger-berlin-2", "radhaus-berger-berlin-3"]);
    expect(assignSlugs(dealers.slice(0, 1), ["radhaus-berger-berlin"])).toEqual(["radhaus-berger-berlin-2"]);
  });

  it("tell well-formed URL segments from others", () => {
    expect(isWellFormedSlug("radhaus-berger-berlin-2")).toBe(true);
    for (const bad of ["", "Radhaus", "a--b", "-a", "a-", "a/b", "a%20b", "x".repeat(200)]) expect(isWellFormedSlug(bad)).toBe(false);
  });
});
