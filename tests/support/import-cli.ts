import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { ImportSummary } from "~/exchange/import-report";
import { dataCommandArgs } from "./data-command";
import type { TestServer } from "./test-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");

/** Runs the real command in its own process, as an operator would, against the server's data folder and database. */
export async function importCli({ dataDir, databaseUrl }: Pick<TestServer, "dataDir" | "databaseUrl">, args: string[]): Promise<{ code: number; summary: ImportSummary | null; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, dataCommandArgs("import", ...args), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    });
    return { code: 0, summary: stdout.trim() ? (JSON.parse(stdout) as ImportSummary) : null, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, summary: failed.stdout.trim() ? (JSON.parse(failed.stdout) as ImportSummary) : null, stderr: failed.stderr };
  }
}

/** Everything an import may touch, as one fingerprint: rows of the catalogue tables and app_meta. */
export async function fingerprint(db: DB): Promise<string> {
  const hash = createHash("sha256");
  for (const table of ["categories", "articles", "article_eans", "article_media", "article_properties", "article_relations", "blocks", "dealers", "app_meta"]) {
    const { rows } = await sql.raw(`select * from ${table} order by 1, 2`).execute(db);
    hash.update(JSON.stringify(rows));
  }
  return hash.digest("hex");
}
