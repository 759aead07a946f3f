import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resellerListSchema } from "~/catalog/provider-schema";
import { importDealers } from "~/import/dealer-import.server";
import type { ImportSummary } from "~/import/import-report";
import { type TestServer, startTestServer } from "../support/test-server";
import { type TestDatabase, openTestStore } from "../support/test-store";
import { mediaDirectory } from "~/utils/media-directory.server";

const root = path.resolve(import.meta.dirname, "..", "..");
const fixture = (name: string) => path.join(root, "tests", "fixtures", "dealers", name);

describe("a dealer import seen by a running server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the new dealers within about a second, placed ones marked approximate in the API and on the cards", async () => {
    const before = resellerListSchema.parse(await (await fetch(`${server.url}/api/reseller`)).json());
    expect(before.some((d) => d.name === "Wiener Radwerk")).toBe(false);
    expect(before.some((d) => d.approximate)).toBe(false);

    const summary = await importDealers(server.db, {
      file: fixture("semicolon-bom.csv"),
      prune: false,
      dryRun: false,
      dataDir: server.dataDir,
      siteMediaDir: mediaDirectory(server.dataDir),
      log: () => {},
      quiet: true,
    });
    expect(summary.errors).toEqual([]);

    const vienna = await vi.waitFor(
      async () => {
        const dealers = resellerListSchema.parse(await (await fetch(`${server.url}/api/reseller`)).json());
        const found = dealers.find((d) => d.name === "Wiener Radwerk");
        if (!found) throw new Error("not there yet");
        return found;
      },
      { timeout: 3000, interval: 100 },
    );
    expect(vienna).toMatchObject({ adresse: "Graben 3, 1010 Wien", ort: "Wien", tag: "viva", approximate: true });
    expect(vienna).not.toHaveProperty("web");

    const page = await (await fetch(`${server.url}/handlersuche?q=Wiener+Radwerk`)).text();
    expect(page).toContain("Lage ungefähr (Postleitzahl)");
    const english = await (await fetch(`${server.url}/handlersuche?q=Radsport+Maier&lang=en`)).text();
    expect(english).toContain("Radsport Maier");
    expect(english).not.toContain("Approximate location (postal code)");
    const englishVienna = await (await fetch(`${server.url}/handlersuche?q=Wiener+Radwerk&lang=en`)).text();
    expect(englishVienna).toContain("Approximate location (postal code)");
  });
});

// Each run starts tsx and loads the import code: a few seconds apiece on a busy machine.
describe("npm run import -- dealers", { timeout: 90_000 }, () => {
  let dataDir: string;
  let store: TestDatabase;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-import-cli-"));
    store = await openTestStore(dataDir, { seeded: true });
  });
  afterAll(async () => {
    await store?.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real command, as `npm run import` starts it (tsx from node_modules/.bin, not npx). */
  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        path.join(root, "node_modules", ".bin", "tsx"),
        ["scripts/import.ts", ...args],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: store.databaseUrl, NODE_ENV: "test" } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }
  const summaryOf = (stdout: string) => JSON.parse(stdout) as ImportSummary;

  it("exits 0 and prints the summary as one JSON object; again, with no changes", async () => {
    const first = await cli("dealers", fixture("comma-quoted.csv"), "--json");
    expect(first.code).toBe(0);
    const summary = summaryOf(first.stdout);
    expect(summary).toMatchObject({
      command: "dealers",
      dryRun: false,
      applied: true,
      counts: { dealers: { added: 3, changed: 0, removed: 0, unchanged: 150 } },
      errors: [],
      warnings: [{ line: 6, where: "email", message: "no e-mail address: the dealer's card shows none" }],
    });
    expect(first.stderr).toBe("");

    const again = summaryOf((await cli("dealers", fixture("comma-quoted.csv"), "--json")).stdout);
    expect(again.counts.dealers).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 153 });
    expect(again.dataVersion).toBe(summary.dataVersion);

    const dry = summaryOf((await cli("dealers", fixture("comma-quoted.csv"), "--prune", "--dry-run", "--json")).stdout);
    expect(dry).toMatchObject({ dryRun: true, applied: false, counts: { dealers: { removed: 150, unchanged: 3 } } });
  });

  it("exits 1 for a broken file, with the problems in the JSON and as compiler-style lines", async () => {
    const json = await cli("dealers", fixture("broken-rows.csv"), "--json");
    expect(json.code).toBe(1);
    const summary = summaryOf(json.stdout);
    expect(summary.applied).toBe(false);
    expect(summary.errors[0]).toEqual({ line: 4, where: "id", message: "id is empty" });
    expect(summary.errors).toHaveLength(16);

    const human = await cli("dealers", fixture("broken-rows.csv"));
    expect(human.code).toBe(1);
    const source = fixture("broken-rows.csv");
    expect(human.stdout).toContain(`${source}:4: error: id: id is empty\n`);
    expect(human.stdout).toContain(`${source}:15: error: id: id "B-1" is already used on line 2\n`);
    expect(human.stdout).toContain(`${source}:17: warning: lat: 0, 0 lies outside Germany`);
    expect(human.stdout).toMatch(/16 errors, 2 warnings: nothing was changed/);
  });

  it("exits 2 for wrong usage", async () => {
    const noFile = await cli("dealers");
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain("Name the dealers file to import.");
    expect((await cli("dealers", fixture("comma-quoted.csv"), "--bogus")).code).toBe(2);
  });
});
