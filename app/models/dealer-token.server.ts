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

/** The hashes of the dealer's active tokens (usually one; two while a system is switched over). */
export async function activeTokenHashes(db: DB, dealerId: number): Promise<string[]> {
  const rows = await db.selectFrom("dealer_tokens").select("token_hash").where("dealer_id", "=", dealerId).where("revoked_at", "is", null).execute();
  return rows.map((row) => row.token_hash);
}

/** The active token with this hash, whoever it belongs to. */
export function findActiveToken(db: DB, tokenHash: string): Promise<DealerTokenRow | undefined> {
  return db.selectFrom("dealer_tokens").selectAll().where("token_hash", "=", tokenHash).where("revoked_at", "is", null).executeTakeFirst();
}
