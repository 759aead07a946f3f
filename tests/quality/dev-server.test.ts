import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { projectRoot, serverEntry } from "../../build-dir.js";
import { freePort } from "../../scripts/quality/local-server";

/**
 * `npm run dev`: the launcher loads the server and the routes from source through Vite. It must
 * work, and it must never answer from the page cache (an edited route would keep its old page).
 */
let child: ChildProcess;
let url = "";
let dataDir = "";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-dev-"));
  fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [serverEntry, "--dev"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev stopped with exit code ${child.exitCode}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error("the development server did not answer /healthz within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** node:http, not fetch: undici's fetch would answer a conditional request from its own cache. */
function get(address: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(address, { headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res));
      })
      .on("error", reject);
  });
}

describe("npm run dev", () => {
  it("renders every request: no stored page, no validator, no 304", { timeout: 120_000 }, async () => {
    for (const page of ["/", "/impressum", "/api/reseller"]) {
      const first = await get(`${url}${page}`);
      expect(first.statusCode, page).toBe(200);
      expect(first.headers.etag, page).toBeUndefined();
      expect(first.headers["cache-control"] ?? "", page).not.toMatch(/s-maxage/);
      const again = await get(`${url}${page}`, { "If-None-Match": "*" });
      expect(again.statusCode, page).toBe(200);
    }
  });

  it("sends a page the same security policy as production, with its inline scripts' hashes", { timeout: 60_000 }, async () => {
    const response = await fetch(`${url}/impressum`);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  });
});
