import { describe, expect, it } from "vitest";
import { categoryPathName, displayTitle, findCategoryByPathName } from "./catalog-view";
import type { ProviderCategory } from "./provider-schema";

const category = (id: number, name: string): ProviderCategory => ({
  bbf_cat_name: name,
  bbf_cat_ID_PUBLICGRPORDER: id,
  bbf_cat_ID_PUBLICGRPORDERMAIN: 1962,
  bbf_cat_parent_category: 1000,
  bbf_cat_position: id,
  bbf_cat_symbol: `cat_${id}`,
  translations: { german: { NAME: name, DESCRIPTION: "" }, english: { NAME: name, DESCRIPTION: "" } },
});

describe("category path names", () => {
  const list = [category(1, "Reifen und Schläuche"), category(2, "Ketten")];

  it("turns spaces into hyphens and back", () => {
    expect(categoryPathName("Reifen und Schläuche")).toBe("Reifen-und-Schläuche");
    expect(findCategoryByPathName(list, "Reifen-und-Schläuche")?.bbf_cat_ID_PUBLICGRPORDER).toBe(1);
  });
  it("ignores case and returns nothing for unknown names", () => {
    expect(findCategoryByPathName(list, "ketten")?.bbf_cat_ID_PUBLICGRPORDER).toBe(2);
    expect(findCategoryByPathName(list, "Sättel")).toBeUndefined();
  });
});

describe("displayTitle", () => {
  it("removes the brand's noise words", () => {
    expect(displayTitle("VIVA Original Ergo Griffe Comfort")).toBe("Ergo Griffe Comfort");
  });
  it("keeps a title that is only noise", () => {
    expect(displayTitle("VIVA")).toBe("VIVA");
  });
});
