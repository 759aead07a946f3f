import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Bearer tokens for machines (the stock push API, decision 055): 32 random bytes, stored only as
 * their SHA-256. A slow password hash would protect nothing more here: the token has 256 bits of
 * entropy, so its hash cannot be reversed by guessing, and each request pays one fast hash.
 */
const PREFIX = "vcs_";

export function newSecretToken(): string {
  return `${PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Hex SHA-256 of the token as sent. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Compares two hex digests in constant time (equal lengths; anything else is simply unequal). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The token of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{1,512})[ \t]*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
