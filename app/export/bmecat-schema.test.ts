import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import type { ArticleDocumentPurpose } from "~/db/schema";
import { BMECAT_EXTENSIONS, isSecondaryFeatureSystem, MIME_DOCUMENT_PURPOSES, SYMBOL_PATTERN, UDX_DOCUMENT_PURPOSES } from "~/exchange/bmecat-extensions";
import { Problems } from "~/exchange/import-report";
import { ARTICLE_FIELD_LIST } from "~/exchange/article-fields";
import { BMECAT_NAMESPACE, characterCount, MAX_LENGTH, SchemaFit, shorten } from "./bmecat-schema";

const schemas = path.resolve(import.meta.dirname, "..", "..", "schemas");
const official = fs.readFileSync(path.join(schemas, "bmecat_2005.xsd"), "utf8");
const udx = fs.readFileSync(path.join(schemas, "velocat-udx.xsd"), "utf8");

/** The text of a top-level declaration in the official schema, without the attributes' own facets. */
function declaration(kind: "element" | "simpleType" | "complexType", name: string): string {
  const start = official.indexOf(`<xsd:${kind} name="${name}"`);
  if (start === -1) throw new Error(`no ${kind} ${name} in the schema`);
  const openEnd = official.indexOf(">", start);
  const end = official[openEnd - 1] === "/" ? openEnd + 1 : official.indexOf(`</xsd:${kind}>`, start);
  return official.slice(start, end).replace(/<xsd:attribute[\s\S]*?<\/xsd:attribute>/g, "");
}

/** maxLength of an element, following its type or base type to where the facet is set. */
function schemaMaxLength(kind: "element" | "simpleType" | "complexType", name: string): number | null {
  const text = declaration(kind, name);
  const facet = /<xsd:maxLength value="(\d+)"/.exec(text);
  if (facet) return Number(facet[1]);
  const type = /(?:type|base)="(type\w+)"/.exec(text)?.[1];
  if (!type) return null;
  return official.includes(`<xsd:simpleType name="${type}"`) ? schemaMaxLength("simpleType", type) : schemaMaxLength("complexType", type);
}

describe("the official schema in schemas/", () => {
  it("is the file BME published, byte for byte (schemas/README.md names its checksum)", () => {
    const readme = fs.readFileSync(path.join(schemas, "README.md"), "utf8");
    const sha256 = createHash("sha256").update(fs.readFileSync(path.join(schemas, "bmecat_2005.xsd"))).digest("hex");
    expect(readme).toContain(sha256);
  });

  it("has the namespace and version the export writes", () => {
    expect(official).toContain(`targetNamespace="${BMECAT_NAMESPACE}"`);
    expect(declaration("simpleType", "typeBMEcat_version")).toContain(`<xsd:enumeration value="2005"/>`);
  });

  it("sets the lengths the export keeps to", () => {
    const fromSchema = Object.fromEntries(Object.keys(MAX_LENGTH).map((element) => [element, schemaMaxLength("element", element)]));
    expect(fromSchema).toEqual(MAX_LENGTH);
  });
});

describe("velocat's UDX schema", () => {
  it("declares exactly the extension elements the export writes and the import reads", () => {
    const declared = [...udx.matchAll(/<xsd:element name="(UDX\.[\w.]+)"/g)].map((m) => m[1]).sort();
    expect(declared).toEqual(
      [
        BMECAT_EXTENSIONS.blockOrder,
        BMECAT_EXTENSIONS.menuGroup,
        BMECAT_EXTENSIONS.symbol,
        BMECAT_EXTENSIONS.document,
        BMECAT_EXTENSIONS.documentSource,
        BMECAT_EXTENSIONS.documentPurpose,
        BMECAT_EXTENSIONS.documentLanguage,
        // The table's fields in our UDX (decision 058).
        ...ARTICLE_FIELD_LIST.flatMap((field) => (field.bmecat.in === "udx" ? [field.bmecat.element] : [])),
      ].sort(),
    );
  });

  it("gives the table's UDX fields the lengths the import keeps", () => {
    for (const field of ARTICLE_FIELD_LIST) {
      if (field.bmecat.in !== "udx" || field.maxLength === undefined) continue;
      const declared = udx.slice(udx.indexOf(`name="${field.bmecat.element}"`));
      expect(/<xsd:maxLength value="(\d+)"\/>/.exec(declared)?.[1], field.name).toBe(String(field.maxLength));
    }
  });

  it("allows every document purpose the site knows, and only those", () => {
    const purpose = udx.slice(udx.indexOf(`name="${BMECAT_EXTENSIONS.documentPurpose}"`), udx.indexOf(`name="${BMECAT_EXTENSIONS.documentLanguage}"`));
    const purposes: ArticleDocumentPurpose[] = ["manual", "data_sheet", "safety_data_sheet", "declaration", "others"];
    expect([...purpose.matchAll(/<xsd:enumeration value="(\w+)"/g)].map((m) => m[1]).sort()).toEqual([...purposes].sort());
    expect([...UDX_DOCUMENT_PURPOSES, ...MIME_DOCUMENT_PURPOSES].sort()).toEqual([...purposes].sort());
    for (const standard of MIME_DOCUMENT_PURPOSES) expect(declaration("element", "MIME_PURPOSE")).toContain(`<xsd:enumeration value="${standard}"/>`);
  });

  it("allows the menu groups and symbols the import accepts", () => {
    const menu = udx.slice(udx.indexOf(`name="${BMECAT_EXTENSIONS.menuGroup}"`), udx.indexOf(`name="${BMECAT_EXTENSIONS.symbol}"`));
    expect([...menu.matchAll(/<xsd:enumeration value="(\w+)"/g)].map((m) => m[1]).sort()).toEqual(Object.keys(brand.groups).sort());
    const symbol = /<xsd:pattern value="([^"]+)"/.exec(udx.slice(udx.indexOf(`name="${BMECAT_EXTENSIONS.symbol}"`)))?.[1];
    expect(`^${symbol}$`).toBe(SYMBOL_PATTERN.source);
  });

  it("redefines the official schema's UDX types rather than copying the schema", () => {
    expect(udx).toContain(`<xsd:redefine schemaLocation="bmecat_2005.xsd">`);
    expect(udx).toContain(`targetNamespace="${BMECAT_NAMESPACE}"`);
  });
});

describe("feature systems", () => {
  it("names ours without the underscore the schema's pattern refuses", () => {
    for (const name of [BMECAT_EXTENSIONS.primaryFeatureSystem, BMECAT_EXTENSIONS.secondaryFeatureSystem]) expect(name).toMatch(/^[A-Za-z0-9.-]{1,80}$/);
  });

  it("recognises the secondary features of today's exports and of older ones", () => {
    expect(isSecondaryFeatureSystem(BMECAT_EXTENSIONS.secondaryFeatureSystem)).toBe(true);
    expect(isSecondaryFeatureSystem("udf_velocat_secondary")).toBe(true);
    expect(isSecondaryFeatureSystem(" UDF-VELOCAT-SECONDARY-1.0 ")).toBe(true);
    expect(isSecondaryFeatureSystem(BMECAT_EXTENSIONS.primaryFeatureSystem)).toBe(false);
    expect(isSecondaryFeatureSystem("udf_velocat")).toBe(false);
    expect(isSecondaryFeatureSystem("ETIM-7.0")).toBe(false);
  });
});

describe("shorten", () => {
  it("leaves a text that fits alone", () => {
    expect(shorten("Klingel Ding", 12)).toBe("Klingel Ding");
  });

  it("cuts at the last word boundary and marks the cut", () => {
    expect(shorten("Scheinwerfer mit sehr langem Namen", 20)).toBe("Scheinwerfer mit…");
    expect(shorten("Lampe, hell, weiß und rund", 14)).toBe("Lampe, hell…");
  });

  it("cuts inside a word that is longer than half the room", () => {
    expect(shorten("Donaudampfschifffahrtsgesellschaftskapitän", 10)).toBe("Donaudamp…");
    expect(shorten("Set Donaudampfschifffahrtsgesellschaftskapitän", 20)).toBe("Set Donaudampfschif…");
  });

  it("counts characters as the schema does, not UTF-16 units", () => {
    expect(shorten("🚲".repeat(10), 10)).toBe("🚲".repeat(10));
    expect(shorten("🚲".repeat(11), 10)).toBe(`${"🚲".repeat(9)}…`);
    expect(characterCount("🚲ä")).toBe(2);
  });

  it("never returns more than the limit", () => {
    const words = ["a", "Rad", "Schutzblech", "🚲", "—", "Lenkerendstopfen", "  ", "x,"];
    for (let seed = 1; seed < 300; seed++) {
      const text = Array.from({ length: seed % 40 }, (_, i) => words[(seed * (i + 3)) % words.length]).join(" ");
      const max = 5 + (seed % 30);
      expect(characterCount(shorten(text, max))).toBeLessThanOrEqual(max);
    }
  });
});

describe("SchemaFit", () => {
  it("warns once per value that does not fit, at the line it is written on", () => {
    const problems = new Problems();
    let line = 7;
    const fit = new SchemaFit(problems, () => line);
    expect(fit.text("GROUP_NAME", "Kurz", "group 1")).toBe("Kurz");
    expect(fit.text("GROUP_NAME", `Schrauben ${"und Muttern ".repeat(5)}`, "group 2 (deu)")).toBe("Schrauben und Muttern und Muttern und Muttern und…");
    line = 9;
    const long = "P".repeat(33);
    expect(fit.id("SUPPLIER_PID", long)).toBe(long);
    expect(fit.id("PROD_ID", long)).toBe(long);
    expect(problems.warnings).toEqual([
      { line: 7, where: "GROUP_NAME", message: `group 2 (deu): 70 characters, the BMEcat schema allows 50: shortened at a word boundary, "…" marks the cut` },
      { line: 9, where: "SUPPLIER_PID", message: expect.stringMatching(/^"P{33}" has 33 characters, the BMEcat schema allows 32: written unchanged because other records refer to it/) },
    ]);
  });
});
