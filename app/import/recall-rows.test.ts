import { describe, expect, it } from "vitest";
import { checkRecallHeader, checkRecallRow, RECALL_COLUMNS, recallRowSchema } from "./recall-rows";

const TODAY = "2026-11-27";
const schema = recallRowSchema(TODAY);
const { header } = checkRecallHeader(RECALL_COLUMNS);

const good: Record<(typeof RECALL_COLUMNS)[number], string> = {
  part_number: " VB-63177 ",
  gtin: "4260512124281",
  batches: "2604-L17, 2605-L03;2605-L11\n2604-L17",
  published: "2026-11-02",
  title_de: "Akku-Frontlicht:\nAkku kann überhitzen",
  title_en: "Front light: battery can overheat",
  hazard_de: "Erster Absatz\r\nmit Zeilenumbruch.\r\n\r\n\r\nZweiter  Absatz.",
  hazard_en: "Hazard.",
  remedy_de: "Nicht mehr laden.",
  remedy_en: "",
};

const row = (changes: Partial<typeof good> = {}) => RECALL_COLUMNS.map((column) => ({ ...good, ...changes })[column]);
const check = (changes: Partial<typeof good> = {}) => checkRecallRow(row(changes), header, schema);

describe("checkRecallHeader", () => {
  it("finds the columns in any order, case and spelling", () => {
    const result = checkRecallHeader(["Title DE", "PART-NUMBER", "published", "hazard_de", "Remedy_DE", "Notes"]);
    expect(result.errors).toEqual([]);
    expect(result.header).toEqual({ title_de: 0, part_number: 1, published: 2, hazard_de: 3, remedy_de: 4 });
    expect(result.warnings).toEqual([{ column: "Notes", message: expect.stringContaining("unknown column, not read") }]);
  });

  it("names the missing German columns and a column given twice", () => {
    const result = checkRecallHeader(["part_number", "published", "title_en", "part number"]);
    expect(result.errors).toEqual([
      { column: "part number", message: "the column part_number appears twice" },
      { message: expect.stringContaining("missing columns title_de, hazard_de, remedy_de") },
    ]);
  });
});

describe("checkRecallRow", () => {
  it("normalises a good row into what the table stores, with its stable id", () => {
    const result = check();
    expect(result.errors).toEqual([]);
    expect(result.untranslated).toBe(1);
    expect(result.recall).toEqual({
      id: "2026-11-02-vb-63177",
      partno: "VB-63177",
      gtin: "4260512124281",
      batches: "2604-L17\n2605-L03\n2605-L11",
      published: "2026-11-02",
      title_de: "Akku-Frontlicht: Akku kann überhitzen",
      title_en: "Front light: battery can overheat",
      hazard_de: "Erster Absatz\nmit Zeilenumbruch.\n\nZweiter Absatz.",
      hazard_en: "Hazard.",
      remedy_de: "Nicht mehr laden.",
      remedy_en: "",
    });
  });

  it("stores a UPC-A as its EAN-13 and no GTIN as null", () => {
    expect(check({ gtin: "036000291452" }).recall?.gtin).toBe("0036000291452");
    expect(check({ gtin: " " }).recall?.gtin).toBeNull();
    expect(check({ batches: "" }).recall?.batches).toBe("");
  });

  it.each([
    [{ part_number: "  " }, "part_number", "the part number is empty"],
    [{ gtin: "4260512124282" }, "gtin", "is no valid GTIN"],
    [{ gtin: "4,26051E+12" }, "gtin", "is no valid GTIN"],
    [{ gtin: "14260512124288" }, "gtin", "carton"],
    [{ published: "02.11.2026" }, "published", "is not a date written YYYY-MM-DD"],
    [{ published: "2026-02-30" }, "published", "is no date in the calendar"],
    [{ published: "2026-11-28" }, "published", "lies in the future (today is 2026-11-27)"],
    [{ title_de: "" }, "title_de", "empty: the German text is required"],
    [{ hazard_de: " \n " }, "hazard_de", "empty: the German text"],
    [{ remedy_de: "" }, "remedy_de", "empty: the German text"],
    [{ title_en: "x".repeat(201) }, "title_en", "longer than 200 characters"],
    [{ batches: "y".repeat(201) }, "batches", "a batch is longer than 200 characters"],
  ] as const)("refuses %j in %s", (changes, column, message) => {
    const result = check(changes);
    expect(result.recall).toBeNull();
    expect(result.errors).toEqual([{ column, message: expect.stringContaining(message) }]);
  });

  it("accepts today's date", () => {
    expect(check({ published: TODAY }).errors).toEqual([]);
  });

  it("reports every bad cell of a row at once", () => {
    const result = check({ gtin: "123", published: "", title_de: "" });
    expect(result.errors.map((e) => e.column)).toEqual(["gtin", "published", "title_de"]);
  });

  it("reads a row shorter than the header (a CSV's missing trailing cells) as empty cells", () => {
    const result = checkRecallRow(["VB-1", "", "", "2026-01-01", "Titel", "", "Gefahr", "", "Abhilfe"], header, schema);
    expect(result.errors).toEqual([]);
    expect(result.untranslated).toBe(3);
  });
});
