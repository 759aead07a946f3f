import { plainRetailPrices } from "~/exchange/retail-price";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest } from "~/db/database.server";
import { EMPTY_ARTICLE } from "~/import/bmecat-reader.server";
import { type CatalogueExportSummary, defaultMediaDir, exportCatalogue, mimeRootFor } from "./catalogue-export.server";
import { formatPrice } from "./bmecat-writer.server";
import { mediaDirectory } from "~/utils/media-directory.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { validateBmecat } from "~/../tests/support/xmllint";
import { article, category, line, readBack, storeWithRows } from "~/../tests/support/export-catalogue";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const brand = shippedBrand();

/**
 * A tiny catalogue with every kind of field, exported and read back by the import's own reader:
 * what the reader gets must be what the database holds.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-export-"));
const dataDir = path.join(root, "data");
const file = path.join(root, "out", "katalog.xml");
let db: DB;

function picture(relative: string, content: string): void {
  const target = path.join(dataDir, "media", relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
}

beforeAll(async () => {
  db = await storeWithRows(dataDir, {
    categories: [
      category({ id: 1000, main_id: 1000, parent_id: null, position: 1, symbol: "cat_range", source_id: null, name_de: "VIVA Sortiment", name_en: "VIVA range", description_de: "Alles für's Rad & mehr", description_en: "Everything for the bike" }),
      category({ id: 1001, main_id: 1962, parent_id: 1000, position: 2, symbol: "cat_lights", source_id: "LICHT", name_de: "Licht", name_en: "Lights" }),
    category({ id: 1101, main_id: 1962, parent_id: 1001, position: 1, symbol: "cat_front", source_id: null, name_de: "Frontlichter", name_en: "", description_de: "Nur deutsch" }),
      category({ id: 1002, main_id: 1963, parent_id: 1000, position: 1, symbol: "cat_bells", source_id: null, name_de: "Klingeln", name_en: "Bells" }),
    ],
    articles: [
      article({
        partno: "LX-1",
        category_id: 1101,
        position: 1,
        // The control character cannot be written in XML 1.0: it is left out.
        title_de: "Scheinwerfer „Lumen“ 40 & Co\u0001",
        title_en: "Headlight 'Lumen' 40",
        prodcatname_de: "Scheinwerfer",
        prodcatname_en: "Headlight",
        description_de: "Hell.\nMit Standlicht.",
        price_cents: 4995,
      }),
      article({ partno: "LX-2", category_id: 1101, position: 2, title_de: "Rücklicht Rubin", title_en: "", prodcatname_de: "Rücklicht", prodcatname_en: "", price_cents: null }),
      article({ partno: "BL-1", category_id: 1002, position: 1, title_de: "Klingel Ding", title_en: "Bell Ding", prodcatname_de: "Klingeln", prodcatname_en: "Bells", description_de: "Laut", description_en: "Loud", price_cents: 1250 }),
    ],
    article_eans: [
      { partno: "LX-1", position: 1, ean: "4006381333931" },
      { partno: "LX-1", position: 2, ean: "4260123456788" },
      { partno: "BL-1", position: 1, ean: "4260123456795" },
    ],
    article_media: [
      { partno: "LX-1", position: 1, type: "Bild", imagename: "LX-1_1" },
      { partno: "LX-1", position: 2, type: "Bild", imagename: "LX-1_gone" },
      { partno: "LX-1", position: 3, type: "Bild", imagename: "LX-1_2" },
      { partno: "BL-1", position: 1, type: "Bild", imagename: "BL-1_1" },
    ],
    article_properties: [
      { partno: "LX-1", kind: "primary", position: 1, attribute_de: "Farbe", value_de: "Schwarz", attribute_en: "Colour", value_en: "Black" },
      { partno: "LX-1", kind: "primary", position: 2, attribute_de: "Lichtstärke", value_de: "40 lx", attribute_en: "", value_en: "" },
      { partno: "LX-1", kind: "secondary", position: 1, attribute_de: "Garantie", value_de: "5 Jahre", attribute_en: "Warranty", value_en: "5 years" },
      { partno: "BL-1", kind: "secondary", position: 1, attribute_de: "Ton", value_de: "<hell>", attribute_en: "Tone", value_en: "bright" },
    ],
    article_relations: [
      { partno: "LX-1", kind: "accessory", position: 1, target_partno: "LX-2" },
      { partno: "LX-1", kind: "sparepart", position: 1, target_partno: "BL-1" },
    ],
    blocks: [
      { id: 1, category_id: 1101, partno: "LX-2", position: 1 },
      { id: 2, category_id: 1101, partno: "LX-1", position: 2 },
      // An article of another category: BMEcat cannot say so.
      { id: 3, category_id: 1002, partno: "LX-1", position: 1 },
    ],
  });
  picture("shop/images/LX-1_1.jpg", "jpeg LX-1 front");
  picture("shop/images/LX-1_2.jpg", "jpeg LX-1 back");
  picture("shop/images/BL-1_1.jpg", "jpeg BL-1");
  picture("categories/cat_range_440x440.jpg", "tile range 440");
  picture("categories/cat_range_Desktop_220x220.jpg", "tile range 220");
  picture("categories/cat_lights_Desktop_220x220.jpg", "tile lights 220");
  picture("categories/cat_bells_440x440.jpg", "tile bells 440");
});

afterAll(async () => {
  await db?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});


describe("exportCatalogue", () => {
  let summary: CatalogueExportSummary;
  beforeAll(async () => {
    summary = await exportCatalogue(db, { brand, file, siteMediaDir: mediaDirectory(dataDir), log: () => {}, quiet: true });
  });

  it("writes the file and its pictures beside it, and says what it did", () => {
    expect(summary).toMatchObject({
      file,
      mediaDir: path.join(root, "out", "katalog-media"),
      mimeRoot: "katalog-media/",
      groups: 4,
      products: 3,
      pictures: { copied: 6, unchanged: 0, missing: 2 },
      bytes: fs.statSync(file).size,
    });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^category cat_front has no tile picture/),
      expect.stringMatching(/^LX-1: picture LX-1_gone\.jpg is missing/),
      "1 featured blocks show an article of another category: BMEcat has no place for them, they are left out",
    ]);
    const media = path.join(root, "out", "katalog-media");
    expect(fs.readFileSync(path.join(media, "LX-1_2.jpg"), "utf8")).toBe("jpeg LX-1 back");
    expect(fs.readFileSync(path.join(media, "categories", "cat_range_440x440.jpg"), "utf8")).toBe("tile range 440");
    expect(fs.readFileSync(path.join(media, "categories", "cat_lights_Desktop_220x220.jpg"), "utf8")).toBe("tile lights 220");
    expect(fs.existsSync(path.join(media, "categories", "cat_range_Desktop_220x220.jpg"))).toBe(false);
    const xml = fs.readFileSync(file, "utf8");
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005fd">`)).toBe(true);
    expect(xml).not.toContain("\u0001");
  });

  it("validates against the official BMEcat 2005 schema and velocat's UDX schema", async () => {
    expect(await validateBmecat(file)).toEqual({ valid: true, errors: [] });
  });

  it("is read back by the import's reader field by field", async () => {
    const { problems, header, groups, articles, mappings } = await readBack(file);
    expect(problems.errors).toEqual([]);
    expect(problems.warnings).toEqual([]);
    expect(header).toEqual({ version: "2005", catalogName: { de: "VIVA Sortiment", en: "VIVA range" }, mimeRoot: "katalog-media/", transaction: "T_NEW_CATALOG" });

    const image = (source: string) => ({ source, line });
    // What the groups below share: a child of the range without a description, menu group or picture.
    const group = (g: { sourceId: string; name: { de: string; en: string }; order: number; symbol: string } & Record<string, unknown>) => ({
      parentSourceId: "1000",
      description: { de: "", en: "" },
      image: null,
      menuGroup: null,
      line,
      ...g,
    });
    expect(groups).toEqual([
      group({
        sourceId: "1000",
        parentSourceId: null,
        name: { de: "VIVA Sortiment", en: "VIVA range" },
        description: { de: "Alles für's Rad & mehr", en: "Everything for the bike" },
        order: 1,
        image: image("categories/cat_range_440x440.jpg"),
        symbol: "cat_range",
      }),
      group({ sourceId: "1002", name: { de: "Klingeln", en: "Bells" }, order: 1, image: image("categories/cat_bells_440x440.jpg"), menuGroup: "accessories", symbol: "cat_bells" }),
      group({ sourceId: "LICHT", name: { de: "Licht", en: "Lights" }, order: 2, image: image("categories/cat_lights_Desktop_220x220.jpg"), menuGroup: "parts", symbol: "cat_lights" }),
      group({ sourceId: "1101", parentSourceId: "LICHT", name: { de: "Frontlichter", en: "" }, description: { de: "Nur deutsch", en: "" }, order: 1, symbol: "cat_front" }),
    ]);

    expect(articles).toEqual([
      {
        ...EMPTY_ARTICLE,
        partno: "BL-1",
        line,
        title: { de: "Klingel Ding", en: "Bell Ding" },
        description: { de: "Laut", en: "Loud" },
        prodcatname: { de: "Klingeln", en: "Bells" },
        eans: ["4260123456795"],
        priceCents: 1250,
        prices: plainRetailPrices(1250),
        images: [image("BL-1_1.jpg")],
        properties: [{ kind: "secondary", attribute: { de: "Ton", en: "Tone" }, value: { de: "<hell>", en: "bright" } }],
        references: [],
        groups: [],
        blockOrder: null,
        mode: "new",
        manufacturer: null,
        safety: { de: null, en: null },
        documents: [],
      },
      {
        ...EMPTY_ARTICLE,
        partno: "LX-1",
        line,
        title: { de: "Scheinwerfer „Lumen“ 40 & Co", en: "Headlight 'Lumen' 40" },
        description: { de: "Hell.\nMit Standlicht.", en: null },
        prodcatname: { de: "Scheinwerfer", en: "Headlight" },
        eans: ["4006381333931", "4260123456788"],
        priceCents: 4995,
        prices: plainRetailPrices(4995),
        images: [image("LX-1_1.jpg"), image("LX-1_2.jpg")],
        properties: [
          { kind: "primary", attribute: { de: "Farbe", en: "Colour" }, value: { de: "Schwarz", en: "Black" } },
          { kind: "primary", attribute: { de: "Lichtstärke", en: "" }, value: { de: "40 lx", en: "" } },
          { kind: "secondary", attribute: { de: "Garantie", en: "Warranty" }, value: { de: "5 Jahre", en: "5 years" } },
        ],
        references: [
          { kind: "accessory", target: "LX-2", line },
          { kind: "sparepart", target: "BL-1", line },
        ],
        groups: [],
        blockOrder: 2,
        mode: "new",
        manufacturer: null,
        safety: { de: null, en: null },
        documents: [],
      },
      {
        ...EMPTY_ARTICLE,
        partno: "LX-2",
        line,
        title: { de: "Rücklicht Rubin", en: "" },
        description: { de: null, en: null },
        prodcatname: { de: "Rücklicht", en: "" },
        blockOrder: 1,
        mode: "new",
      },
    ]);

    expect(mappings).toEqual([
      { partno: "BL-1", link: { sourceId: "1002", order: 1, line } },
      { partno: "LX-1", link: { sourceId: "1101", order: 1, line } },
      { partno: "LX-2", link: { sourceId: "1101", order: 2, line } },
    ]);
  });

  it("reads files that exports before the schema fix wrote as it reads today's", async () => {
    const legacy = path.join(root, "out", "legacy.xml");
    const old = fs
      .readFileSync(file, "utf8")
      .replace("http://www.bmecat.org/bmecat/2005fd", "http://www.bmecat.org/bmecat/2005")
      .replaceAll(">udf-velocat-secondary-1.0<", ">udf_velocat_secondary<")
      .replaceAll(">udf-velocat-1.0<", ">udf_velocat<");
    expect(old).toContain(">udf_velocat_secondary<");
    fs.writeFileSync(legacy, old);
    const [then, now] = [await readBack(legacy), await readBack(file)];
    expect(then.problems.errors).toEqual([]);
    expect(then.articles).toEqual(now.articles);
    expect(then.articles.flatMap((a) => a.properties).filter((p) => p.kind === "secondary")).toHaveLength(2);
    fs.rmSync(legacy);
  });

  it("writes the same bytes again and copies no picture twice", async () => {
    const first = fs.readFileSync(file);
    const again = await exportCatalogue(db, { brand, file, siteMediaDir: mediaDirectory(dataDir), log: () => {}, quiet: true });
    expect(fs.readFileSync(file).equals(first)).toBe(true);
    expect(again.pictures).toEqual({ copied: 0, unchanged: 6, missing: 2 });
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(["katalog-media", "katalog.xml"]);
  });

  it("puts the pictures where --media says, and names that folder in MIME_ROOT", async () => {
    const elsewhere = path.join(root, "bilder", "viva");
    const other = await exportCatalogue(db, { brand, file: path.join(root, "out", "b.xml"), mediaDir: elsewhere, siteMediaDir: mediaDirectory(dataDir), log: () => {}, quiet: true });
    expect(other.mimeRoot).toBe("../bilder/viva/");
    expect(fs.existsSync(path.join(elsewhere, "BL-1_1.jpg"))).toBe(true);
    expect((await readBack(path.join(root, "out", "b.xml"))).header?.mimeRoot).toBe("../bilder/viva/");
  });

  it("refuses an empty catalogue and a folder as the file", async () => {
    await expect(exportCatalogue(db, { brand, file: root, siteMediaDir: mediaDirectory(dataDir), log: () => {}, quiet: true })).rejects.toThrow(/is a folder/);
    const emptyDir = path.join(root, "empty");
    fs.mkdirSync(emptyDir, { recursive: true });
    const empty = await openTestDatabase(emptyDir, { seeded: false });
    await migrateToLatest(empty);
    try {
      await expect(exportCatalogue(empty, { brand, file: path.join(root, "none.xml"), siteMediaDir: mediaDirectory(emptyDir), log: () => {}, quiet: true })).rejects.toThrow(/no categories/);
      expect(fs.existsSync(path.join(root, "none.xml"))).toBe(false);
    } finally {
      await empty.destroy();
    }
  });
});

describe("helpers", () => {
  it("names the default media folder after the file", () => {
    expect(defaultMediaDir("/x/export.xml")).toBe("/x/export-media");
    expect(defaultMediaDir("/x/katalog.2024.xml")).toBe("/x/katalog.2024-media");
  });

  it("gives MIME_ROOT relative to the file's folder", () => {
    expect(mimeRootFor("/x/export.xml", "/x/export-media")).toBe("export-media/");
    expect(mimeRootFor("/x/export.xml", "/x")).toBe("");
    expect(mimeRootFor("/x/a/export.xml", "/y/bilder")).toBe("../../y/bilder/");
  });

  it("formats prices in euros with two decimals", () => {
    expect(formatPrice(4995)).toBe("49.95");
    expect(formatPrice(5)).toBe("0.05");
    expect(formatPrice(100000)).toBe("1000.00");
    expect(formatPrice(1005)).toBe("10.05");
  });
});
