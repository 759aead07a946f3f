import { describe, expect, it } from "vitest";
import { catalogFieldsFromColumns, catalogFieldsFromProvider, importedFieldsFromProvider, providerFieldsFromCatalog } from "./article-field-codecs";
import {
  ARTICLE_FIELD_COLUMNS,
  ARTICLE_FIELD_LIST,
  columnsFromValues,
  emptyFieldColumns,
  emptyFieldValues,
  valuesFromColumns,
  type ArticleFieldValues,
} from "./article-fields";
import { articleSchema } from "./provider-schema";

/** The names of a brand as content/brand.yaml gives them. */
const viva = { name: "VIVA", legalName: "VIVA Bikeparts GmbH" };

/** A value of every field of the table, by its kind. */
function sample(): ArticleFieldValues {
  const values: Record<string, unknown> = {};
  for (const field of ARTICLE_FIELD_LIST) values[field.name] = field.kind === "texts" ? { de: `${field.name} de`, en: `${field.name} en` } : field.kind === "integer" ? 7 : `${field.name} value`;
  return values as ArticleFieldValues;
}

const base = { PARTNO: "X-1", PRODCATNAME: "P", RESELLERPRICE: null, eans: [], media: [], descriptions: { default: { TEXT1: "T" } }, properties: { default: { primary: [], secondary: [] } } };

describe("the table of article fields (decision 058)", () => {
  it("names every field once, in JSON and columns alike", () => {
    expect(new Set(ARTICLE_FIELD_LIST.map((f) => f.provider)).size).toBe(ARTICLE_FIELD_LIST.length);
    expect(new Set(ARTICLE_FIELD_COLUMNS).size).toBe(ARTICLE_FIELD_COLUMNS.length);
    expect(ARTICLE_FIELD_COLUMNS.slice(0, 3)).toEqual(["manufacturer", "safety_de", "safety_en"]);
  });

  it("carries every field from an import's values to the row and back", () => {
    expect(valuesFromColumns(columnsFromValues(sample()))).toEqual(sample());
    expect(valuesFromColumns(emptyFieldColumns())).toEqual(emptyFieldValues());
    expect(Object.values(emptyFieldColumns()).every((v) => v === null)).toBe(true);
  });

  it("carries every field from the row through the provider JSON (validated) to our names and to an import", () => {
    const catalog = catalogFieldsFromColumns(columnsFromValues(sample()));
    const json = articleSchema.parse({ ...base, ...providerFieldsFromCatalog(catalog) });
    expect(catalogFieldsFromProvider(json)).toEqual(catalog);
    expect(importedFieldsFromProvider(json, viva)).toEqual(sample());
  });

  it("leaves out what is missing or blank, and reads no JSON field as none", () => {
    const blank = columnsFromValues(sample());
    for (const column of ARTICLE_FIELD_COLUMNS) (blank as Record<string, unknown>)[column] = typeof blank[column] === "string" ? " " : null;
    expect(catalogFieldsFromColumns(blank)).toEqual({});
    expect(providerFieldsFromCatalog({})).toEqual({});
    expect(importedFieldsFromProvider(articleSchema.parse(base), viva)).toEqual(emptyFieldValues());
  });

  it("drops the brand as manufacturer, from the provider as from BMEcat", () => {
    expect(importedFieldsFromProvider({ MANUFACTURER: "viva" }, viva).manufacturer).toBeNull();
    expect(importedFieldsFromProvider({ MANUFACTURER: "VIVA Bikeparts GmbH" }, viva).manufacturer).toBeNull();
    expect(importedFieldsFromProvider({ MANUFACTURER: "Akkuwerk Ost GmbH" }, viva).manufacturer).toBe("Akkuwerk Ost GmbH");
  });

  it("compares with the brand it is given: another brand's names are its own, VIVA is a maker then", () => {
    const other = { name: "ANDERE", legalName: "Andere Räder AG" };
    expect(importedFieldsFromProvider({ MANUFACTURER: "andere räder ag" }, other).manufacturer).toBeNull();
    expect(importedFieldsFromProvider({ MANUFACTURER: "VIVA" }, other).manufacturer).toBe("VIVA");
  });
});
