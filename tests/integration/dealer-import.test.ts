import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resellerListSchema } from "~/exchange/provider-schema";
import { importDealers } from "~/import/dealer-import.server";
import type { ImportSummary } from "~/exchange/import-report";
import { dataCommandArgs } from "../support/data-command";
import { type TestServer, startTestServer } from "../support/test-server";
import { type TestDatabase, openTestStore } from "../support/test-store";
import { quietImportInto } from "../support/quiet-import";

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
    // Only the demo's dealers without coordinates stand on their postal code's centre so far.
    const seededUnplaced = await server.db.selectFrom("dealers").select("name").where("lat", "is", null).execute();
    expect(before.filter((d) => d.approximate).map((d) => d.name).sort()).toEqual(seededUnplaced.map((d) => d.name).sort());

    const summary = await importDealers(server.db, {
      file: fixture("semicolon-bom.csv"),
      prune: false,
      ...quietImportInto(server),
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

describe("dealer lists from other tools, seen by a running server", { timeout: 120_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const importFile = (name: string) =>
    importDealers(server.db, {
      file: fixture(name),
      prune: false,
      ...quietImportInto(server),
    });
  const reseller = async () => resellerListSchema.parse(await (await fetch(`${server.url}/api/reseller`)).json());
  const shown = async (name: string) =>
    vi.waitFor(
      async () => {
        const found = (await reseller()).find((d) => d.name === name);
        if (!found) throw new Error(`${name} not there yet`);
        return found;
      },
      { timeout: 3000, interval: 100 },
    );

  it("imports a real Magento stockists export: every stockist listed, in its own country, with its schedule", async () => {
    const summary = await importFile("real/magento-stockists.csv");
    expect(summary.errors).toEqual([]);
    expect(summary.counts.dealers?.added).toBe(34);
    // One warning per unused column, not one per row.
    expect(summary.warnings.filter((w) => w.where === "image")).toHaveLength(1);
    expect(summary.warnings).toContainEqual(expect.objectContaining({ where: "postcode", message: 'not a postal code of US, left out: "TX 75039"' }));
    const harrods = await shown("Harrods");
    expect(harrods).toMatchObject({
      // As the UK writes it: the postcode on its own line, after the town (issue 38).
      adresse: "87-135 Brompton Rd, London, SW1X 7XL",
      country: "GB",
      timeZone: "Europe/London",
      tag: "viva",
      position: [51.499394, -0.163245],
      openingHours: "Mo-Th 08:00-18:30; Fr 08:00-19:00; Sa 08:30-19:00; Su 11:00-17:30",
    });
    expect(harrods).not.toHaveProperty("approximate");
    const neiman = await shown("Neiman Marcus Direct");
    // Several zones in the country: the hours show, "open now" stays unknown.
    expect(neiman).toMatchObject({ country: "US", adresse: "5950 Colwell Blvd, Irving, TX" });
    expect(neiman).not.toHaveProperty("timeZone");

    const page = await (await fetch(`${server.url}/handlersuche/${harrods.slug}`)).text();
    expect(page).toContain("Vereinigtes Königreich");
    const english = await (await fetch(`${server.url}/handlersuche/${harrods.slug}?lang=en`)).text();
    expect(english).toContain("United Kingdom");
    const usPage = await fetch(`${server.url}/handlersuche/${neiman.slug}`);
    expect(usPage.status).toBe(200);
    expect(await usPage.text()).toContain("Vereinigte Staaten");
  });

  it("imports a Google Business Profile sheet: day columns, past midnight, special hours, town centres and a dealer without a marker", async () => {
    const summary = await importFile("gbp-bulk-sheet.csv");
    expect(summary.errors).toEqual([]);
    expect(summary.warnings).toContainEqual({ line: 1, where: "Primary category", message: "unknown column, ignored" });
    expect(summary.warnings).toContainEqual({ line: null, message: "1 dealer is listed without a map marker: Atelier du Nulle-Part (line 6)" });
    expect(summary.warnings).toContainEqual({ line: 6, where: "Postcode", message: 'not a postal code of FR, left out: "9999"' });
    expect(summary.warnings).toContainEqual({ line: 3, where: "Locality", message: "no coordinates: the marker sits on the centre of Dublin (IE); add lat and lng for the address" });

    const paris = await shown("Vélo Lumière");
    expect(paris).toMatchObject({
      country: "FR",
      timeZone: "Europe/Paris",
      position: [48.8556, 2.3572],
      tag: "viva, city",
      openingHours: "Mo-Fr 09:00-19:00; Sa 10:00-18:00; 2026-12-31 09:00-14:00; 2027-01-01 off",
    });
    const kowloon = await shown("Kowloon Night Bikes");
    expect(kowloon).toMatchObject({ country: "HK", adresse: "88 Nathan Road, Shop 5, Tsim Sha Tsui, Kowloon", openingHours: expect.stringContaining("Sa 22:00-02:00") });
    const dublin = await shown("Liffey Cycle Works");
    expect(dublin).toMatchObject({ country: "IE", approximate: "town" });
    const hamburg = await shown("Radhaus am Deich");
    expect(hamburg).toMatchObject({ country: "DE", approximate: true });
    const nowhere = await shown("Atelier du Nulle-Part");
    expect(nowhere.position).toEqual([null, null]);

    const list = await (await fetch(`${server.url}/handlersuche?q=Nulle-Part`)).text();
    expect(list).toContain("Atelier du Nulle-Part");
    const page = await (await fetch(`${server.url}/handlersuche/${nowhere.slug}`)).text();
    expect(page).toContain("Für diesen Händler haben wir keine Kartenposition.");
    expect(page).toContain("Frankreich");
    const dublinPage = await (await fetch(`${server.url}/handlersuche/${dublin.slug}?lang=en`)).text();
    expect(dublinPage).toContain("the map shows the centre of the town");
    expect(dublinPage).toContain("Ireland");
  });

  it("imports WP Store Locator and Store Locator Plus exports; a list with a tag column keeps its tags", async () => {
    const wpsl = await importFile("wp-store-locator-export.csv");
    expect(wpsl.errors).toEqual([]);
    expect(await shown("Fietsenwinkel De Ketting")).toMatchObject({ country: "NL", adresse: "Prinsengracht 100, 1015 EA Amsterdam" });
    expect(wpsl.warnings).toContainEqual(expect.objectContaining({ line: 2, where: "wpsl_hours" }));
    const copenhagen = await shown("Cykelværkstedet");
    expect(copenhagen).toMatchObject({ country: "DK", position: [null, null] });

    const slp = await importFile("store-locator-plus-export.csv");
    expect(slp.errors).toEqual([]);
    expect(await shown("Bike Barn Portland")).toMatchObject({ country: "US", tag: "viva, ebike", openingHours: "Mo-Fr 10:00-19:00; Sa 10:00-17:00" });
    // The API lists every dealer; the pages show only those with the brand's tag.
    expect((await reseller()).find((d) => d.name === "Other Brand Only")).toMatchObject({ tag: "otherbrand" });
    const search = await (await fetch(`${server.url}/handlersuche?q=Other+Brand`)).text();
    expect(search).not.toContain("Other Brand Only");
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
        process.execPath,
        dataCommandArgs("import", ...args),
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
    expect(summary.errors).toHaveLength(12);

    const human = await cli("dealers", fixture("broken-rows.csv"));
    expect(human.code).toBe(1);
    const source = fixture("broken-rows.csv");
    expect(human.stdout).toContain(`${source}:4: error: id: id is empty\n`);
    expect(human.stdout).toContain(`${source}:15: warning: id: id "B-1" is also on line 2: the dealer is listed once, as line 15 has it (the later row wins)\n`);
    expect(human.stdout).toContain(`${source}:17: warning: lat: 0, 0 lies outside Germany`);
    expect(human.stdout).toMatch(/12 errors, 6 warnings: nothing was changed/);
  });

  it("exits 2 for wrong usage", async () => {
    const noFile = await cli("dealers");
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain("Name the dealers file to import.");
    expect((await cli("dealers", fixture("comma-quoted.csv"), "--bogus")).code).toBe(2);
    const encoding = await cli("dealers", fixture("comma-quoted.csv"), "--encoding", "klingon-8");
    expect(encoding.code).toBe(2);
    expect(encoding.stderr).toContain("--encoding klingon-8: unknown encoding");
    const field = await cli("dealers", fixture("comma-quoted.csv"), "--map", "colour=Farbe");
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('--map colour=Farbe: unknown field "colour"');
    // Which columns a file has is known only once it is read: still the command line's mistake.
    const column = await cli("dealers", fixture("comma-quoted.csv"), "--map", "phone=Telefon 2", "--json");
    expect(column.code).toBe(2);
    expect(column.stderr).toContain('--map phone=Telefon 2: the header has no column "Telefon 2"');
    expect(summaryOf(column.stdout)).toMatchObject({ applied: false, usage: [expect.stringContaining("Telefon 2")] });
    expect((await cli("recalls", fixture("comma-quoted.csv"), "--country", "DE")).code).toBe(2);
  });
});
