import { describe, expect, it } from "vitest";
import { buildMenu, menuFor } from "./menu";
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
    expect(menuFor(open, "de")[0]?.links.map((l) => l.id)).toEqual([2, 3]);
  });
});
