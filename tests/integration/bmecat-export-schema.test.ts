import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueExportSummary } from "~/export/catalogue-export.server";
import { dataCommandArgs } from "../support/data-command";
import { copyTemplateDataDir } from "../support/test-server";
import { validateBmecat } from "../support/xmllint";

/**
 * The export is BMEcat a partner's tools accept (decision 042): `npm run export` of the demo
 * catalogue validates with xmllint against the official BMEcat 2005 schema plus velocat's UDX
 * schema, without warnings, so nothing was shortened on the way.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-export-schema-"));
const file = path.join(work, "catalogue.xml");
let dataDir: string;
let summary: CatalogueExportSummary;

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      dataCommandArgs("export", "bmecat", file, "--json"),
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, maxBuffer: 16 * 1024 * 1024 },
      (error, out, stderr) => (error ? reject(new Error(`export failed: ${stderr}`)) : resolve(out)),
    );
  });
  summary = JSON.parse(stdout) as CatalogueExportSummary;
}, 120_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("BMEcat export of the demo catalogue", () => {
  it("is written whole and without warnings", () => {
    expect(summary.products).toBeGreaterThan(300);
    expect(summary.warnings).toEqual([]);
  });

  it("validates against the official BMEcat 2005 schema and velocat's UDX schema", async () => {
    const check = await validateBmecat(file);
    // The first few of xmllint's messages, should there be any, are the useful part of a failure.
    expect(check.errors.slice(0, 5)).toEqual([]);
    expect(check.valid).toBe(true);
  }, 60_000);

  it("declares the schema's namespace and uses the velocat extensions the UDX schema declares", () => {
    const xml = fs.readFileSync(file, "utf8");
    expect(xml).toContain(`<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005fd">`);
    for (const element of ["UDX.VELOCAT.MENU_GROUP", "UDX.VELOCAT.SYMBOL", "UDX.VELOCAT.BLOCK_ORDER", "udf-velocat-secondary-1.0"]) expect(xml).toContain(element);
  });
});
