import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../support/test-server";
import { sitePaths, withLang } from "./site-pages";

const run = promisify(execFile);
const vnu = path.resolve("node_modules", "vnu-jar", "build", "dist", "vnu.jar");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

describe("HTML validity (Nu HTML Checker)", () => {
  it("finds no errors in the server-rendered HTML of any route, in either language", { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-html-"));
    const files: string[] = [];
    for (const p of await sitePaths(server.url)) {
      for (const lang of ["de", "en"] as const) {
        const html = await (await fetch(`${server.url}${withLang(p, lang)}`)).text();
        const file = path.join(dir, `${files.length}-${lang}-${p.replace(/[^a-z0-9]+/gi, "_")}.html`);
        fs.writeFileSync(file, html);
        files.push(file);
      }
    }
    let output: string;
    try {
      output = (await run("java", ["-jar", vnu, "--format", "json", "--stdout", ...files], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    } catch (error) {
      // vnu exits 1 when it found errors; its report is still on stdout.
      output = (error as { stdout?: string }).stdout ?? "";
      if (!output) throw error;
    }
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"} ${m.message} ${m.extract ? `«${m.extract.trim()}»` : ""}`);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });
});
