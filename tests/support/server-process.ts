import { spawn } from "node:child_process";
import { expect } from "vitest";
import { freePort } from "../../scripts/quality/local-server";
import { SERVER_NODE_FLAGS, serverEntry } from "../../build-dir";

/** One line of the server's JSON log. */
export interface LogLine {
  level: number;
  msg: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { message?: string };
  [key: string]: unknown;
}

/** The compiled server as `npm start` runs it, in its own process, for tests that signal or inspect it. */
export interface RunningServer {
  url: string;
  pid: number;
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code and every line the process wrote to stdout. */
  exited: Promise<{ code: number | null; lines: LogLine[]; stdout: string }>;
}

/** `preload` runs in the server process before it starts (a module given as source text); `env` adds variables. */
export async function startServer(dataDir: string, preload?: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags = preload ? [`--import=data:text/javascript,${encodeURIComponent(preload)}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  // Shown as before, and kept for the message when the server does not start.
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; lines: LogLine[]; stdout: string }>((resolve) =>
    child.once("close", (code) => {
      const lines = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine);
      resolve({ code, lines, stdout });
    }),
  );
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) {
      // Its output may still be on the way: "close" comes after the last of it.
      await exited;
      throw new Error(`the server exited with code ${child.exitCode}:\n${stderr}${stdout}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet (the first start writes the catalogue PDFs).
    }
    if (waited > 90_000) throw new Error("the server did not become healthy within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid ?? 0, signal: (name) => child.kill(name), exited };
}

/** `count` GET requests, `concurrency` at a time; every answer read to its end. */
export async function hammer(url: string, count: number, concurrency: number, init?: RequestInit): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const response = await fetch(url, init);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
      }
    }),
  );
}

