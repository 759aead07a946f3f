import type { Insertable, Transaction } from "kysely";
import type { Database } from "./schema";

/** Far below SQLite's bound-parameter limit (999 in old builds), whatever the column count. */
const MAX_VARIABLES = 900;

/** Inserts many rows in as few statements as the parameter limit allows (seed and imports). */
export async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(MAX_VARIABLES / Object.keys(first as object).length));
  for (let i = 0; i < rows.length; i += size) {
    // The rows are checked against the table type at the call; Kysely cannot follow the generic T here.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}
