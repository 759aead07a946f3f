import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { redactUrl } from "~/utils/redact-url";
import type { Database } from "./schema";

/*
 * The PostgreSQL store (decision 027). Models were written against SQLite's values: integers as
 * numbers, times as the ISO text the schema stores. node-postgres would hand back COUNT and other
 * int8 results as strings and numeric as strings; these parsers give the SQLite shapes instead.
 */

const { builtins } = pg.types;

function safeInteger(text: string): number {
  const value = Number(text);
  // A count or sum beyond 2^53 would silently lose digits; better a loud error than a wrong figure.
  if (!Number.isSafeInteger(value)) throw new RangeError(`PostgreSQL integer ${text} is beyond JavaScript's safe range`);
  return value;
}

const parsers = new Map<number, (text: string) => unknown>([
  [builtins.INT8, safeInteger],
  [builtins.NUMERIC, Number],
  // The schema keeps times as ISO text; an expression typed timestamp must not turn into a Date.
  [builtins.TIMESTAMP, String],
  [builtins.TIMESTAMPTZ, String],
  [builtins.DATE, String],
]);

export const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    parsers.get(oid) ?? pg.types.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

export interface PostgresOptions {
  poolSize: number;
  statementTimeoutMs: number;
  /** How long start-up keeps trying to reach the server (it may be starting alongside us). */
  connectTimeoutMs?: number;
  applicationName?: string;
}

/**
 * A pool for DATABASE_URL, proven reachable before it is returned: retries for `connectTimeoutMs`
 * (a database container started at the same time answers a few seconds late), then throws with the
 * last error, which names what is wrong (refused, unknown host, bad password, missing database).
 */
export async function openPostgresPool(url: string, options: PostgresOptions): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    statement_timeout: options.statementTimeoutMs,
    application_name: options.applicationName ?? "velocat",
    connectionTimeoutMillis: 5_000,
    types: typeParsers,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool discards it and the next query opens a new one.
  pool.on("error", () => {});
  const deadline = Date.now() + (options.connectTimeoutMs ?? 10_000);
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query("select 1");
      return pool;
    } catch (error) {
      if (Date.now() + 500 > deadline) {
        await pool.end().catch(() => {});
        throw new Error(`cannot reach PostgreSQL at ${redactUrl(url)} after ${attempt} attempts: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export function postgresKysely(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
