import type { Insertable } from "kysely";
import { expect } from "vitest";
import { type DB, migrateToLatest } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { openTestDatabase } from "./test-store";
import type { ImportedArticle, ImportedGroup, ImportedGroupLink, ImportedHeader } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { readBmecat } from "~/import/bmecat-reader.server";
import { shippedBrandNames } from "./shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/*
 * What the export's tests share (app/export/catalogue-export.server*.test.ts): rows for a small
 * catalogue with the fields the tests do not care about filled in, and the import's own reader to
 * read an exported file back.
 */

export const category = (c: { id: number; main_id: number; parent_id: number | null; position: number; symbol: string; source_id: string | null; name_de: string; name_en: string; description_de?: string; description_en?: string }) => ({
  shop_id: 37,
  description_de: "",
  description_en: "",
  ...c,
});

export const article = (a: { partno: string; category_id: number; position: number; title_de: string; title_en: string; prodcatname_de: string; prodcatname_en: string; description_de?: string | null; description_en?: string | null; price_cents: number | null }) => ({
  description_de: null,
  description_en: null,
  content_hash: null,
  ...a,
});

/** The tables a test catalogue fills, in an order their foreign keys accept. */
const TABLES = ["categories", "articles", "article_eans", "article_media", "article_properties", "article_relations", "blocks"] as const;
type CatalogueTable = (typeof TABLES)[number];

/** A test catalogue's rows: categories always (the articles need them), any other table as the test needs. */
export type CatalogueRows = { categories: readonly ReturnType<typeof category>[] } & { [T in Exclude<CatalogueTable, "categories">]?: readonly Insertable<Database[T]>[] };

/** A new store in `dir` holding these rows and nothing else. */
export async function storeWithRows(dir: string, rows: CatalogueRows): Promise<DB> {
  const db = await openTestDatabase(dir, { seeded: false });
  await migrateToLatest(db);
  for (const table of TABLES) {
    const values = rows[table];
    // CatalogueRows ties each table to its rows; insertInto cannot follow that through a loop over the tables.
    if (values && values.length > 0) await db.insertInto(table).values([...values] as Insertable<Database[CatalogueTable]>[]).execute();
  }
  return db;
}

/** An exported file as the import's reader sees it. */
export async function readBack(xmlFile: string) {
  const problems = new Problems();
  const groups: ImportedGroup[] = [];
  const articles: ImportedArticle[] = [];
  const mappings: { partno: string; link: ImportedGroupLink }[] = [];
  let header: ImportedHeader | undefined;
  await readBmecat({
    brand: makerBrand,
    file: xmlFile,
    problems,
    sink: {
      header: (h) => (header = h),
      group: (g) => groups.push(g),
      article: (a) => void articles.push(a),
      mapping: (partno, link) => void mappings.push({ partno, link }),
    },
  });
  return { problems, header, groups, articles, mappings };
}

/** Any line number: the reader's lines are checked where they matter, not in every record. */
export const line = expect.any(Number);
