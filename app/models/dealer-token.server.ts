import type { DB } from "~/db/database.server";
import type { DealerTokenTable } from "~/db/schema";
import { hashToken, newSecretToken } from "~/utils/secret-token.server";

export type DealerTokenRow = DealerTokenTable;

/** A new push token for the dealer: the token itself is returned once and never stored. */
export async function createDealerToken(db: DB, dealerId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insertInto("dealer_tokens").values({ token_hash: hashToken(token), dealer_id: dealerId, created_at: now.toISOString(), revoked_at: null }).execute();
  return token;
}

/** Revokes every active token of the dealer; returns how many there were. */
export async function revokeDealerTokens(db: DB, dealerId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable("dealer_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("dealer_id", "=", dealerId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The dealer with this dealer-list id and the hashes of its active tokens (usually one; two while a
 * system is switched over), in one query whether or not the dealer exists, so the time of a refused
 * push does not say which it was. Undefined: no such dealer.
 */
export async function activeTokensOfSource(db: DB, sourceId: string): Promise<{ dealerId: number; hashes: string[] } | undefined> {
  const rows = await db
    .selectFrom("dealers")
    .leftJoin("dealer_tokens", (join) => join.onRef("dealer_tokens.dealer_id", "=", "dealers.id").on("dealer_tokens.revoked_at", "is", null))
    .select(["dealers.id as dealer_id", "dealer_tokens.token_hash as token_hash"])
    .where("dealers.source_id", "=", sourceId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return { dealerId: first.dealer_id, hashes: rows.flatMap((row) => (row.token_hash === null ? [] : [row.token_hash])) };
}
