import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, projectRoot, serverEntry } from "../../build-dir.js";
import { freePort } from "../../scripts/quality/local-server";
import { copyTemplateDataDir } from "../support/test-server";

/**
 * `/readyz` of the real server process: it starts as "starting", turns ready once the first pages
 * are warm (server/warm-up.ts), and the process stops cleanly on SIGTERM. What the endpoint answers
 * for each state is tested in api.test.ts.
 */
let child: ChildProcess;
let url = "";
let dataDir = "";
let stdout = "";
const seen: string[] = [];

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: "info", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped with exit code ${child.exitCode}`);
    const status = await fetch(`${url}/readyz`).then(
      async (r) => `${r.status} ${((await r.json()) as { status: string }).status}`,
      () => "no answer",
    );
    if (seen.at(-1) !== status) seen.push(status);
    if (status.startsWith("200")) break;
    if (Date.now() > deadline) throw new Error(`not ready within 60 s: ${seen.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}, 90_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("/readyz of a starting and stopping server", () => {
  it("is ready only after the warm-up, and names the store", async () => {
    expect(seen.at(-1)).toBe("200 ready");
    // Every answer before it said the server was starting (or there was no server yet).
    for (const status of seen.slice(0, -1)) expect(["no answer", "503 starting"]).toContain(status);
    const health = (await (await fetch(`${url}/healthz`)).json()) as { status: string; store: string };
    expect(health).toEqual({ status: "ok", store: "sqlite", content: expect.stringMatching(/^[0-9a-f]{12}$/), contentProblems: 0 });
  });

  it("stops cleanly on SIGTERM", { timeout: 20_000 }, async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    // The log is written in the background and flushed at exit: all of it is there now.
    expect(stdout).toContain('"msg":"warmed up"');
    expect(stdout).toContain('"msg":"shutting down"');
    expect(stdout).not.toContain('"url":"/readyz"');
  });
});
