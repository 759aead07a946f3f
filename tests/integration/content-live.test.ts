import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_FILES } from "~/content/content-files";
import { CONTENT_POLL_MS } from "~/content/content-store.server";
import type { ContentStore } from "~/content/content-store.server";
import { parseEnv } from "~/env.server";
import { projectRoot } from "../../build-dir.js";
import { importServerBuild } from "../../scripts/server-build";
import { createLogger } from "../../server/logger";
import { type LogLine, startServer } from "../support/server-process";
import { type TestServer, copyTemplateDataDir, startTestServer } from "../support/test-server";

/**
 * Issue 30: a saved content change shows on running servers within 2 s, on every instance that
 * shares the folder; a broken change keeps the last good content; a broken file stops a start.
 * The test edits the first registered YAML file of a copy of the shipped folder, so it holds
 * whatever files are registered.
 */
const firstYaml = CONTENT_FILES.find((entry) => entry.format === "yaml");

interface Health {
  content: string;
  contentProblems: number;
}

async function health(server: { url: string }): Promise<Health> {
  return (await (await fetch(`${server.url}/healthz`)).json()) as Health;
}

/** Waits until `done()` holds, looking every 25 ms, at most `ms`; gives the time it took. */
async function within(ms: number, done: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

function contentCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-content-live-"));
  fs.cpSync(path.join(projectRoot, "content"), dir, { recursive: true });
  return dir;
}

describe("content on two running instances sharing one CONTENT_DIR", () => {
  let dir: string;
  let one: TestServer;
  let two: TestServer;
  let file: string;

  beforeAll(async () => {
    if (!firstYaml) throw new Error("no YAML file is registered");
    dir = contentCopy();
    file = path.join(dir, firstYaml.path);
    one = await startTestServer({ CONTENT_DIR: dir });
    two = await startTestServer({ CONTENT_DIR: dir }, { sharedWith: one });
  });

  afterAll(async () => {
    await two?.close();
    await one?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("shows a saved change on both within 2 s, with the same content version", async () => {
    const before = (await health(one)).content;
    expect((await health(two)).content).toBe(before);
    fs.appendFileSync(file, `\n# edited ${Date.now()}\n`);
    const took = await within(2000, async () => {
      const [a, b] = await Promise.all([health(one), health(two)]);
      return a.content !== before && a.content === b.content;
    });
    expect(took).toBeLessThan(2000);
    expect((await fetch(`${one.url}/`)).status).toBe(200);
  });

  it("keys the page cache on the content version: a change forgets every stored page", async () => {
    const { loadContexts } = await importServerBuild();
    let contentVersion = "a";
    const content = { version: () => contentVersion } as unknown as ContentStore;
    const { pageVersion, dataVersion } = loadContexts({ env: parseEnv({ DATA_DIR: one.dataDir }), db: one.db, logger: createLogger("silent"), content });
    const before = await pageVersion();
    expect(before).toContain(await dataVersion());
    contentVersion = "b";
    expect(await pageVersion()).not.toBe(before);
  });

  it("keeps the last good content of a broken save, counts it, and takes the fix", async () => {
    const good = fs.readFileSync(file, "utf8");
    const before = (await health(one)).content;
    fs.writeFileSync(file, `${good}\nbroken: [unclosed\n`);
    await within(2000, async () => (await health(one)).contentProblems === 1 && (await health(two)).contentProblems === 1);
    expect((await health(one)).content).toBe(before);
    expect((await fetch(`${two.url}/`)).status).toBe(200);
    fs.writeFileSync(file, `${good}\n# fixed\n`);
    await within(2000, async () => {
      const [a, b] = await Promise.all([health(one), health(two)]);
      return a.contentProblems === 0 && b.contentProblems === 0 && a.content !== before && a.content === b.content;
    });
  });
});

describe("content in the server process", () => {
  it("logs a broken save once as file:line, and a broken file stops the next start with its line", { timeout: 120_000 }, async () => {
    if (!firstYaml) throw new Error("no YAML file is registered");
    const dir = contentCopy();
    const dataDir = copyTemplateDataDir();
    const file = path.join(dir, firstYaml.path);
    const good = fs.readFileSync(file, "utf8").replace(/\n*$/, "\n");
    const line = good.split("\n").length;
    try {
      const server = await startServer(dataDir, undefined, { CONTENT_DIR: dir });
      fs.writeFileSync(file, `${good}typo_key: 1\n`);
      await within(2000, async () => (await health(server)).contentProblems === 1);
      // Several polls of the same broken file must log nothing more: the one wait here is for them.
      await new Promise((resolve) => setTimeout(resolve, 4 * CONTENT_POLL_MS));
      server.signal("SIGTERM");
      const { lines } = await server.exited;
      const warnings = lines.filter((entry: LogLine) => entry.level === 40 && String(entry.msg).includes(firstYaml.path));
      expect(warnings.map((entry) => entry.msg)).toEqual([`${file}:${line}: typo_key: unknown key (misspelt, or not one this file has); the last good content stays live`]);

      await expect(startServer(dataDir, undefined, { CONTENT_DIR: dir })).rejects.toThrow(
        new RegExp(`velocat cannot start: content is not valid:\\n${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${line}: typo_key: unknown key`),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
