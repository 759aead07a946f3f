import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { largeTreeBmecat } from "../support/large-tree-bmecat";

/** The generated large tree (tests/support/large-tree-bmecat.ts) is what the tests that use it rely on. */
describe("the generated large-tree catalogue", () => {
  const tree = largeTreeBmecat();

  it("has the shape of the real 1,660-group tree of issue 26", () => {
    expect(tree.groups).toHaveLength(1660);
    expect(tree.duplicateNames).toHaveLength(344);
    expect(tree.groups.filter((g) => g.name.includes("/"))).toHaveLength(166);
    expect(tree.products).toHaveLength(3000);
    // Duplicate names sit in different top branches, some at the second level.
    const tops = (name: string) => new Set(tree.groups.filter((g) => g.name === name).map((g) => g.path[0]));
    for (const name of tree.duplicateNames) expect(tops(name).size, name).toBeGreaterThan(1);
    expect(tree.groups.some((g) => g.depth === 2 && tree.duplicateNames.includes(g.name))).toBe(true);
    expect(tree.products.filter((p) => p.groupIds.length > 1).length).toBeGreaterThan(0);
  });

  it("carries every hostile name, a 200-character one among them", () => {
    expect(tree.hostileNames).toHaveLength(20);
    for (const character of ["/", "&", "?", "#", "%", '"', "'", "ü", "ß"]) expect(tree.hostileNames.some((n) => n.includes(character)), character).toBe(true);
    expect(tree.groups.some((g) => g.name.length === 200)).toBe(true);
  });

  it("is well-formed XML, gives the same bytes every time and has no pictures", () => {
    const parser = new SaxesParser();
    let elements = 0;
    parser.on("opentag", () => elements++);
    parser.write(tree.xml).close();
    expect(elements).toBeGreaterThan(10_000);
    expect(largeTreeBmecat().xml).toBe(tree.xml);
    expect(tree.xml).not.toContain("MIME");
  });
});
