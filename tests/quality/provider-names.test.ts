import { describe, expect, it } from "vitest";
import { ARTICLE_FIELD_LIST } from "~/exchange/article-fields";
import { importsOf, readSource, resolveImport, sources } from "./source-imports";

/*
 * Pages speak our own names (issue 15, decision 026): the provider's field names stay in the
 * provider adapter, its formatter for our API, the API routes and the imports. Lint forbids the
 * imports too; this also catches a field name written out against a type of a page's own.
 */

const PROVIDER_MODULES = new Set(["app/exchange/provider-schema.ts", "app/catalog/provider-format.server.ts", "app/dealers/provider-reseller-format.server.ts"]);

/** The table's fields (MANUFACTURER, SAFETY, …, decision 058) are named in app/exchange/article-fields.ts. */
const FIELD_KEYS = ARTICLE_FIELD_LIST.map((field) => field.provider).join("|");
const PROVIDER_FIELD = new RegExp(String.raw`\b(?:bbf_cat_\w+|TEXT[15]|PARTNO|PRODCATNAME|RESELLERPRICE|IMAGENAME|CATEGORY_ID|${FIELD_KEYS}|DOCUMENTS|NAME_EN|adresse)\b|\.ort\b`, "g");

function pageFiles(): string[] {
  const routes = sources("app/routes", { tests: true }).filter((file) => !file.startsWith("app/routes/api/"));
  return ["app/root.tsx", ...routes, ...sources("app/components", { tests: true }), ...sources("app/documents", { tests: true })];
}

/** What a reader sees as code: comments may name the provider's fields to say where ours come from. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

function providerNamesIn(text: string): string[] {
  return [...withoutComments(text).matchAll(PROVIDER_FIELD)].map((m) => m[0]);
}

describe("pages, components and documents", () => {
  const known = new Set(sources("app"));

  it("import neither the provider's schema nor its formatter", () => {
    const offenders = pageFiles().flatMap((file) =>
      importsOf(readSource(file))
        .map((statement) => resolveImport(file, statement.specifier, known))
        .filter((target) => target !== null && PROVIDER_MODULES.has(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(pageFiles().length).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  it("read none of the provider's field names", () => {
    const offenders = pageFiles().flatMap((file) => providerNamesIn(readSource(file)).map((name) => `${file}: ${name}`));
    expect(offenders).toEqual([]);
  });

  it("would notice them", () => {
    expect(providerNamesIn("const p = article.PARTNO; // TEXT1\nshow(dealer.ort, d.adresse, c.bbf_cat_name);")).toEqual([
      "PARTNO",
      ".ort",
      "adresse",
      "bbf_cat_name",
    ]);
    expect(providerNamesIn('/* the provider\'s RESELLERPRICE */ fetch("https://example.com/ort")')).toEqual([]);
  });
});
