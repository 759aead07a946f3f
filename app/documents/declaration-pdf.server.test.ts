import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAllIn } from "~/../tests/support/expect-text";
import { readPdfText } from "~/../tests/support/pdf-text";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { buildDeclarations, type BuiltDocument } from "./build-documents.server";
import type { DeclarationDefinition } from "./declaration-pdf.server";

const declaration: DeclarationDefinition = {
  id: "eu-konformitaet-frontlicht",
  fileName: "eu-konformitaet-frontlicht.pdf",
  product: { de: "LED-Fahrradscheinwerfer", en: "LED bicycle headlight" },
  models: [
    { partno: "VB-10001", name: { de: "Akku-Frontlicht Beam schwarz", en: "Rechargeable front light Beam black" } },
    { partno: "VB-10002", name: { de: "Dynamo-Scheinwerfer 70 Lux", en: "Dynamo headlight 70 lux" } },
  ],
};

let dir: string;
let built: BuiltDocument[];
let pages: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-declaration-"));
  built = await buildDeclarations(dir, [declaration], shippedBrand(), () => {});
  pages = (await readPdfText(fs.readFileSync(path.join(dir, "documents", declaration.fileName)))).pageTexts;
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("an EU declaration of conformity", () => {
  it("is written under documents/ with its size measured from the file", () => {
    const stat = fs.statSync(path.join(dir, "documents", declaration.fileName));
    expect(built).toEqual([{ id: declaration.id, fileName: declaration.fileName, bytes: stat.size }]);
    expect(stat.size).toBeGreaterThan(2000);
  });

  it("says in German, then in English on its own page, what Annex III of Decision 768/2008/EC asks", () => {
    expect(pages.length).toBe(2);
    const [german = "", english = ""] = pages;
    const { company } = shippedBrand();
    for (const text of [german, english]) {
      expectAllIn(text, ["VB-10001", "VB-10002", "2014/30/EU", "2011/65/EU", "EN IEC 55015:2019", company.legalName, company.street, company.managingDirectors[0] ?? ""]);
    }
    expect(german).toContain("EU-Konformitätserklärung");
    expect(german).toContain("alleinige Verantwortung");
    expect(german).toContain("Kassel, 15. Januar 2024");
    expect(english).toContain("sole responsibility of the manufacturer");
    expect(english).toContain("Rechargeable front light Beam black");
    expect(english).toContain("Kassel, 15 January 2024");
  });

  it("gives the same bytes for the same data", async () => {
    const first = fs.readFileSync(path.join(dir, "documents", declaration.fileName));
    await buildDeclarations(dir, [declaration], shippedBrand(), () => {});
    expect(fs.readFileSync(path.join(dir, "documents", declaration.fileName)).equals(first)).toBe(true);
  });
});
