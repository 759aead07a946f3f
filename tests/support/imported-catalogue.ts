import { randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import { setMeta } from "~/models/app-meta.server";

/** An article of the edited catalogue, as the tests look for it. */
export interface SampleArticle {
  partno: string;
  /** The deep link (path names unencoded, as the pages write them). */
  href: string;
  titleDe: string;
}

export interface ImportedCatalogue {
  /** The category made German only: English name and description empty, like a German-only BMEcat. */
  category: { nameDe: string; href: string };
  /** In that category: no English texts, no price; two accessories and one spare part that resolve, one that does not. */
  germanOnly: SampleArticle & { attributeEn: string };
  accessories: SampleArticle[];
  spareParts: SampleArticle[];
  /** A fully translated article with a price and one accessory. */
  translated: SampleArticle & { accessory: SampleArticle };
}

async function articlesIn(db: DB, categoryNameDe: string, count: number): Promise<SampleArticle[]> {
  const rows = await db
    .selectFrom("articles")
    .innerJoin("categories", "categories.id", "articles.category_id")
    .select(["articles.partno", "articles.title_de", "categories.name_de"])
    .where("categories.name_de", "=", categoryNameDe)
    .orderBy("articles.position")
    .orderBy("articles.partno")
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`The demo category ${categoryNameDe} has fewer than ${count} articles`);
  return rows.map((r) => ({ partno: r.partno, href: `/products/articles/${r.name_de.replace(/\s+/g, "-")}/${r.partno}`, titleDe: r.title_de }));
}

function first<T>(list: readonly T[], what: string): T {
  const [item] = list;
  if (item === undefined) throw new Error(`No ${what} in the demo data`);
  return item;
}

/**
 * Turns a seeded demo database into what an import of a German-only catalogue without retail prices
 * and with accessories and spare parts leaves behind (empty English columns, null prices, rows in
 * article_relations), and changes the data version so a running server drops what it remembered.
 * The demo data has none of this; the pages must handle it all the same.
 */
export async function makeImportedCatalogue(db: DB): Promise<ImportedCatalogue> {
  const nameDe = "Kettenschlösser";
  const category = await db.selectFrom("categories").select(["id"]).where("name_de", "=", nameDe).executeTakeFirstOrThrow();
  const [main, sibling] = await articlesIn(db, nameDe, 2);
  if (!main || !sibling) throw new Error(`${nameDe} needs two articles`);
  const uLock = first(await articlesIn(db, "Bügelschlösser", 1), "U lock");
  const combination = first(await articlesIn(db, "Zahlenschlösser", 1), "combination lock");
  const [bell, grip] = [first(await articlesIn(db, "Klingeln", 1), "bell"), first(await articlesIn(db, "Lenkergriffe", 1), "grip")];

  await db.updateTable("categories").set({ name_en: "", description_en: "" }).where("id", "=", category.id).execute();
  await db
    .updateTable("articles")
    .set({ title_en: "", description_en: null, prodcatname_en: "", price_cents: null })
    .where("category_id", "=", category.id)
    .execute();
  const partnos = (await db.selectFrom("articles").select("partno").where("category_id", "=", category.id).execute()).map((r) => r.partno);
  await db.updateTable("article_properties").set({ attribute_en: "", value_en: "" }).where("partno", "in", partnos).execute();
  // One property keeps its English attribute name: only its value is German.
  const property = await db
    .selectFrom("article_properties")
    .selectAll()
    .where("partno", "=", main.partno)
    .where("kind", "=", "primary")
    .where("attribute_de", "not in", ["Artikelgruppe", "Marke"])
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const attributeEn = `${property.attribute_de} (EN)`;
  await db
    .updateTable("article_properties")
    .set({ attribute_en: attributeEn })
    .where("partno", "=", main.partno)
    .where("kind", "=", property.kind)
    .where("position", "=", property.position)
    .execute();

  await db
    .insertInto("article_relations")
    .values([
      { partno: main.partno, kind: "accessory", position: 1, target_partno: sibling.partno },
      { partno: main.partno, kind: "accessory", position: 2, target_partno: uLock.partno },
      { partno: main.partno, kind: "sparepart", position: 1, target_partno: combination.partno },
      // A reference whose article is no longer in the catalogue: left out, not an error.
      { partno: main.partno, kind: "sparepart", position: 2, target_partno: "XX-GONE" },
      { partno: bell.partno, kind: "accessory", position: 1, target_partno: grip.partno },
    ])
    .execute();
  await setMeta(db, "data_version", `imported-${randomBytes(4).toString("hex")}`);

  return {
    category: { nameDe, href: `/products/articles/${nameDe}` },
    germanOnly: { ...main, attributeEn },
    accessories: [sibling, uLock],
    spareParts: [combination],
    translated: { ...bell, accessory: grip },
  };
}
