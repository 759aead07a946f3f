import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { EMPTY_ARTICLE } from "./bmecat-reader.server";
import { CATALOGUE_ROOT_ID, UNSORTED_GROUP_ID, type ImportedArticle, type ImportedGroup } from "~/exchange/catalogue-model";
import { planCatalogue } from "./catalogue-plan.server";
import { CatalogueStaging } from "./catalogue-staging.server";
import { Problems } from "~/exchange/import-report";

/** Planning repairs what it can with a warning, and never leaves a product out (decision 037). */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-plan-"));
const open: CatalogueStaging[] = [];
afterEach(() => {
  for (const staging of open.splice(0)) staging.close();
});

function group(sourceId: string, parentSourceId: string | null, line = 1): ImportedGroup {
  return { sourceId, parentSourceId, name: { de: sourceId, en: "" }, description: { de: "", en: "" }, order: 0, image: null, menuGroup: null, symbol: null, line };
}

function article(partno: string, groups: string[], line = 1): ImportedArticle {
  return { ...EMPTY_ARTICLE, partno, line, mode: "new", title: { de: partno, en: "" }, description: { de: null, en: null }, groups: groups.map((sourceId) => ({ sourceId, order: null, line })) };
}

function plan(groups: ImportedGroup[], articles: ImportedArticle[], catalogName = { de: "Werkzeugkatalog", en: "" }) {
  const staging = new CatalogueStaging(path.join(scratch, `staging-${open.length}-${Date.now()}.sqlite`));
  open.push(staging);
  for (const a of articles) staging.addArticle(a);
  staging.finishWriting();
  const problems = new Problems();
  const result = planCatalogue({ groups, catalogName, staging, problems, liveCategories: [], menuOption: undefined, menuStored: {} });
  const bySource = new Map(result.categories.map((c) => [c.source_id, c]));
  const where = (partno: string) => result.categories.find((c) => c.id === result.placement.get(partno)?.categoryId)?.source_id;
  return { result, problems, bySource, where };
}

describe("planning a catalogue", () => {
  it("puts products in no group, or only in undefined groups, in one category named after the catalogue", async () => {
    const { problems, bySource, where } = plan([group("R", null), group("A", "R")], [article("P-1", ["A"]), article("P-2", ["NOPE"], 7), article("P-3", [], 9)]);
    expect(problems.errors).toEqual([]);
    expect(where("P-1")).toBe("A");
    expect(where("P-2")).toBe(UNSORTED_GROUP_ID);
    expect(where("P-3")).toBe(UNSORTED_GROUP_ID);
    const unsorted = bySource.get(UNSORTED_GROUP_ID);
    expect(unsorted).toMatchObject({ name_de: "Werkzeugkatalog", parent_id: bySource.get("R")?.id, position: 2 });
    expect(problems.warnings.map((w) => [w.line, w.message])).toEqual([
      [7, "P-2 → NOPE: mapped to a group the file does not define: the mapping is left out"],
      [7, '2 products are in no catalogue group (P-2 on line 7, P-3 on line 9): shown in the category "Werkzeugkatalog"'],
    ]);
  });

  it("names that category in English where the catalogue has an English name only, never with an empty name (issue 38)", async () => {
    const { problems, bySource } = plan([group("R", null), group("A", "R")], [article("P-1", ["A"]), article("P-2", [])], { de: "", en: "Tool range" });
    expect(bySource.get(UNSORTED_GROUP_ID)).toMatchObject({ name_de: "", name_en: "Tool range" });
    expect(problems.warnings.map((w) => w.message)).toEqual(['1 product is in no catalogue group (P-2 on line 1): shown in the category "Tool range"']);
  });

  it("makes a catalogue without any group one category named after it, below the brand's range", async () => {
    const { problems, result, where } = plan([], [article("P-1", []), article("P-2", [])]);
    expect(problems.errors).toEqual([]);
    expect(result.categories.map((c) => [c.source_id, c.name_de])).toEqual([
      [CATALOGUE_ROOT_ID, brand.rangeCategoryName],
      [UNSORTED_GROUP_ID, "Werkzeugkatalog"],
    ]);
    expect(where("P-1")).toBe(UNSORTED_GROUP_ID);
    expect(where("P-2")).toBe(UNSORTED_GROUP_ID);
  });

  it("repairs a tree with a missing parent, a cycle and a group defined twice, with warnings", async () => {
    const { problems, bySource } = plan([group("R", null), group("A", "GONE", 3), group("B", "C", 4), group("C", "B", 5), group("A", "R", 6)], [article("P-1", ["A"])]);
    expect(problems.errors).toEqual([]);
    const root = bySource.get("R")?.id;
    expect(bySource.get("A")?.parent_id).toBe(root);
    expect([bySource.get("B")?.parent_id, bySource.get("C")?.parent_id]).toContain(root);
    expect(problems.warnings.map((w) => w.line)).toEqual([6, 3, 4]);
  });

  it("names the category of products in no group otherwise when a group already has the catalogue's name", async () => {
    const { bySource, problems } = plan([{ ...group("R", null), name: { de: "Werkzeugkatalog", en: "" } }, group("A", "R")], [article("P-1", [])]);
    expect(bySource.get(UNSORTED_GROUP_ID)).toMatchObject({ name_de: "Weitere Artikel", name_en: "More articles" });
    expect(problems.warnings[0]?.message).toMatch(/shown in the category "Weitere Artikel"/);
  });

  it("creates no extra category when every product has a group", async () => {
    const { bySource, problems } = plan([group("R", null), group("A", "R")], [article("P-1", ["A"])]);
    expect(bySource.has(UNSORTED_GROUP_ID)).toBe(false);
    expect(problems.warnings).toEqual([]);
  });
});
