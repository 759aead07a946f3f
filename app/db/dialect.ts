import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type QueryExecutorProvider } from "kysely";

/**
 * The two stores differ only where SQL must (decision 027); such places ask this instead of
 * carrying a flag around. Migrations hold a Kysely<unknown>, models a Kysely<Database> or a
 * transaction: all of them provide an executor, which is all this needs.
 */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column spellings that differ between the stores, for migrations. */
export function portableColumns(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  return {
    // SQLite's real is 8 bytes; PostgreSQL's is 4, which would move a dealer's marker by metres.
    real: postgres ? ("double precision" as const) : ("real" as const),
    // Kysely spells SQLite's AUTOINCREMENT for every dialect; PostgreSQL's own is an identity column.
    generatedKey: (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()),
  };
}

/**
 * After rows were written with explicit ids (the seed keeps dealer ids stable), PostgreSQL's identity
 * would still hand out 1, 2, … to the next insert without an id; SQLite takes max(id) + 1 by itself.
 */
export async function syncGeneratedKey(db: QueryExecutorProvider, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(table)}`.execute(db);
}
