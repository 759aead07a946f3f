import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { type CatalogueExportSummary, exportCatalogue, formatExportSummary } from "./catalogue-export.server";
import { mediaDirectory } from "~/utils/media-directory.server";
import { validateBmecat } from "~/../tests/support/xmllint";
import { article, category, readBack, storeWithRows } from "~/../tests/support/export-catalogue";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const brand = shippedBrand();

/** Texts, names and part numbers longer than the BMEcat schema allows (decision 042). */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-export-limits-"));

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("values beyond the schema's limits", () => {
  const longDir = path.join(root, "long");
  const longFile = path.join(root, "long", "out", "lang.xml");
  const longTitle = `Scheinwerfer Lumen 80 mit Tagfahrlicht, Fernlicht und Standlicht, Halter für Lenker von 22,2 bis 35 mm, Akku mit USB-C-Ladebuchse und Anzeige des Ladestands`;
  const longName = "Beleuchtung, Reflektoren und Zubehör für Stadt- und Trekkingräder";
  let longDb: DB;
  let summary: CatalogueExportSummary;

  beforeAll(async () => {
    longDb = await storeWithRows(longDir, {
      categories: [
        category({ id: 2000, main_id: 2000, parent_id: null, position: 1, symbol: "cat_range", source_id: null, name_de: "Sortiment", name_en: "Range" }),
        // A symbol the import would not take (a dot): left out rather than written invalid.
        category({ id: 2001, main_id: 1962, parent_id: 2000, position: 1, symbol: "cat.lights", source_id: null, name_de: longName, name_en: "Lights" }),
        // GROUP_NAME is required: the id stands in.
        category({ id: 2002, main_id: 1963, parent_id: 2000, position: 2, symbol: "cat_nameless", source_id: null, name_de: "", name_en: "" }),
      ],
      articles: [article({ partno: "LX-80", category_id: 2001, position: 1, title_de: longTitle, title_en: "Headlight Lumen 80", prodcatname_de: "Scheinwerfer", prodcatname_en: "Headlight", price_cents: 8990 })],
      article_properties: [
        { partno: "LX-80", kind: "primary", position: 1, attribute_de: "Kompatibilität", value_de: "Alle Lenker von 22,2 mm bis 35 mm Durchmesser, auch ovale Aero-Lenker", attribute_en: "Fits", value_en: "All bars" },
        { partno: "LX-80", kind: "primary", position: 2, attribute_de: "Leuchtmittel", value_de: "", attribute_en: "Light source", value_en: "" },
      ],
    });
    summary = await exportCatalogue(longDb, { brand, file: longFile, siteMediaDir: mediaDirectory(longDir), log: () => {}, quiet: true });
  });

  afterAll(async () => {
    await longDb?.destroy();
  });

  it("shortens long texts at a word boundary, warns with the file's line, and stays valid", async () => {
    const shortened = summary.warnings.filter((w) => /shortened/.test(w.message));
    expect(shortened.map((w) => [w.where, w.message.slice(0, w.message.indexOf(":"))])).toEqual([
      ["GROUP_NAME", "group 2001 (deu)"],
      ["DESCRIPTION_SHORT", "LX-80 (deu)"],
      ["FVALUE", "LX-80 (deu)"],
    ]);
    const xmlLines = fs.readFileSync(longFile, "utf8").split("\n");
    for (const w of shortened) expect(xmlLines[(w.line ?? 0) - 1]).toContain(`<${w.where} lang="deu">`);
    expect(summary.warnings.find((w) => w.where === "FVALUE" && /no value/.test(w.message))?.message).toBe('LX-80: feature "Leuchtmittel" has no value in either language: left out');
    expect(summary.warnings.find((w) => w.where === "GROUP_NAME" && /no GROUP_NAME/.test(w.message))?.message).toBe('group 2002 has no GROUP_NAME in either language: its id "2002" is written instead');
    expect(formatExportSummary(summary)).toContain(`${longFile}:${shortened[1]?.line}: warning: DESCRIPTION_SHORT: LX-80 (deu): 156 characters, the BMEcat schema allows 150: shortened at a word boundary, "…" marks the cut`);
    expect(await validateBmecat(longFile)).toEqual({ valid: true, errors: [] });

    const { problems, groups, articles } = await readBack(longFile);
    expect(problems.errors).toEqual([]);
    expect(groups[1]).toMatchObject({ name: { de: "Beleuchtung, Reflektoren und Zubehör für Stadt…", en: "Lights" }, symbol: null });
    expect(groups[2]).toMatchObject({ sourceId: "2002", name: { de: "2002", en: "" }, symbol: "cat_nameless" });
    expect(articles[0]?.title.de).toBe("Scheinwerfer Lumen 80 mit Tagfahrlicht, Fernlicht und Standlicht, Halter für Lenker von 22,2 bis 35 mm, Akku mit USB-C-Ladebuchse und Anzeige des…");
    expect(articles[0]?.properties).toEqual([{ kind: "primary", attribute: { de: "Kompatibilität", en: "Fits" }, value: { de: "Alle Lenker von 22,2 mm bis 35 mm Durchmesser, auch ovale…", en: "All bars" } }]);
  });

  it("writes a part number longer than BMEcat allows unchanged, and says the file will not validate", async () => {
    const partno = "LX-80-SCHWARZ-MATT-STVZO-2025-EDITION";
    await longDb.insertInto("articles").values([article({ partno, category_id: 2001, position: 2, title_de: "Scheinwerfer schwarz matt", title_en: "", prodcatname_de: "", prodcatname_en: "", price_cents: null })]).execute();
    const invalid = await exportCatalogue(longDb, { brand, file: longFile, siteMediaDir: mediaDirectory(longDir), log: () => {}, quiet: true });
    expect(invalid.warnings.filter((w) => w.where === "SUPPLIER_PID").map((w) => w.message)).toEqual([
      `"${partno}" has 37 characters, the BMEcat schema allows 32: written unchanged because other records refer to it, so the file does not validate against the schema`,
    ]);
    const check = await validateBmecat(longFile);
    expect(check.valid).toBe(false);
    expect(check.errors).toHaveLength(2);
    for (const error of check.errors) expect(error).toMatch(/element (SUPPLIER_PID|PROD_ID): .*'maxLength'/);
    expect((await readBack(longFile)).articles.map((a) => a.partno)).toEqual(["LX-80", partno]);
  });
});
