import type { DB } from "~/db/database.server";
import { partnosByGtin } from "~/models/article-ean.server";
import { existingPartnos } from "~/models/article.server";
import { insertStockRows, replaceStockOf, type StockRow } from "~/models/dealer-stock.server";
import { recordStockSnapshots } from "~/models/dealer-stock-snapshot.server";
import { activeTokensOfSource } from "~/models/dealer-token.server";
import { hashToken, sameDigest } from "~/utils/secret-token.server";
import { LISTED_ROW_PROBLEMS, type PushItem, type RowProblem } from "./stock-push-body";
import { repeatedArticle } from "./stock-rows";

/**
 * Pushes a dealer may make a minute (a burst of this many, then one every 60/n s): a shop's system
 * sends its stock every few minutes; anything faster is a loop. Per instance, in memory.
 */
export const STOCK_PUSHES_PER_MINUTE = 6;
/** Failed authorisations a client address may have a minute before it gets 429 instead of 401. */
export const STOCK_AUTH_FAILURES_PER_MINUTE = 20;

export type PushAuth = { kind: "ok"; dealerId: number } | { kind: "refused" };

/** Compared when the dealer has no active token (or does not exist), so every refusal does the same work. */
const NO_TOKEN = hashToken("");

/**
 * Who may push for `sourceId` (the dealer list's id). The presented token's SHA-256 is compared
 * with the dealer's active token hashes in constant time. Nothing else is asked: whether the token
 * is wrong, revoked, another dealer's, or the dealer unknown, the push is refused alike (401, one
 * body, one query and the same comparisons), so a refusal does not tell that a token is valid
 * somewhere (issue 37; a 403 for "another dealer's" did).
 */
export async function authorisePush(db: DB, sourceId: string, token: string): Promise<PushAuth> {
  const digest = hashToken(token);
  const dealer = await activeTokensOfSource(db, sourceId);
  const hashes = dealer && dealer.hashes.length > 0 ? dealer.hashes : [NO_TOKEN];
  let match = false;
  // Every hash is compared, so the time does not say which one (or whether any) matched.
  for (const stored of hashes) match = sameDigest(stored, digest) || match;
  return dealer && match && dealer.hashes.length > 0 ? { kind: "ok", dealerId: dealer.dealerId } : { kind: "refused" };
}

export interface PushOutcome {
  /** Rows stored: articles of our catalogue. */
  stored: number;
  /** Rows for articles we do not sell (a dealer's system sends its whole stock), first few named. */
  ignored: number;
  ignoredExamples: string[];
}

export type PushResult = ({ ok: true } & PushOutcome) | { ok: false; message: string; rows: RowProblem[]; moreRows: number };

/**
 * Replaces the dealer's stock with the pushed items in one transaction, under the dealer's lock
 * (replaceStockOf). GTINs and part numbers the catalogue does not have are ignored: a dealer's
 * merchandise system sends every brand it sells. Two rows that name one article of ours (two of its
 * GTINs, or a GTIN and its part number) refuse the push, naming them (repeatedArticle).
 */
export async function applyStockPush(db: DB, dealerId: number, items: readonly PushItem[], asOf: string, received: Date): Promise<PushResult> {
  const byGtin = await partnosByGtin(db, items.flatMap((item) => (item.gtin ? [item.gtin.stored] : [])));
  const partnos = await existingPartnos(db, items.flatMap((item) => (item.partNumber ? [item.partNumber] : [])));
  const rows = new Map<string, StockRow>();
  const firstRow = new Map<string, number>();
  const ignored: string[] = [];
  const repeats: RowProblem[] = [];
  for (const item of items) {
    const ours = item.partNumber !== null && partnos.has(item.partNumber) ? item.partNumber : undefined;
    const partno = (item.gtin ? byGtin.get(item.gtin.stored) : undefined) ?? ours;
    if (!partno) {
      ignored.push(item.gtin ? item.gtin.sent : (item.partNumber ?? ""));
      continue;
    }
    const first = firstRow.get(partno);
    if (first !== undefined) {
      repeats.push({ row: item.row, message: repeatedArticle(partno, `row ${first}`) });
      continue;
    }
    firstRow.set(partno, item.row);
    rows.set(partno, { dealer_id: dealerId, partno, gtin: item.gtin?.sent ?? null, quantity: item.quantity, as_of: asOf });
  }
  if (repeats.length > 0) {
    const message = `${repeats.length} ${repeats.length === 1 ? "row names an article" : "rows name articles"} of an earlier row; nothing was stored.`;
    return { ok: false, message, rows: repeats.slice(0, LISTED_ROW_PROBLEMS), moreRows: Math.max(0, repeats.length - LISTED_ROW_PROBLEMS) };
  }
  await replaceStockOf(db, [dealerId], async (trx) => {
    await insertStockRows(trx, [...rows.values()]);
    await recordStockSnapshots(trx, [{ dealer_id: dealerId, received_at: received.toISOString(), source: "push", row_count: rows.size }]);
  });
  return { ok: true, stored: rows.size, ignored: ignored.length, ignoredExamples: ignored.slice(0, 20) };
}
