import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContentLoadError } from "./content-store.server";
import { readContent } from "./read-content.server";

let dir: string;
const shipped = path.resolve("content");

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-read-content-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("readContent", () => {
  it("reads the shipped brand file as the server would", () => {
    const brand = readContent("brand", { dir: shipped, mediaDir: dir });
    expect(brand.company.legalName).toMatch(/GmbH/);
    expect(brand.tagline.en.length).toBeGreaterThan(0);
  });

  it("stops with every problem of a broken file, named file:line", () => {
    fs.writeFileSync(path.join(dir, "brand.yaml"), fs.readFileSync(path.join(shipped, "brand.yaml"), "utf8").replace(/^name: .*$/m, "name: ''"));
    let error: unknown;
    try {
      readContent("brand", { dir, mediaDir: dir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentLoadError);
    expect((error as ContentLoadError).message).toMatch(/brand\.yaml:\d+: .*must not be empty/);
  });

  it("says when the file is missing", () => {
    expect(() => readContent("brand", { dir, mediaDir: dir })).toThrow(/brand\.yaml:1: is missing/);
  });
});
