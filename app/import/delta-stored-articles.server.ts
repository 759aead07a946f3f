import type { Kysely } from "kysely";
import type { Database, PropertyKind, RelationKind } from "~/db/schema";
import { pricesFromRows, type RetailPrice } from "~/exchange/retail-price";
import { priceRowsOf } from "~/models/article-price.server";
import { articleContent, type ArticleContent, type FinalArticle } from "./catalogue-plan.server";

// A delta's stored products (catalogue-delta.server.ts): read back in the shape a full import hashes,
// with what the delta changes in them.

/**
 * A product's own category and place. A delta places a product in its first group only: the
 * further groups of a product it writes are dropped, those of a product it only touches stay.
 */
export interface Place {
  categoryId: number;
  position: number;
}

export const CHUNK = 500;

export function chunks<T>(list: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) result.push(list.slice(i, i + CHUNK));
  return result;
}

/** A price delta's prices for one product: the one shown today and every kept one. */
export interface NewPrices {
  cents: number | null;
  list: RetailPrice[];
}

const KIND_ORDER: Record<PropertyKind | RelationKind, number> = { primary: 0, secondary: 1, accessory: 0, sparepart: 1 };

/** The stored rows of `partnos`, in the shape `articleContent` hashes (lists in the order a full import builds them). */
async function storedContent(db: Kysely<Database>, partnos: readonly string[]): Promise<Map<string, ArticleContent>> {
  const result = new Map<string, ArticleContent>();
  for (const part of chunks(partnos)) {
    for (const row of await db.selectFrom("articles").selectAll().where("partno", "in", part).execute()) {
      const { content_hash: _hash, ...rest } = row;
      result.set(row.partno, { row: rest, eans: [], media: [], properties: [], relations: [], also: [], documents: [] });
    }
    const eans = await db.selectFrom("article_eans").selectAll().where("partno", "in", part).execute();
    for (const e of eans.sort((a, b) => a.position - b.position)) result.get(e.partno)?.eans.push(e.ean);
    const media = await db.selectFrom("article_media").selectAll().where("partno", "in", part).execute();
    for (const m of media.sort((a, b) => a.position - b.position)) result.get(m.partno)?.media.push({ type: m.type, imagename: m.imagename });
    const properties = await db.selectFrom("article_properties").selectAll().where("partno", "in", part).execute();
    for (const { partno, position: _position, ...p } of properties.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.position - b.position)) {
      result.get(partno)?.properties.push(p);
    }
    // The further categories that list a product (decision 040), in the order they were written.
    for (const g of await db.selectFrom("article_categories").selectAll().where("partno", "in", part).execute()) {
      result.get(g.partno)?.also.push({ category_id: g.category_id, position: g.position });
    }
    const documents = await db.selectFrom("article_documents").selectAll().where("partno", "in", part).execute();
    for (const { partno, position: _position, ...d } of documents.sort((a, b) => a.position - b.position)) result.get(partno)?.documents?.push(d);
    for (const [partno, rows] of await priceRowsOf(db, part)) {
      const content = result.get(partno);
      if (content) content.prices = pricesFromRows(rows);
    }
    const relations = await db.selectFrom("article_relations").selectAll().where("partno", "in", part).execute();
    for (const r of relations.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.position - b.position)) {
      result.get(r.partno)?.relations.push({ kind: r.kind, target_partno: r.target_partno });
    }
  }
  return result;
}

/** Stored products with what the delta changes in them: price, place, references to products that are gone. */
export async function rebuiltFinals(
  db: Kysely<Database>,
  partnos: readonly string[],
  change: { prices: Map<string, NewPrices>; placeOf: Map<string, Place> },
): Promise<FinalArticle[]> {
  const finals: FinalArticle[] = [];
  for (const content of (await storedContent(db, partnos)).values()) {
    const { row } = content;
    const place = change.placeOf.get(row.partno);
    // A price delta replaces every kept price: the shown one may be none today (a price list that starts later).
    const newPrices = change.prices.get(row.partno);
    finals.push(
      articleContent({
        ...content,
        row: { ...row, price_cents: newPrices ? newPrices.cents : row.price_cents, category_id: place?.categoryId ?? row.category_id, position: place?.position ?? row.position },
        ...(newPrices ? { prices: newPrices.list } : {}),
        relations: content.relations.filter((r) => change.placeOf.has(r.target_partno)),
      }),
    );
  }
  return finals;
}

