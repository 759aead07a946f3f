import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql, type MigrationProvider, type SqliteDatabase } from "kysely";
import { isPostgres } from "./dialect";
import { migrations } from "./migrations/index";
import { openPostgresPool, postgresKysely } from "./postgres.server";
import type { Database } from "./schema";
import { redactUrl } from "~/utils/redact-url";

export type DB = Kysely<Database>;

export const DATABASE_FILE_NAME = "velocat.sqlite";

/** A start-up problem with the database that the operator can fix; its message says how. */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE_NAME);
}

/**
 * Opens (creating if needed) the SQLite file and proves it is readable before anyone relies on it,
 * so a corrupt or foreign file stops start-up with a message rather than failing the first request.
 */
export function openDatabase(file: string, { cacheMiB = 64 }: { cacheMiB?: number } = {}): DB {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot create the data directory ${path.dirname(file)}: ${(error as Error).message}. Set DATA_DIR to a writable folder.`,
    );
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // The server's 64 MB keep the search index of a large catalogue in memory; a command-line
    // import asks for less, because the page cache is most of its peak memory while it writes.
    sqlite.pragma(`cache_size = ${-Math.round(cacheMiB * 1024)}`);
    const check = sqlite.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(String(check));
  } catch (error) {
    throw new DatabaseOpenError(
      `The database ${file} cannot be read (${(error as Error).message}). ` +
        `Move it away or delete it to rebuild the demo data, or restore it from a backup.`,
    );
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query anew and better-sqlite3 compiles the SQL each time; a page runs the
 * same few statements on every render, so the compiled ones are kept (SQLite recompiles a kept
 * statement by itself after a schema change). `IN (…)` lists make some SQL vary, hence the bound.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        const oldest = statements.size >= size ? statements.keys().next().value : undefined;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

export interface StoreSettings {
  /** Empty: the SQLite file in `dataDir`; a postgres:// URL: that database. */
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATA_DIR_ABSOLUTE: string;
}

/** Where the data lives, as messages may name it (no password). */
export function describeStore(env: StoreSettings): string {
  return env.DATABASE_URL === "" ? databasePath(env.DATA_DIR_ABSOLUTE) : `PostgreSQL at ${redactUrl(env.DATABASE_URL)}`;
}

/** The store the environment names (decision 027); both give the same Kysely<Database>. */
export async function openStore(env: StoreSettings, options: { cacheMiB?: number; connectTimeoutMs?: number } = {}): Promise<DB> {
  if (env.DATABASE_URL === "") return openDatabase(databasePath(env.DATA_DIR_ABSOLUTE), options);
  try {
    const pool = await openPostgresPool(env.DATABASE_URL, {
      poolSize: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: options.connectTimeoutMs,
    });
    return postgresKysely(pool);
  } catch (error) {
    throw new DatabaseOpenError(`${(error as Error).message}. Check DATABASE_URL, or leave it empty to use SQLite in DATA_DIR.`);
  }
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  if (!isPostgres(db)) return migrateWith(db);
  // One connection for the whole run: Kysely's migrator holds a PostgreSQL advisory lock on it, so
  // instances starting together migrate one after the other, and the others then find nothing to do.
  // Waiting for that lock, or a long data migration, must not hit DATABASE_STATEMENT_TIMEOUT_MS.
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrateWith(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function migrateWith(db: DB): Promise<string[]> {
  // Branches add migrations side by side (0015 and 0016 came together): a database that ran the
  // later one first still takes the earlier one. Each migration touches its own tables.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new DatabaseOpenError(`Database migration ${failed} failed: ${(error as Error).message}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Asks a real table, so a file that opens but lost its schema counts as unhealthy too. */
export async function isDatabaseHealthy(db: DB): Promise<boolean> {
  try {
    await sql`select count(*) from app_meta`.execute(db);
    return true;
  } catch {
    return false;
  }
}
