import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "~/import/catalogue-import.server";
import { formatSummary } from "~/exchange/import-report";
import { getMeta } from "~/models/app-meta.server";
import { mediaDirectory } from "~/utils/media-directory.server";
import { dataCommandArgs } from "../support/data-command";
import { type TestDatabase, openTestStore } from "../support/test-store";
import { shippedBrandNames } from "../support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * Issue 25: files that ran the import out of memory (exit 134, lock and staging file left behind),
 * a full disk that printed a stack trace, and a stopped import that left its files. The files are
 * made here, large enough to pass a limit, small enough to make quickly; the full-size attacks
 * (150 MB, 221 MB, a 315 MB zip bomb) were measured by hand (decision 033).
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const catalogue = fs.readFileSync(path.join(root, "tests/fixtures/bmecat/catalogue-2005.xml"), "utf8");
const dealerHeader = "id;name;street;postal_code;city;country";


describe("imports past their limits", { timeout: 120_000 }, () => {
  let dataDir: string;
  let scratch: string;
  let store: TestDatabase;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-import-limits-"));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-import-files-"));
    store = await openTestStore(dataDir, { seeded: true });
  });
  afterAll(async () => {
    await store?.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: store.databaseUrl, NODE_ENV: "test", LOG_LEVEL: "silent" });
  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, dataCommandArgs("import", ...args), { cwd: root, env: env(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }
  /** What an import may change, in short: the data version and the rows of the imported tables. */
  async function state(): Promise<string> {
    const count = async (table: "articles" | "categories" | "dealers") =>
      Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    return JSON.stringify([await getMeta(store.db, "data_version"), await count("articles"), await count("categories"), await count("dealers")]);
  }
  /** Lock and staging files left in the data folder. */
  const leftovers = () => fs.readdirSync(dataDir).filter((name) => /^import\.lock$|^import-staging-/.test(name));
  const write = (name: string, text: string) => {
    const file = path.join(scratch, name);
    fs.writeFileSync(file, text);
    return file;
  };
  /** The fixture catalogue with `insert` placed before the first `before`. */
  const withInsert = (before: string, insert: string) => catalogue.replace(before, `${insert}${before}`);
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

  const attacks: { name: string; file: () => string; kind: "catalogue" | "dealers"; line: (file: string) => number | null; message: RegExp }[] = [
    {
      name: "a 3 MB DESCRIPTION_LONG",
      kind: "catalogue",
      file: () => write("long-text.xml", withInsert("LED-Scheinwerfer.&lt;br&gt;", "Beschreibung ".repeat(250_000))),
      line: (file) => lineOf(fs.readFileSync(file, "utf8"), '<DESCRIPTION_LONG lang="deu">'),
      message: /DESCRIPTION_LONG: text longer than 64,000 characters/,
    },
    {
      name: "200,000 nested elements",
      kind: "catalogue",
      file: () => write("deep.xml", withInsert("<DESCRIPTION_SHORT", "<X>".repeat(200_000) + "</X>".repeat(200_000))),
      line: (file) => lineOf(fs.readFileSync(file, "utf8"), "<X>"),
      message: /X: elements nested more than 64 deep/,
    },
    {
      name: "a 17 MB CSV",
      kind: "dealers",
      file: () => write("large.csv", [dealerHeader, ...Array.from({ length: 17_000 }, (_, k) => `H-${k};Radhaus ${"x".repeat(1000)};Str. 1;80331;München;DE`)].join("\n")),
      // The first line that does not end within the first 16 MB.
      line: (file) => fs.readFileSync(file).subarray(0, 16 * 1024 * 1024).toString("latin1").split("\n").length,
      message: /the file goes on past 16 MB here/,
    },
    {
      name: "a CSV of 20,001 dealers",
      kind: "dealers",
      file: () => write("rows.csv", [dealerHeader, ...Array.from({ length: 20_001 }, (_, k) => `H-${k};Radhaus;Str. 1;80331;München;DE`)].join("\n")),
      line: () => 20_001,
      message: /more than 20,000 rows/,
    },
  ];

  it.each(attacks)("refuses $name with its line: exit 1, nothing changed, no files left", async ({ file, kind, line, message }) => {
    const before = await state();
    const hostile = file();
    const { code, stdout, stderr } = await cli(kind, hostile);
    expect(stderr).not.toMatch(/heap out of memory|at .*\.ts:\d+/);
    expect(code).toBe(1);
    const where = line(hostile);
    expect(stdout).toMatch(new RegExp(`^${hostile.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${where === null ? "" : `:${where}`}: error: ${message.source}`, "m"));
    expect(stdout).toMatch(/nothing was changed/);
    expect(await state()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it("removes the lock and the staging file when stopped with SIGTERM or Ctrl-C", async () => {
    const product = catalogue.slice(catalogue.indexOf("<PRODUCT mode"), catalogue.indexOf("</PRODUCT>") + "</PRODUCT>".length);
    const many = Array.from({ length: 40_000 }, (_, k) => product.replace("<SUPPLIER_PID>LX-100<", `<SUPPLIER_PID>LX-100-${k}<`)).join("\n");
    const file = write("many.xml", catalogue.replace(product, many));
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const child = spawn(process.execPath, dataCommandArgs("import", "catalogue", file), { cwd: root, env: env(), stdio: "ignore" });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, sig) => resolve({ code, signal: sig })));
      // Stopped while it stages: the staging file exists from the first product on.
      while (!fs.readdirSync(dataDir).some((name) => name.startsWith("import-staging-"))) await new Promise((resolve) => setTimeout(resolve, 10));
      child.kill(signal);
      expect(await exited, signal).toEqual({ code: 128 + (os.constants.signals[signal] ?? 0), signal: null });
      expect(leftovers(), signal).toEqual([]);
    }
  });

  it("says in one line that the disk is full while staging, and leaves nothing behind", async () => {
    const before = await state();
    // What a real full disk left beside the staging file of an import that could not clean up.
    fs.writeFileSync(path.join(dataDir, "import-staging-999999999.sqlite-journal"), "");
    const product = catalogue.slice(catalogue.indexOf("<PRODUCT mode"), catalogue.indexOf("</PRODUCT>") + "</PRODUCT>".length);
    const file = write("full.xml", catalogue.replace(product, Array.from({ length: 2000 }, (_, k) => product.replace("<SUPPLIER_PID>LX-100<", `<SUPPLIER_PID>LX-${k}<`)).join("\n")));
    const summary = await importCatalogue(store.db, {
      brand: makerBrand,
      file,
      dryRun: false,
      dataDir,
      siteMediaDir: mediaDirectory(dataDir),
      log: () => {},
      quiet: true,
      // SQLite answers SQLITE_FULL past this size, as it does on a full disk.
      stagingMaxBytes: 64 * 1024,
    });
    expect(summary.errors).toEqual([{ line: null, message: expect.stringMatching(/^no space left on device while staging the import in .*: free space there, or set DATA_DIR/) }]);
    expect(formatSummary(summary).join("\n")).not.toMatch(/SqliteError|\n\s+at /);
    expect(await state()).toBe(before);
    expect(leftovers()).toEqual([]);
  });
});
