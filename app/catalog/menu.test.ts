import { describe, expect, it } from "vitest";
import { MENU_CHILD_LIMIT, MENU_TOP_LIMIT, buildMenu, menuFor } from "./menu";
import type { Category } from "./category";

function category(id: number, name: string, parent: number | null, group: number, position = id): Category {
  return {
    name,
    slug: name.replace(/\s+/g, "-"),
    id,
    mainId: group,
    parentId: parent,
    position,
    symbol: `s${id}`,
    nameDe: name, descriptionDe: "", nameEn: `${name} (en)`, descriptionEn: "",
  };
}

describe("buildMenu", () => {
  const categories = [
    category(1000, "VIVA Sortiment", null, 1000),
    category(2, "Sättel", 1000, 1962, 2),
    category(1, "Ketten", 1000, 1962, 1),
    category(21, "Sport Sättel", 2, 1962),
    category(3, "Klingeln", 1000, 1963),
  ];
  const [parts, accessories] = buildMenu(categories, "de");
  const [, accessoriesEn] = buildMenu(categories, "en");

  it("splits the groups and keeps catalogue order", () => {
    expect(parts!.links.map((l) => l.name.text)).toEqual(["Ketten", "Sättel"]);
    expect(accessories!.links.map((l) => l.name)).toEqual([{ text: "Klingeln", lang: "de" }]);
    expect(accessoriesEn!.links.map((l) => l.name)).toEqual([{ text: "Klingeln (en)", lang: "en" }]);
  });
  it("names untranslated categories in German on English pages, marked German", () => {
    const untranslated = { ...category(4, "Schlösser", 1000, 1963), nameDe: "Schlösser", descriptionDe: "", nameEn: "", descriptionEn: "" };
    const [, withLocks] = buildMenu([...categories, untranslated], "en");
    expect(withLocks!.links.map((l) => l.name)).toEqual([
      { text: "Klingeln (en)", lang: "en" },
      { text: "Schlösser", lang: "de" },
    ]);
  });
  it("links leaves to their article list and parents to their category page", () => {
    expect(parts!.links[0]!.href).toBe("/products/articles/Ketten");
    expect(parts!.links[1]!.href).toBe("/products/Sättel");
    expect(parts!.links[1]!.children?.[0]?.href).toBe("/products/articles/Sport-Sättel");
    expect(parts!.links[0]!).not.toHaveProperty("children");
  });
});

describe("menuFor", () => {
  const list = () => [category(1000, "VIVA Sortiment", null, 1000), category(2, "Sättel", 1000, 1962)];

  it("builds the menu of a frozen catalogue once", () => {
    // The in-memory catalogue is frozen at run time but typed as a plain list.
    const frozen = Object.freeze(list()) as Category[];
    expect(menuFor(frozen, "de")).toBe(menuFor(frozen, "de"));
    expect(menuFor(frozen, "en")).toBe(menuFor(frozen, "en"));
    expect(menuFor(frozen, "de")).toEqual(buildMenu(list(), "de"));
    expect(menuFor(frozen, "en")).toEqual(buildMenu(list(), "en"));
  });

  it("builds the menu of a list that may change every time", () => {
    const open = list();
    const first = menuFor(open, "de");
    open.push(category(3, "Lenker", 1000, 1962));
    expect(menuFor(open, "de")).not.toBe(first);
    expect(menuFor(open, "de")[0]?.links.map((l) => l.href)).toEqual(["/products/articles/Sättel", "/products/articles/Lenker"]);
  });
});

describe("buildMenu with a large tree", () => {
  // One top category with 40 subcategories, each with 3 of its own; 50 top categories in the other group.
  const categories = [
    category(1000, "Sortiment", null, 1000),
    category(1, "Teile", 1000, 1962),
    ...Array.from({ length: 40 }, (_, i) => category(100 + i, `Gruppe ${i}`, 1, 1962, i)),
    ...Array.from({ length: 120 }, (_, i) => category(1000 + i + 1, `Blatt ${i}`, 100 + (i % 40), 1962, i)),
    ...Array.from({ length: 50 }, (_, i) => category(5000 + i, `Zubehör ${i}`, 1000, 1963, i)),
  ];
  const [parts, accessories] = buildMenu(categories, "de");
  const [partsEn] = buildMenu(categories, "en");

  it("lists the first subcategories of a top category and links to the page with all of them", () => {
    const top = parts!.links[0]!;
    expect(top.children).toHaveLength(MENU_CHILD_LIMIT + 1);
    expect(top.children!.map((c) => c.name.text)).toEqual(["Gruppe 0", "Gruppe 1", "Gruppe 2", "Gruppe 3", "Gruppe 4", "Alle 40 anzeigen →"]);
    expect(top.children![MENU_CHILD_LIMIT]).toEqual({ name: { text: "Alle 40 anzeigen →", lang: "de" }, href: "/products/Teile" });
    expect(partsEn!.links[0]!.children![MENU_CHILD_LIMIT]!.name).toEqual({ text: "Show all 40 →", lang: "en" });
    expect(top.href).toBe("/products/Teile");
  });
  it("carries no level below the subcategories: their pages list those", () => {
    for (const child of parts!.links[0]!.children!) expect(child).not.toHaveProperty("children");
    // A subcategory with its own subcategories links to its page, not to a list.
    expect(parts!.links[0]!.children![0]!.href).toBe("/products/Gruppe-0");
  });
  it("lists at most MENU_TOP_LIMIT top categories per group", () => {
    expect(accessories!.links).toHaveLength(MENU_TOP_LIMIT);
    expect(JSON.stringify(buildMenu(categories, "de")).length).toBeLessThan(4_000);
  });
  it("says nothing of more where all subcategories are listed", () => {
    const small = buildMenu(categories.slice(0, 2 + MENU_CHILD_LIMIT), "de");
    expect(small[0]!.links[0]!.children).toHaveLength(MENU_CHILD_LIMIT);
    expect(small[0]!.links[0]!.children!.map((c) => c.href)).not.toContain(small[0]!.links[0]!.href);
  });
});
