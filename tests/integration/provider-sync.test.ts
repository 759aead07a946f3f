import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportSummary } from "~/exchange/import-report";
import { dataCommandArgs } from "../support/data-command";
import { startTestServer, type TestServer } from "../support/test-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");

/** `npm run import` on a test server's store (its DATA_DIR, and its DATABASE_URL on PostgreSQL). */
async function importCli(server: TestServer, args: string[]): Promise<{ code: number; summary: ImportSummary }> {
  try {
    const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl };
    const { stdout } = await run(process.execPath, dataCommandArgs("import", ...args, "--json"), { cwd: root, env });
    return { code: 0, summary: JSON.parse(stdout) as ImportSummary };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    if (!failed.stdout.trim()) throw new Error(failed.stderr);
    return { code: failed.code, summary: JSON.parse(failed.stdout) as ImportSummary };
  }
}

async function json(url: string): Promise<unknown> {
  return (await fetch(url)).json();
}

/**
 * The provider is our own demo site (it speaks the provider's JSON); the site that syncs first holds
 * a different, imported catalogue. After the sync both must answer the same catalogue JSON.
 */
describe("provider sync", () => {
  let provider: TestServer;
  let site: TestServer;
  let flaky: http.Server;
  let flakyUrl = "";

  beforeAll(async () => {
    provider = await startTestServer();
    site = await startTestServer();
    const fixture = path.join(root, "tests/fixtures/bmecat/catalogue-2005.xml");
    const imported = await importCli(site, ["catalogue", fixture, "--media", path.join(root, "tests/fixtures/bmecat/media")]);
    expect(imported.code).toBe(0);
    // A provider whose article lists fail for one category.
    flaky = http.createServer((req, res) => {
      if (req.url?.endsWith("/1001")) {
        res.writeHead(503).end("maintenance");
        return;
      }
      fetch(`${provider.url}${req.url}`)
        .then(async (answer) => res.writeHead(answer.status, { "content-type": "application/json" }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => res.writeHead(502).end());
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    flaky.close();
    await provider.close();
    await site.close();
  });

  it("keeps the last good data when the provider fails, and says why", async () => {
    const before = await json(`${site.url}/catalog/list/categories/37`);
    const { code, summary } = await importCli(site, ["provider", "--catalog-url", flakyUrl, "--reseller-url", flakyUrl]);
    expect(code).toBe(1);
    expect(summary.errors[0]?.message).toMatch(/\/catalog\/list\/categories\/articles\/1001 answered 503; the site keeps its last good data/);
    expect(await json(`${site.url}/catalog/list/categories/37`)).toEqual(before);
  }, 60_000);

  it("makes the site's catalogue the provider's, through the same switch", async () => {
    const { code, summary } = await importCli(site, ["provider", "--catalog-url", provider.url, "--reseller-url", provider.url]);
    expect(code, JSON.stringify(summary.errors)).toBe(0);
    expect(summary.applied).toBe(true);
    const categories = (await json(`${provider.url}/catalog/list/categories/37`)) as { bbf_cat_ID_PUBLICGRPORDER: number }[];
    await expect.poll(async () => json(`${site.url}/catalog/list/categories/37`), { timeout: 5000, interval: 200 }).toEqual(categories);
    for (const category of categories) {
      const path = `/catalog/list/categories/articles/${category.bbf_cat_ID_PUBLICGRPORDER}`;
      expect(await json(`${site.url}${path}`), path).toEqual(await json(`${provider.url}${path}`));
    }
    // Dealers too; the provider's dealers without a position are placed on their postal code.
    type Reseller = { name: string; position: [number | null, number | null]; approximate?: boolean };
    const theirs = (await json(`${provider.url}/api/reseller`)) as Reseller[];
    const ours = (await json(`${site.url}/api/reseller`)) as Reseller[];
    expect(summary.counts.dealers?.added).toBe(theirs.length);
    expect(ours.length).toBe(theirs.length);
    // (The provider here is our own server, which already shows its unplaced dealers approximately.)
    expect(ours.filter((r) => !r.approximate)).toEqual(theirs.filter((r) => !r.approximate));
    expect(ours.filter((r) => r.approximate).map((r) => r.name).sort()).toEqual(theirs.filter((r) => r.approximate).map((r) => r.name).sort());
    const again = await importCli(site, ["provider", "--catalog-url", provider.url, "--reseller-url", provider.url]);
    expect(again.summary.counts.articles).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(again.summary.counts.dealers).toMatchObject({ added: 0, changed: 0, removed: 0 });
  }, 120_000);

  it("needs the provider's hosts (usage error)", async () => {
    await expect(run(process.execPath, dataCommandArgs("import", "provider"), { cwd: root, env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl, CATALOG_API_URL: "" } })).rejects.toMatchObject({ code: 2 });
  });
});
