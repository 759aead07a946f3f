import type { DB } from "~/db/database.server";
import { partnosByGtin } from "~/models/article-ean.server";
import { existingPartnos } from "~/models/article.server";
import { deleteStockOf, insertStockRows, markStockChanged, type StockRow } from "~/models/dealer-stock.server";
import { recordStockSnapshots } from "~/models/dealer-stock-snapshot.server";
import { activeTokenHashes, findActiveToken } from "~/models/dealer-token.server";
import { findDealerIdBySource } from "~/models/dealer.server";
import { hashToken, sameDigest } from "~/utils/secret-token.server";
import type { PushItem } from "./stock-push-body";

/**
 * Pushes a dealer may make a minute (a burst of this many, then one every 60/n s): a shop's system
 * sends its stock every few minutes; anything faster is a loop. Per instance, in memory.
 */
export const STOCK_PUSHES_PER_MINUTE = 6;
/** Failed authorisations a client address may have a minute before it gets 429 instead of 401. */
export const STOCK_AUTH_FAILURES_PER_MINUTE = 20;

export type PushAuth = { kind: "ok"; dealerId: number } | { kind: "unknown_token" } | { kind: "other_dealer" } | { kind: "no_dealer" };

/**
 * Who may push for `sourceId` (the dealer list's id). The presented token's SHA-256 is compared
 * with the dealer's active token hashes in constant time; only when none matches is it looked up
 * at all, to tell a token of another dealer (403) from no valid token (401).
 */
export async function authorisePush(db: DB, sourceId: string, token: string): Promise<PushAuth> {
  const digest = hashToken(token);
  const dealerId = await findDealerIdBySource(db, sourceId);
  if (dealerId !== undefined) {
    let match = false;
    // Every hash is compared, so the time does not say which one (or whether any) matched.
    for (const stored of await activeTokenHashes(db, dealerId)) match = sameDigest(stored, digest) || match;
    if (match) return { kind: "ok", dealerId };
  }
  const owner = await findActiveToken(db, digest);
  if (owner) return { kind: "other_dealer" };
  return { kind: dealerId === undefined ? "no_dealer" : "unknown_token" };
}

export interface PushOutcome {
  /** Rows stored: articles of our catalogue. */
  stored: number;
  /** Rows for articles we do not sell (a dealer's system sends its whole stock), first few named. */
  ignored: number;
  ignoredExamples: string[];
}

/**
 * Replaces the dealer's stock with the pushed items in one transaction. GTINs and part numbers
 * the catalogue does not have are ignored: a dealer's merchandise system sends every brand it
 * sells. Two GTINs of one article (a UPC and an EAN) add up.
 */
export async function applyStockPush(db: DB, dealerId: number, items: readonly PushItem[], asOf: string, received: Date): Promise<PushOutcome> {
  const byGtin = await partnosByGtin(db, items.flatMap((item) => (item.gtin ? [item.gtin.stored] : [])));
  const partnos = await existingPartnos(db, items.flatMap((item) => (item.partNumber ? [item.partNumber] : [])));
  const rows = new Map<string, StockRow>();
  const ignored: string[] = [];
  for (const item of items) {
    const ours = item.partNumber !== null && partnos.has(item.partNumber) ? item.partNumber : undefined;
    const partno = (item.gtin ? byGtin.get(item.gtin.stored) : undefined) ?? ours;
    if (!partno) {
      ignored.push(item.gtin ? item.gtin.sent : (item.partNumber ?? ""));
      continue;
    }
    const before = rows.get(partno);
    if (before) before.quantity += item.quantity;
    else rows.set(partno, { dealer_id: dealerId, partno, gtin: item.gtin?.sent ?? null, quantity: item.quantity, as_of: asOf });
  }
  await db.transaction().execute(async (trx) => {
    await deleteStockOf(trx, [dealerId]);
    await insertStockRows(trx, [...rows.values()]);
    await recordStockSnapshots(trx, [{ dealer_id: dealerId, received_at: received.toISOString(), source: "push", row_count: rows.size }]);
    await markStockChanged(trx);
  });
  return { stored: rows.size, ignored: ignored.length, ignoredExamples: ignored.slice(0, 20) };
}
