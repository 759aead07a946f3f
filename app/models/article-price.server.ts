import type { Kysely, Transaction } from "kysely";
import type { ArticlePriceTable, Database } from "~/db/schema";

// The article_prices table (migration 0016, decision 075): an article's kept retail prices, as rows;
// app/exchange/retail-price.ts turns them into prices and back.

const PER_QUERY = 500;

export type ArticlePriceRow = ArticlePriceTable;

/** The rows of `partnos`, each list in position order; an article without rows is absent. */
export async function priceRowsOf(db: Kysely<Database> | Transaction<Database>, partnos: readonly string[]): Promise<Map<string, ArticlePriceRow[]>> {
  const result = new Map<string, ArticlePriceRow[]>();
  for (let i = 0; i < partnos.length; i += PER_QUERY) {
    const rows = await db.selectFrom("article_prices").selectAll().where("partno", "in", partnos.slice(i, i + PER_QUERY)).orderBy("partno").orderBy("position").execute();
    for (const row of rows) {
      const list = result.get(row.partno) ?? [];
      list.push(row);
      result.set(row.partno, list);
    }
  }
  return result;
}

/** The rows of every article with a price that starts or ends: only these can change without an import. */
export async function datedPriceRows(db: Kysely<Database> | Transaction<Database>): Promise<Map<string, ArticlePriceRow[]>> {
  const dated = await db
    .selectFrom("article_prices")
    .select("partno")
    .distinct()
    .where((eb) => eb.or([eb("valid_from", "is not", null), eb("valid_until", "is not", null)]))
    .execute();
  return priceRowsOf(db, dated.map((d) => d.partno));
}

/** Replaces the rows of one article (a price delta). */
export async function replacePriceRows(trx: Transaction<Database>, partno: string, rows: readonly ArticlePriceRow[]): Promise<void> {
  await trx.deleteFrom("article_prices").where("partno", "=", partno).execute();
  if (rows.length > 0) await trx.insertInto("article_prices").values([...rows]).execute();
}
