import { describe, expect, it } from "vitest";
import { findHeaderRow } from "./dealer-header";

const rows = (...lines: string[][]) => lines.map((cells) => ({ cells }));

describe("findHeaderRow", () => {
  it("takes the first row that names two known fields, past an ERP's title and summary lines", () => {
    expect(findHeaderRow(rows(["id", "name"], ["1", "Rad"]))).toBe(0);
    expect(findHeaderRow(rows(["EXTF", "700", "16", "Debitoren/Kreditoren"], ["Konto", "Name (Adressattyp Unternehmen)", "Ort"], ["10000", "Rad", "Kiel"]))).toBe(1);
    expect(findHeaderRow(rows(["Kundenliste"], ["Stand: 2026-01-31", "Name"], ["Kunde", "Straße"]), { map: { name: "Kunde" } })).toBe(2);
  });

  it("falls back on the first row when none of the first 20 names two fields (its missing columns are then the errors)", () => {
    expect(findHeaderRow(rows(["a", "b"], ["c", "d"]))).toBe(0);
    expect(findHeaderRow(rows(...Array.from({ length: 25 }, () => ["x"]), ["name", "city"]))).toBe(0);
    expect(findHeaderRow([])).toBe(0);
  });
});
