import { describe, expect, it } from "vitest";
import { isRecallId } from "~/exchange/recall-id";
import { checkRecallHeader, checkRecallRow, RECALL_COLUMNS, recallRowSchema } from "~/import/recall-rows";
import { demoRecalls } from "./demo-recalls";
import { generateDemoData } from "./generate";
import { shippedBrand } from "~/../tests/support/shipped-brand";

describe("demoRecalls", () => {
  const data = generateDemoData(1962, { brand: shippedBrand() });
  const recalls = demoRecalls(data.articles);

  it("gives the same recalls for the same seed: a front light and grips, newest first", () => {
    expect(demoRecalls(generateDemoData(1962, { brand: shippedBrand() }).articles)).toEqual(recalls);
    expect(recalls.map((r) => r.id)).toEqual(["2026-11-02-vb-63177", "2026-09-18-vb-15958"]);
    const kinds = recalls.map((r) => data.articles.find((a) => a.partno === r.partno)?.prodcatname_de);
    expect(kinds).toEqual(["Frontlicht", "Lenkergriffe"]);
  });

  it("names each article's own GTIN, and passes the recall import's own rules", () => {
    const { header } = checkRecallHeader(RECALL_COLUMNS);
    const schema = recallRowSchema("2026-11-27");
    for (const recall of recalls) {
      expect(isRecallId(recall.id)).toBe(true);
      expect(data.articles.find((a) => a.partno === recall.partno)?.eans).toContain(recall.gtin);
      const cells = RECALL_COLUMNS.map((column) => {
        const value = { ...recall, part_number: recall.partno, gtin: recall.gtin ?? "" }[column];
        return typeof value === "string" ? value : "";
      });
      expect(checkRecallRow(cells, header, schema)).toEqual({ recall, errors: [], untranslated: 0 });
    }
  });

  it("leaves out a recall whose kind of article the catalogue lacks", () => {
    expect(demoRecalls(data.articles.filter((a) => a.prodcatname_de !== "Frontlicht")).map((r) => r.id)).toEqual(["2026-09-18-vb-15958"]);
    expect(demoRecalls([])).toEqual([]);
  });
});
