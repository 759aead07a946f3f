import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shippedBrand } from "../support/shipped-brand";
import { root } from "./source-imports";

/*
 * Issue 30: content/brand.yaml is the one home of the brand's name, legal name, tagline, colours and
 * company data (decisions 060 and 062). app/config/ keeps the technical settings only (slug,
 * dealerTag, shopId, groups, …), so a second copy of the company cannot come back there unnoticed.
 * (app/config/company.ts and brand.ts's `name`, `legalName`, `tagline` and `colors` went once nothing
 * read them: each `expect` below fails should one of them come back.)
 */

const folder = path.join(root, "app", "config");
const sources = fs
  .readdirSync(folder)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file: `app/config/${file}`, text: fs.readFileSync(path.join(folder, file), "utf8") }));
const { company } = shippedBrand();

/** A property of that name, as an object literal or a type writes it. */
const property = (key: string) => new RegExp(`(?:^|[\\s{,])${key}\\??\\s*:`, "m");

describe("app/config/ holds no brand content", () => {
  it("has no property named like a key of brand.yaml's company, nor tagline, colors or the brand's name", () => {
    for (const { file, text } of sources) {
      for (const key of Object.keys(company)) expect(text, `${file}: ${key}`).not.toMatch(property(key));
      for (const key of ["tagline", "colors", "name"]) expect(text, `${file}: ${key}`).not.toMatch(property(key));
    }
  });

  it("names none of the shipped company's data", () => {
    const values = [company.legalName, company.street, company.postalCode, company.phone, company.email, company.registerNumber, company.vatId, ...company.managingDirectors];
    for (const { file, text } of sources) {
      for (const value of values) expect(text, `${file}: ${value}`).not.toContain(value);
    }
  });
});
