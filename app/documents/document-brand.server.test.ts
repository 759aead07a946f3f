import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type DB } from "~/db/database.server";
import { expectAllIn } from "~/../tests/support/expect-text";
import { readPdfText } from "~/../tests/support/pdf-text";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { openTestDatabase } from "~/../tests/support/test-store";
import { buildCatalogue, buildDeclarations, buildManuals, CATALOGUE_FILE_NAMES, MANUALS } from "./build-documents.server";
import { documentBrandVersion, type DocumentBrand } from "./document-brand.server";

/** Another brand in another country: everything the documents print of a brand differs from the shipped one. */
const other: DocumentBrand = {
  name: "RADL",
  tagline: { de: "Teile für Wiener Räder", en: "Parts for Viennese bikes" },
  colors: { primary: "#7a1f3d", accent: "#2a9d8f", ink: "#101010", paper: "#fffdf8" },
  company: {
    legalName: "Radl Teile GmbH",
    street: "Praterstraße 7",
    postalCode: "1020",
    city: "Wien",
    country: "AT",
    phone: "+43 1 0000000",
    email: "office@radl.example.at",
    managingDirectors: ["Anna Gruber"],
  },
};

async function pdfText(file: string): Promise<string> {
  return (await readPdfText(fs.readFileSync(file))).pageTexts.join("\n");
}

describe("documents built for another brand", () => {
  let tmp: string;
  let db: DB;
  const documents = () => path.join(tmp, "media", "documents");

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-brand-docs-"));
    db = await openTestDatabase(tmp, { seeded: false });
    await migrateToLatest(db);
    const media = path.join(tmp, "media");
    await buildManuals(media, other, () => {});
    await buildDeclarations(media, [{ id: "eu-test", fileName: "eu-test.pdf", product: { de: "Leuchte", en: "Light" }, models: [] }], other, () => {});
    await buildCatalogue(db, media, other, () => {});
  });

  afterAll(async () => {
    await db?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("print its name, company and address in every manual, never the shipped brand's", async () => {
    for (const manual of MANUALS) {
      const text = await pdfText(path.join(documents(), manual.fileName));
      expectAllIn(text, ["RADL", "Radl Teile GmbH · Praterstraße 7 · 1020 Wien · Österreich / Austria", "Tel. +43 1 0000000 · office@radl.example.at"]);
      expect(text, manual.id).not.toContain(shippedBrand().company.street);
      expect(text, manual.id).not.toContain(shippedBrand().company.legalName);
    }
    expect(await pdfText(path.join(documents(), "griffe-montageanleitung.pdf"))).toContain("Griffe von RADL");
  });

  it("name it as the manufacturer in the declaration of conformity, signed where it sits", async () => {
    const text = await pdfText(path.join(documents(), "eu-test.pdf"));
    expectAllIn(text, ["Radl Teile GmbH, Praterstraße 7, 1020 Wien, Österreich", "Radl Teile GmbH, Praterstraße 7, 1020 Wien, Austria", "Wien, 15. Januar 2024", "Anna Gruber, Geschäftsführerin"]);
    expect(text).not.toContain("Kassel");
  });

  it("print its name, tagline and address on the catalogue in each language, and in the file's metadata", async () => {
    const german = await pdfText(path.join(documents(), CATALOGUE_FILE_NAMES.de));
    expectAllIn(german, ["RADL", "Teile für Wiener Räder", "Radl Teile GmbH · Praterstraße 7 · 1020 Wien · Österreich"]);
    const english = await pdfText(path.join(documents(), CATALOGUE_FILE_NAMES.en));
    expectAllIn(english, ["Parts for Viennese bikes", "1020 Wien · Austria", "Phone +43 1 0000000"]);
    const { info } = await readPdfText(fs.readFileSync(path.join(documents(), CATALOGUE_FILE_NAMES.de)));
    expect(info).toMatchObject({ Author: "Radl Teile GmbH", Creator: "RADL (velocat)", Title: "RADL Katalog 2024", Subject: "Teile für Wiener Räder" });
  });
});

describe("documentBrandVersion", () => {
  const version = documentBrandVersion(shippedBrand());

  it("changes with every field the documents print", () => {
    const changed: DocumentBrand[] = [
      { ...shippedBrand(), name: "VIVA2" },
      { ...shippedBrand(), tagline: { ...shippedBrand().tagline, en: "Other" } },
      { ...shippedBrand(), colors: { ...shippedBrand().colors, accent: "#000000" } },
      { ...shippedBrand(), company: { ...shippedBrand().company, street: "Speichenweg 13" } },
      { ...shippedBrand(), company: { ...shippedBrand().company, email: "post@example.de" } },
      { ...shippedBrand(), company: { ...shippedBrand().company, managingDirectors: ["Tom Muster", "Jana Beispiel"] } },
    ];
    for (const brand of changed) expect(documentBrandVersion(brand)).not.toBe(version);
  });

  it("stays the same for what the documents do not print", () => {
    const unprinted = [
      { ...shippedBrand(), social: { label: "Mastodon", url: "https://example.social/" } },
      { ...shippedBrand(), description: { de: "Anders", en: "Other" } },
      { ...shippedBrand(), colors: { ...shippedBrand().colors, primaryDark: "#000000", primaryLight: "#ffffff" } },
      { ...shippedBrand(), company: { ...shippedBrand().company, registerNumber: "HRB 1", vatId: "DE1", managingDirectors: ["Jana Beispiel", "Someone Else"] } },
    ];
    for (const brand of unprinted) expect(documentBrandVersion(brand)).toBe(version);
  });
});
