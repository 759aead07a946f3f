import { describe, expect, it } from "vitest";
import { SOFT_HYPHEN, softHyphens, withSoftHyphens } from "./soft-hyphens.server";

const visible = (text: string) => text.replaceAll(SOFT_HYPHEN, "-");

describe("softHyphens (issue 37 item 20)", () => {
  it("breaks long German and English words at their syllables, by the text's language", () => {
    expect(visible(softHyphens("Gepäckträgertaschen", "de"))).toMatch(/^Ge-?päck-?trä-?ger-?ta-?schen$/);
    expect(softHyphens("Gepäckträgertaschen", "de")).toContain(`ger${SOFT_HYPHEN}ta`);
    expect(softHyphens("Systemgepäckträger Kettenschloss", "de").replaceAll(SOFT_HYPHEN, "")).toBe("Systemgepäckträger Kettenschloss");
    expect(softHyphens("Handlebar accessories", "en")).toContain(SOFT_HYPHEN);
  });

  it("leaves short words, part numbers, sizes and addresses alone", () => {
    for (const text of ["Sattel rot", "VB-12345678901", "540mm", "service@fahrradhaus.example", "Trekkingsättel/Komfortsättel"]) {
      expect(softHyphens(text, "de")).toBe(text);
    }
  });

  it("adds a shown form beside the names of loader data, and never changes the text itself", () => {
    const data = {
      tiles: [{ name: { text: "Gepäckträgertaschen", lang: "de" }, href: "/products/Gepaecktraegertaschen" }],
      description: { text: "Wasserabweisende Gepäckträgertaschen", lang: "de" },
      when: new Date(0),
    };
    const result = withSoftHyphens(data);
    expect(result.tiles[0]?.name).toEqual({ text: "Gepäckträgertaschen", lang: "de", shown: softHyphens("Gepäckträgertaschen", "de") });
    // Only names: a description is text a browser wraps between words.
    expect(result.description).toEqual(data.description);
    expect(result.when).toBe(data.when);
    expect(data.tiles[0]?.name).toEqual({ text: "Gepäckträgertaschen", lang: "de" });
  });
});
