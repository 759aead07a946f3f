import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { RetailPrice } from "~/exchange/retail-price";

// The article_prices table (migration 0016, decision 075): an article's kept retail prices.

const PER_QUERY = 500;

/** Rows of `prices` for one article, in the order the catalogue gives them. */
export function priceRows(partno: string, prices: readonly RetailPrice[]): Database["article_prices"][] {
  return prices.map((p, i) => ({
    partno,
    position: i + 1,
    type: p.type,
    currency: p.currency,
    amount_cents: p.amountCents,
    territory: p.territory,
    valid_from: p.validFrom,
    valid_until: p.validUntil,
  }));
}

function fromRow(row: Database["article_prices"]): RetailPrice {
  return {
    type: row.type === "gros_list" ? "gros_list" : "nrp",
    currency: row.currency,
    amountCents: row.amount_cents,
    territory: row.territory,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
  };
}

/** The kept prices of `partnos`, each list in position order; an article without rows is absent. */
export async function pricesOf(db: Kysely<Database> | Transaction<Database>, partnos: readonly string[]): Promise<Map<string, RetailPrice[]>> {
  const result = new Map<string, RetailPrice[]>();
  for (let i = 0; i < partnos.length; i += PER_QUERY) {
    const rows = await db.selectFrom("article_prices").selectAll().where("partno", "in", partnos.slice(i, i + PER_QUERY)).orderBy("partno").orderBy("position").execute();
    for (const row of rows) {
      const list = result.get(row.partno) ?? [];
      list.push(fromRow(row));
      result.set(row.partno, list);
    }
  }
  return result;
}

/** Every article with a price that starts or ends: only these can change without an import. */
export async function datedPrices(db: Kysely<Database> | Transaction<Database>): Promise<Map<string, RetailPrice[]>> {
  const dated = await db
    .selectFrom("article_prices")
    .select("partno")
    .distinct()
    .where((eb) => eb.or([eb("valid_from", "is not", null), eb("valid_until", "is not", null)]))
    .execute();
  return pricesOf(db, dated.map((d) => d.partno));
}

/** Replaces the kept prices of one article (a price delta). */
export async function replacePrices(trx: Transaction<Database>, partno: string, prices: readonly RetailPrice[]): Promise<void> {
  await trx.deleteFrom("article_prices").where("partno", "=", partno).execute();
  if (prices.length > 0) await trx.insertInto("article_prices").values(priceRows(partno, prices)).execute();
}
