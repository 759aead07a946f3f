import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest } from "~/db/database.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { readBmecat } from "./bmecat-reader.server";
import { BMECAT_EXTENSIONS } from "~/exchange/bmecat-extensions";
import { ARTICLE_FIELD_COLUMNS } from "~/exchange/article-fields";
import { EMPTY_ARTICLE, type ImportedArticle, type ImportedHeader } from "~/exchange/catalogue-model";
import { importCatalogue } from "./catalogue-import.server";
import { articleContent, finalArticle } from "./catalogue-plan.server";
import { Problems } from "~/exchange/import-report";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/** Delta transactions (decision 038): reading them, the one hash rule, and applying them in-process. */
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-delta-unit-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function read(file: string) {
  const problems = new Problems();
  const articles: ImportedArticle[] = [];
  let header: ImportedHeader | null = null;
  await readBmecat({
    brand: makerBrand,
    file,
    problems,
    sink: { header: (h) => (header = h), group: () => undefined, article: (a) => void articles.push(a), mapping: () => undefined },
  });
  return { problems, articles, header: header as ImportedHeader | null };
}

function write(name: string, text: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("reading deltas", () => {
  it("knows the transaction and each product's mode; a deletion and a price update need no title", async () => {
    const products = await read(path.join(fixtures, "delta-products.xml"));
    expect(products.problems.errors).toEqual([]);
    expect(products.header?.transaction).toBe("T_UPDATE_PRODUCTS");
    expect(products.articles.map((a) => [a.partno, a.mode])).toEqual([
      ["LX-200", "update"],
      ["BL-1", "delete"],
      ["HU-7", "new"],
      ["GHOST-1", "update"],
      ["GONE-1", "delete"],
    ]);
    const prices = await read(path.join(fixtures, "delta-prices.xml"));
    expect(prices.problems.errors).toEqual([]);
    expect(prices.header?.transaction).toBe("T_UPDATE_PRICES");
    expect(prices.articles.map((a) => [a.partno, a.priceCents])).toEqual([
      ["LX-100", 3995],
      ["NOPE-9", 100],
    ]);
    const whole = await read(path.join(fixtures, "catalogue-2005.xml"));
    expect(whole.header?.transaction).toBe("T_NEW_CATALOG");
    expect(whole.articles.every((a) => a.mode === "new")).toBe(true);
  });

  it("reads the real T_UPDATE_PRODUCTS and T_UPDATE_PRICES files of a BMEcat library (1.2, ARTICLE)", async () => {
    const products = await read(path.join(fixtures, "real-delta/olivere-1.2-update-products.xml"));
    expect(products.header?.transaction).toBe("T_UPDATE_PRODUCTS");
    expect(products.articles.map((a) => [a.partno, a.mode])).toEqual([
      ["1000", "update"],
      ["2000", "delete"],
    ]);
    expect(products.articles[0]?.title.de).toBe('Apple MacBook Pro 13"');
    expect(products.problems.errors.filter((e) => /title/.test(e.message))).toEqual([]);
    const prices = await read(path.join(fixtures, "real-delta/olivere-1.2-update-prices.xml"));
    expect(prices.header?.transaction).toBe("T_UPDATE_PRICES");
    expect(prices.problems.errors).toEqual([]);
    // Only net_customer prices: none the site shows.
    expect(prices.articles.map((a) => [a.partno, a.priceCents])).toEqual([["1000", null]]);
  });

  it("warns about a mode the standard does not know, and about a deletion inside a whole catalogue", async () => {
    const delta = await read(write("odd-mode.xml", fs.readFileSync(path.join(fixtures, "delta-products.xml"), "utf8").replace('<PRODUCT mode="new">', '<PRODUCT mode="upsert">')));
    expect(delta.articles.find((a) => a.partno === "HU-7")?.mode).toBe("update");
    expect(delta.problems.warnings.map((w) => w.message)).toContain('HU-7: mode "upsert" is not new, update or delete: read as update');
    const whole = await read(write("delete-in-whole.xml", fs.readFileSync(path.join(fixtures, "catalogue-2005.xml"), "utf8").replace(/<PRODUCT mode="new">(\s*<SUPPLIER_PID>BL-1)/, '<PRODUCT mode="delete">$1')));
    expect(whole.articles.map((a) => a.partno)).toEqual(["LX-100", "LX-200"]);
    expect(whole.problems.warnings.some((w) => /BL-1: mode "delete" in a whole catalogue/.test(w.message))).toBe(true);
  });
});

describe("the content hash", () => {
  const article: ImportedArticle = {
    ...EMPTY_ARTICLE,
    partno: "LX-100",
    line: 1,
    title: { de: "Scheinwerfer", en: "Headlight" },
    description: { de: "Hell", en: null },
    prodcatname: null,
    eans: ["4260123456788"],
    priceCents: 4995,
    images: [{ source: "a.jpg", line: 2 }],
    properties: [
      { kind: "secondary", attribute: { de: "Gewicht", en: "Weight" }, value: { de: "90 g", en: "90 g" } },
      { kind: "primary", attribute: { de: "Farbe", en: "Colour" }, value: { de: "schwarz", en: "black" } },
    ],
    references: [
      { kind: "sparepart", target: "BL-1", line: 3 },
      { kind: "accessory", target: "LX-200", line: 4 },
      { kind: "sparepart", target: "BL-2", line: 5 },
    ],
    groups: [],
    blockOrder: null,
    mode: "new",
  };
  const options = { imagename: (s: string) => s.replace(/\.jpg$/, ""), categoryName: () => ({ de: "Licht", en: "Lights" }), exists: () => true, problems: new Problems() };

  it("is the same for a product from the file and the same product rebuilt from its rows in any order", () => {
    const { final } = finalArticle(article, { categoryId: 7, position: 2, also: [] }, options);
    // Rows as a database returns them: columns in another order, child rows grouped per kind.
    const { content_hash: _hash, ...row } = final.row;
    const shuffled = Object.fromEntries(Object.entries(row).reverse()) as typeof row;
    const rebuilt = articleContent({
      row: shuffled,
      eans: final.eans,
      media: final.media.map((m) => ({ imagename: m.imagename, type: m.type })),
      properties: final.properties.map((p) => ({ value_en: p.value_en, attribute_en: p.attribute_en, value_de: p.value_de, attribute_de: p.attribute_de, kind: p.kind })),
      relations: [...final.relations].sort((a, b) => a.kind.localeCompare(b.kind)).map((r) => ({ target_partno: r.target_partno, kind: r.kind })),
      also: [],
    });
    expect(rebuilt.row.content_hash).toBe(final.row.content_hash);
    expect(final.relations.map((r) => r.target_partno)).toEqual(["LX-200", "BL-1", "BL-2"]);
  });

  it("keeps the hashes earlier imports stored (the same JSON as before, for references already grouped by kind)", () => {
    const grouped = { ...article, references: article.references.filter((r) => r.target !== "BL-2").reverse() };
    const { final } = finalArticle(grouped, { categoryId: 7, position: 2, also: [] }, options);
    // The table's columns (migration 0011 and later) are left out of the JSON while they are empty (decisions 050, 058).
    const { content_hash, ...full } = final.row;
    const row = Object.fromEntries(Object.entries(full).filter(([column]) => !(ARTICLE_FIELD_COLUMNS as string[]).includes(column)));
    const before = createHash("sha256").update(JSON.stringify({ row, eans: final.eans, media: final.media, properties: final.properties, relations: final.relations })).digest("base64url").slice(0, 22);
    expect(content_hash).toBe(before);
  });
});

/** A small BMEcat 2005 file: groups A and B; products with an optional group and block mark. */
function bmecat(transaction: string, products: { id: string; mode?: string; title?: string; group?: string; mark?: number }[], withGroups = transaction === "T_NEW_CATALOG"): string {
  const groups = withGroups
    ? `<CATALOG_GROUP_SYSTEM><CATALOG_STRUCTURE type="root"><GROUP_ID>R</GROUP_ID><GROUP_NAME>Alles</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>
<CATALOG_STRUCTURE type="leaf"><GROUP_ID>A</GROUP_ID><GROUP_NAME>Gruppe A</GROUP_NAME><PARENT_ID>R</PARENT_ID><GROUP_ORDER>1</GROUP_ORDER></CATALOG_STRUCTURE>
<CATALOG_STRUCTURE type="leaf"><GROUP_ID>B</GROUP_ID><GROUP_NAME>Gruppe B</GROUP_NAME><PARENT_ID>R</PARENT_ID><GROUP_ORDER>2</GROUP_ORDER></CATALOG_STRUCTURE></CATALOG_GROUP_SYSTEM>\n`
    : "";
  const body = products
    .map(
      (p) => `<PRODUCT mode="${p.mode ?? "new"}"><SUPPLIER_PID>${p.id}</SUPPLIER_PID>${p.mode === "delete" ? "" : `<PRODUCT_DETAILS><DESCRIPTION_SHORT>${p.title ?? `Teil ${p.id}`}</DESCRIPTION_SHORT></PRODUCT_DETAILS>`}${
        p.mark ? `<USER_DEFINED_EXTENSIONS><${BMECAT_EXTENSIONS.blockOrder}>${p.mark}</${BMECAT_EXTENSIONS.blockOrder}></USER_DEFINED_EXTENSIONS>` : ""
      }${p.group ? `<PRODUCT_TO_CATALOGGROUP_MAP><CATALOG_GROUP_ID>${p.group}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>` : ""}</PRODUCT>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>t</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION></CATALOG></HEADER>
<${transaction}>
${groups}${body}
</${transaction}></BMECAT>\n`;
}

describe("applying a delta in-process", () => {
  const dataDir = path.join(scratch, "data");
  let db: DB;
  const run = (file: string, dryRun = false) =>
    importCatalogue(db, { brand: makerBrand, file, dryRun, dataDir, siteMediaDir: path.join(dataDir, "media"), log: () => undefined, quiet: true });
  const state = async () => ({
    articles: await db.selectFrom("articles").select(["partno", "category_id", "position", "title_de", "content_hash"]).orderBy("category_id").orderBy("position").execute(),
    blocks: await db.selectFrom("blocks").select(["category_id", "partno", "position"]).orderBy("id").execute(),
  });

  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    db = await openTestDatabase(dataDir, { seeded: false });
    await migrateToLatest(db);
  });
  afterAll(async () => db.destroy());

  it("moves products between categories, closes gaps, keeps marked blocks, and matches a later full import", async () => {
    const first = await run(write("first.xml", bmecat("T_NEW_CATALOG", [
      { id: "P1", group: "A", mark: 2 },
      { id: "P2", group: "A", mark: 1 },
      { id: "P3", group: "A" },
      { id: "P4", group: "B" },
    ])));
    expect(first.errors).toEqual([]);
    const delta = await run(write("delta.xml", bmecat("T_UPDATE_PRODUCTS", [
      // Moved to B, no longer featured.
      { id: "P1", mode: "update", group: "B" },
      // No mapping: stays where it is; featured now.
      { id: "P3", mode: "update", title: "Teil P3 neu", mark: 1 },
      { id: "P5", mode: "new", group: "A" },
    ])));
    expect(delta.errors).toEqual([]);
    expect(delta.warnings).toEqual([]);
    // P1 and P3 from the file, P2 moved up into P1's place.
    expect(delta.counts.articles).toEqual({ added: 1, changed: 3, removed: 0, unchanged: 0 });
    const after = await state();
    const ids = new Map((await db.selectFrom("categories").select(["id", "source_id"]).execute()).map((c) => [c.id, c.source_id]));
    expect(after.articles.map((a) => [ids.get(a.category_id), a.partno, a.position])).toEqual([
      ["A", "P2", 1],
      ["A", "P3", 2],
      ["A", "P5", 3],
      ["B", "P4", 1],
      ["B", "P1", 2],
    ]);
    expect(after.blocks.map((b) => b.partno)).toEqual(["P2", "P3"]);

    const full = await run(write("full.xml", bmecat("T_NEW_CATALOG", [
      { id: "P2", group: "A", mark: 1 },
      { id: "P3", group: "A", title: "Teil P3 neu", mark: 2 },
      { id: "P5", group: "A" },
      { id: "P4", group: "B" },
      { id: "P1", group: "B" },
    ])));
    expect(full.errors).toEqual([]);
    expect(full.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 5 });
    expect(full.applied).toBe(false);
    expect(await state()).toEqual(after);
  });

  it("deletes products and closes the gap, so a later full import matches too", async () => {
    const delta = await run(write("delete.xml", bmecat("T_UPDATE_PRODUCTS", [{ id: "P2", mode: "delete" }])));
    expect(delta.errors).toEqual([]);
    expect(delta.counts.articles).toEqual({ added: 0, changed: 2, removed: 1, unchanged: 0 });
    const after = await state();
    expect(after.articles.filter((a) => a.partno !== "P1" && a.partno !== "P4").map((a) => [a.partno, a.position])).toEqual([
      ["P3", 1],
      ["P5", 2],
    ]);
    const full = await run(write("full-2.xml", bmecat("T_NEW_CATALOG", [
      { id: "P3", group: "A", title: "Teil P3 neu", mark: 2 },
      { id: "P5", group: "A" },
      { id: "P4", group: "B" },
      { id: "P1", group: "B" },
    ])));
    expect(full.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 4 });
    expect(await state()).toEqual(after);
  });

  it("leaves out an update for a group the catalogue lacks, keeping the product where it is", async () => {
    const before = await state();
    const delta = await run(write("unknown-group.xml", bmecat("T_UPDATE_PRODUCTS", [{ id: "P5", mode: "update", group: "ZZ" }])));
    expect(delta.errors).toEqual([]);
    expect(delta.warnings.map((w) => w.message)).toEqual(["P5 → ZZ: mapped to a group the catalogue does not have: the mapping is left out"]);
    expect(delta.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 1 });
    expect(await state()).toEqual(before);
  });
});
