import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { ImportSummary } from "~/import/import-report";
import type { TestServer } from "./test-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");

export interface ImportCliResult {
  code: number;
  /** The `--json` summary; null when the command printed none (usage errors, or a crash). */
  summary: ImportSummary | null;
  stderr: string;
}

/** Runs the real command in its own process, as an operator would, against a site's data folder and database. */
export async function importCli({ dataDir, databaseUrl }: Pick<TestServer, "dataDir" | "databaseUrl">, args: string[]): Promise<ImportCliResult> {
  const parse = (stdout: string) => {
    if (!stdout.trim()) return null;
    try {
      return JSON.parse(stdout) as ImportSummary;
    } catch {
      return null;
    }
  };
  try {
    const { stdout, stderr } = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/import.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, summary: parse(stdout), stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, summary: parse(failed.stdout), stderr: failed.stderr };
  }
}
