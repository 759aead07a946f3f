import { describe, expect, it } from "vitest";
import { emptyFieldColumns } from "~/exchange/article-fields";
import type { ArticleRecord } from "~/models/article.server";
import { articleFromRecord, blockFromRecord } from "./article-from-record.server";

const record: ArticleRecord = {
  partno: "KS-1",
  category_id: 7,
  position: 1,
  prodcatname_de: "Kettenschlösser",
  prodcatname_en: "",
  title_de: "VIVA Kettenschloss",
  title_en: "",
  description_de: "Gehärteter Stahl",
  description_en: "Hardened steel",
  price_cents: 2499,
  content_hash: null,
  ...emptyFieldColumns(),
  eans: ["4006381333931"],
  media: [{ type: "Bild", imagename: "KS-1_1" }],
  properties: [
    { kind: "primary", attribute_de: "Farbe", value_de: "schwarz", attribute_en: "Colour", value_en: "" },
    { kind: "primary", attribute_de: "Länge", value_de: "90 cm", attribute_en: "Length", value_en: "90 cm" },
    { kind: "secondary", attribute_de: "Inhalt", value_de: "1 Stück", attribute_en: "", value_en: "" },
  ],
  relations: [{ kind: "sparepart", target_partno: "KS-2", target_category_id: 7 }],
  documents: [],
};

describe("articleFromRecord", () => {
  it("reads empty English columns as not translated: no English title, heading or description", () => {
    const article = articleFromRecord(record);
    expect(article).toMatchObject({ partno: "KS-1", price: 24.99, titles: { de: "VIVA Kettenschloss" }, heading: { de: "Kettenschlösser" } });
    expect(article.titles).not.toHaveProperty("en");
    expect(article.descriptions).toEqual({ de: "Gehärteter Stahl" });
    expect(article.media).toEqual([{ type: "Bild", name: "KS-1_1" }]);
    expect(article.references).toEqual([{ kind: "sparePart", partno: "KS-2", categoryId: 7 }]);
  });

  it("fills an English property's missing part with the German text and says so", () => {
    const { properties } = articleFromRecord(record);
    expect(properties.en?.primary).toEqual([
      { attribute: "Colour", value: "schwarz", germanFallback: true },
      { attribute: "Length", value: "90 cm" },
    ]);
    expect(properties.en?.secondary).toEqual([{ attribute: "Inhalt", value: "1 Stück", germanFallback: true }]);
    const untranslated = record.properties.map((p) => ({ ...p, attribute_en: "", value_en: "" }));
    expect(articleFromRecord({ ...record, properties: untranslated }).properties).not.toHaveProperty("en");
  });

  it("keeps an English title with its description, and a block only its titles", () => {
    const english = { ...record, title_en: "VIVA Chain lock", price_cents: null };
    expect(articleFromRecord(english)).toMatchObject({ price: null, descriptions: { de: "Gehärteter Stahl", en: "Hardened steel" } });
    expect(blockFromRecord(english)).toEqual({ partno: "KS-1", price: null, media: [{ type: "Bild", name: "KS-1_1" }], titles: { de: "VIVA Kettenschloss", en: "VIVA Chain lock" } });
  });

  it("names no maker, safety text or documents where the catalogue has none: the brand is the maker", () => {
    const article = articleFromRecord(record);
    expect(article).not.toHaveProperty("manufacturer");
    expect(article).not.toHaveProperty("safety");
    expect(article).not.toHaveProperty("documents");
    const blank = articleFromRecord({ ...record, manufacturer: "  ", safety_de: "", safety_en: " " });
    expect(blank).not.toHaveProperty("manufacturer");
    expect(blank).not.toHaveProperty("safety");
  });

  it("carries the maker, the safety texts written and the documents in their order", () => {
    const article = articleFromRecord({
      ...record,
      manufacturer: "Lintao Rubber Co., Ltd.",
      safety_de: "Nie während der Fahrt abschließen.",
      safety_en: null,
      documents: [
        { purpose: "manual", file_name: "documents/schloss.pdf", language: "", name_de: "Anleitung", name_en: "Instructions", size_bytes: 41234 },
        { purpose: "declaration", file_name: "documents/ce.pdf", language: "fr", name_de: "Konformität", name_en: "", size_bytes: 900 },
      ],
    });
    expect(article.manufacturer).toBe("Lintao Rubber Co., Ltd.");
    expect(article.safety).toEqual({ de: "Nie während der Fahrt abschließen." });
    expect(article.documents).toEqual([
      { purpose: "manual", file: "documents/schloss.pdf", language: "", names: { de: "Anleitung", en: "Instructions" }, bytes: 41234 },
      // A language we do not know is "both or unknown"; a missing English name is not a name.
      { purpose: "declaration", file: "documents/ce.pdf", language: "", names: { de: "Konformität" }, bytes: 900 },
    ]);
  });
});
