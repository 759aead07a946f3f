import { describe, expect, it } from "vitest";
import { assignSlugs, baseSlug, SLUG_MAX_LENGTH, slugKey, type SlugInput, withSlugs } from "./category-slug";

const item = (id: number, name: string, parentId: number | null = 1, stored: SlugInput["stored"] = null): SlugInput => ({ id, parentId, name, stored });

/** What a router does with a path segment: the slug must come back unchanged, as one segment. */
function survivesAPath(slug: string): boolean {
  const url = new URL(`https://example.com/products/articles/${encodeURI(slug)}/X`);
  const segments = url.pathname.split("/");
  return segments.length === 5 && decodeURIComponent(segments[3] ?? "") === slug && url.search === "" && url.hash === "";
}

describe("baseSlug", () => {
  it("keeps the specification's rule: spaces become hyphens, umlauts stay", () => {
    expect(baseSlug("Reifen und Schläuche")).toBe("Reifen-und-Schläuche");
    expect(baseSlug("Trekking Sättel")).toBe("Trekking-Sättel");
    expect(baseSlug("Lenkergriffe")).toBe("Lenkergriffe");
  });

  it.each([
    ["Bremsen/Scheibenbremse", "Bremsen-Scheibenbremse"],
    ["Öl & Fett", "Öl-Fett"],
    ["Was ist das?", "Was-ist-das"],
    ["Kabel #5", "Kabel-5"],
    ["100% Baumwolle", "100-Baumwolle"],
    ['Zoll "Größen" \'24\'', "Zoll-Größen-24"],
    ["a\\b<c>d|e", "a-b-c-d-e"],
    ["../etc/passwd", "etc-passwd"],
    ["Schrauben M6 x 1.0", "Schrauben-M6-x-1.0"],
    ["Tab\tund\nZeile", "Tab-und-Zeile"],
  ])("makes %j a plain path segment (%s)", (name, slug) => {
    expect(baseSlug(name)).toBe(slug);
    expect(survivesAPath(slug)).toBe(true);
  });

  it("reads decomposed umlauts as composed ones", () => {
    expect(baseSlug("Scha\u0308ltung")).toBe("Schältung");
  });

  it("cuts long names at a hyphen", () => {
    const long = Array.from({ length: 40 }, (_, i) => `Wort${i}`).join(" ");
    expect(long.length).toBeGreaterThan(200);
    const slug = baseSlug(long);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
    expect(long.replace(/ /g, "-").startsWith(slug)).toBe(true);
    expect(baseSlug("x".repeat(200))).toBe("x".repeat(SLUG_MAX_LENGTH));
  });

  it("leaves nothing of a name that is all punctuation", () => {
    expect(baseSlug("/?#%&\"' -- ...")).toBe("");
  });
});

describe("assignSlugs", () => {
  it("gives the specification's form to every name used once", () => {
    const slugs = assignSlugs([item(1, "VIVA Sortiment", null), item(2, "Reifen und Schläuche"), item(3, "Ketten")]);
    expect([...slugs.values()]).toEqual(["VIVA-Sortiment", "Reifen-und-Schläuche", "Ketten"]);
  });

  it("puts the parent's name before a name used in many branches, in every branch", () => {
    const tree = [item(1, "Katalog", null), item(2, "Bremsen"), item(3, "Licht"), item(4, "Zubehör", 2), item(5, "Zubehör", 3), item(6, "Zubehör", 1)];
    const slugs = assignSlugs(tree);
    expect(slugs.get(4)).toBe("Bremsen-Zubehör");
    expect(slugs.get(5)).toBe("Licht-Zubehör");
    expect(slugs.get(6)).toBe("Katalog-Zubehör");
  });

  it("adds the id where parent and name are both alike, and names punctuation by its id", () => {
    const tree = [item(1, "Root", null), item(2, "Teile"), item(3, "Teile"), item(4, "Sonstiges", 2), item(5, "Sonstiges", 3), item(6, "?!", 2)];
    const slugs = assignSlugs(tree);
    expect(slugs.get(2)).toBe("Teile-2");
    expect(slugs.get(3)).toBe("Teile-3");
    expect(slugs.get(4)).toBe("Sonstiges-4");
    expect(slugs.get(5)).toBe("Sonstiges-5");
    expect(slugs.get(6)).toBe("kategorie-6");
  });

  it("treats names that differ only in case as the same address, those that differ in accents as different ones", () => {
    const slugs = assignSlugs([item(1, "Root", null), item(2, "Bremsen"), item(3, "BREMSEN"), item(4, "Öl"), item(5, "Ol")]);
    expect(slugs.get(2)).toBe("Bremsen-2");
    expect(slugs.get(3)).toBe("BREMSEN-3");
    expect(slugs.get(4)).toBe("Öl");
    expect(slugs.get(5)).toBe("Ol");
  });

  it("does not let a literal name and a made-up one collide", () => {
    const slugs = assignSlugs([item(1, "Root", null), item(2, "Bremsen"), item(3, "Zubehör", 2), item(4, "Zubehör"), item(5, "Bremsen Zubehör")]);
    const keys = [...slugs.values()].map(slugKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(slugs.get(5)).toBe("Bremsen-Zubehör");
    expect(slugs.get(3)).toBe("Zubehör-3");
  });

  it("keeps a stored slug while the name stays, even when the name becomes ambiguous", () => {
    const slugs = assignSlugs([
      item(1, "Root", null, { slug: "Root", name: "Root" }),
      item(2, "Licht"),
      item(3, "Zubehör", 1, { slug: "Zubehör", name: "Zubehör" }),
      item(4, "Zubehör", 2),
    ]);
    expect(slugs.get(3)).toBe("Zubehör");
    expect(slugs.get(4)).toBe("Licht-Zubehör");
  });

  it("names a renamed category afresh", () => {
    const slugs = assignSlugs([item(1, "Root", null), item(2, "Lichter", 1, { slug: "Licht", name: "Licht" })]);
    expect(slugs.get(2)).toBe("Lichter");
  });

  it("is unique, path-safe and stable for a large hostile tree", () => {
    const names = ["Zubehör", "Ersatzteile", "A/B", "Öl & Fett", "?", "x".repeat(200), "Sonstiges", "sonstiges", "Größe 1/2\"", "#%"];
    const tree: SlugInput[] = [item(1, "Root", null)];
    for (let id = 2; id <= 1660; id++) tree.push(item(id, names[id % names.length] ?? "", id <= 40 ? 1 : 2 + (id % 38)));
    const slugs = assignSlugs(tree);
    const values = [...slugs.values()];
    expect(values).toHaveLength(1660);
    expect(new Set(values.map(slugKey)).size).toBe(1660);
    for (const slug of values) {
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      expect(survivesAPath(slug)).toBe(true);
    }
    // The next import: same ids, same names, the same addresses.
    const again = assignSlugs(tree.map((t) => ({ ...t, stored: { slug: slugs.get(t.id) ?? "", name: t.name } })));
    expect(again).toEqual(slugs);
    // Shuffled, without history: the same addresses too (no dependence on order).
    expect(new Map([...assignSlugs([...tree].reverse())].sort((a, b) => a[0] - b[0]))).toEqual(slugs);
  });
});

describe("withSlugs", () => {
  it("keeps slugs that are there and names the others among them", () => {
    const list = withSlugs([
      { id: 1, parentId: null, name: "Root", slug: "Root" },
      { id: 2, parentId: 1, name: "Ketten", slug: "" },
      { id: 3, parentId: 1, name: "Ketten", slug: "Ketten" },
    ]);
    expect(list.map((c) => c.slug)).toEqual(["Root", "Root-Ketten", "Ketten"]);
  });
});
