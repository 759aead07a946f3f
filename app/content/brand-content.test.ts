import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { brandContent } from "./brand-content";

const shipped = parse(fs.readFileSync(path.resolve("content/brand.yaml"), "utf8")) as Record<string, unknown> & { company: Record<string, unknown> };

/** The messages of the problems of `brand`, each after its path, as the check names them (with its line). */
function problems(brand: unknown): string[] {
  const result = brandContent.safeParse(brand);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("brand content: what the PDFs print (decision 061)", () => {
  it("takes the shipped file, umlauts, ß, € and typographic quotes", () => {
    expect(problems(shipped)).toEqual([]);
    expect(problems({ ...shipped, name: "Räder & Söhne „€“ – Straße" })).toEqual([]);
  });

  it("refuses, naming the character, what the PDFs' fonts cannot print in a field they print", () => {
    expect(problems({ ...shipped, name: "Łódź Rowery" })).toEqual([
      'name: "Ł" cannot be printed in the PDFs (catalogue, manuals, declarations): use Latin letters, umlauts and ß, € „“ – …',
    ]);
    expect(problems({ ...shipped, tagline: { de: "Gut", en: "Good 🚲" }, company: { ...(shipped.company), street: "ul. Świętokrzyska 12" } })).toEqual([
      'tagline.en: "🚲" cannot be printed in the PDFs (catalogue, manuals, declarations): use Latin letters, umlauts and ß, € „“ – …',
      'company.street: "Ś" cannot be printed in the PDFs (catalogue, manuals, declarations): use Latin letters, umlauts and ß, € „“ – …',
    ]);
  });

  it("leaves fields the PDFs do not print alone", () => {
    expect(problems({ ...shipped, description: { de: "Räder 🚲", en: "Bikes 🚲" }, company: { ...shipped.company, registerCourt: "Sąd Rejonowy" } })).toEqual([]);
  });
});
