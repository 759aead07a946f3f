import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../build-dir.js";
import { LAYERS, PENDING, forbiddenFor } from "../../eslint.config.js";
import { readSource, sources } from "./source-imports";

/**
 * The layer rules of eslint.config.js (decisions 026 and 046), tried on probe files: every forbidden
 * direction must fail and every allowed one pass. Files that several zones cover are tried too: a
 * later block's options for a rule replace an earlier one's, which once let components import the
 * server unnoticed.
 */
const eslint = new ESLint({ cwd: projectRoot });

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${projectRoot}/${file}` });
  return (result?.messages ?? []).map((message) => message.message);
}

/** The lines of `source` (1-based) that lint reports. */
async function reportedLines(file: string, source: string): Promise<Set<number>> {
  const [result] = await eslint.lintText(source, { filePath: `${projectRoot}/${file}` });
  return new Set((result?.messages ?? []).map((message) => message.line));
}

const modules: string[] = LAYERS.flatMap((layer) => layer.modules);
const isFile = (module: string) => fs.existsSync(path.join(projectRoot, "app", `${module}.ts`)) || fs.existsSync(path.join(projectRoot, "app", `${module}.tsx`));
/** Where a probe for `module` lives: inside its folder, or the top-level file itself. */
const probeFile = (module: string) => (isFile(module) && !fs.existsSync(path.join(projectRoot, "app", module)) ? `app/${module}.ts` : `app/${module}/probe.ts`);
const target = (module: string) => (isFile(module) && !fs.existsSync(path.join(projectRoot, "app", module)) ? `~/${module}` : `~/${module}/probe`);

describe("layer table", () => {
  it("places every folder and top-level module of app/ (a folder without TypeScript, like the styles, aside)", () => {
    const present = fs
      .readdirSync(path.join(projectRoot, "app"), { withFileTypes: true })
      .filter((entry) => (entry.isDirectory() ? sources(`app/${entry.name}`).length > 0 : /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)))
      .map((entry) => entry.name.replace(/\.tsx?$/, ""));
    expect(present.filter((name) => !modules.includes(name))).toEqual([]);
  });

  it("keeps the directions issue 27 names", () => {
    const forbids = (from: string, to: string) => forbiddenFor(from).includes(to);
    // Sibling features never import each other.
    for (const [a, b] of [["catalog", "contact"], ["catalog", "documents"], ["contact", "documents"], ["import", "export"]] as const) {
      expect(forbids(a, b) && forbids(b, a), `${a} ↔ ${b}`).toBe(true);
    }
    expect(forbids("catalog", "dealers"), "catalog → dealers").toBe(true);
    for (const feature of ["catalog", "dealers", "contact", "documents", "import", "export", "seed"]) {
      for (const lower of ["db", "models", "utils", "i18n", "config"]) expect(forbids(lower, feature), `${lower} → ${feature}`).toBe(true);
      expect(forbids(feature, "routes"), `${feature} → routes`).toBe(true);
      expect(forbids(feature, "components"), `${feature} → components`).toBe(true);
    }
    expect(forbids("db", "models")).toBe(true);
    expect(forbids("components", "routes") && forbids("components", "root") && forbids("components", "db")).toBe(true);
  });
});

describe("layer rules", () => {
  it.each(modules)("let %s import exactly what the table allows", async (module) => {
    const others = modules.filter((other) => other !== module);
    const source = others.map((other, i) => `import { a${i} } from "${target(other)}";`).join("\n") + `\nexport const all = [${others.map((_, i) => `a${i}`).join(", ")}];\n`;
    const reported = await reportedLines(probeFile(module), source);
    const flagged = others.filter((_, i) => reported.has(i + 1)).sort();
    expect(flagged).toEqual([...forbiddenFor(module)].sort());
    expect(flagged.length).toBeGreaterThan(0);
  });

  it("count type-only imports too", async () => {
    expect(await problems("app/catalog/probe.ts", `import type { Dealer } from "~/dealers/dealer/dealer";\nexport type D = Dealer;\n`)).toEqual([
      expect.stringContaining("Layers (decision 046): catalog"),
    ]);
  });

  it.each(["app/components/probe.tsx", "app/utils/probe.ts", "app/models/probe.server.ts", "app/db/probe.ts", "app/routes/probe.tsx"])(
    "keep %s from importing the server or the scripts",
    async (file) => {
      const found = await problems(file, `import { a } from "../../server/app";\nimport { b } from "../../scripts/import";\nexport const c = [a, b];\n`);
      expect(found.filter((message) => message.includes("never imports the server or the scripts"))).toHaveLength(2);
    },
  );

  it("keep each zone's own rule beside the app-wide one", async () => {
    expect(await problems("app/components/probe.tsx", `import { a } from "~/routes/home";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Layers (decision 046): components"),
    ]);
    expect(await problems("app/models/probe.server.ts", `import { a } from "~/dealers/dealer/dealer";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Layers (decision 046): models"),
    ]);
    expect(await problems("app/catalog/probe.ts", `import { a } from "~/models/article.server";\nexport const b = a;\n`)).toEqual([]);
  });

  it("reach into subfolders, and send relative paths through the alias", async () => {
    expect(await problems("app/dealers/search/probe.ts", `import { a } from "~/routes/handlersuche";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Layers (decision 046): dealers"),
    ]);
    expect(await problems("app/components/dealers/map/probe.tsx", `import { a } from "../../../catalog/menu";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Use the ~/ alias"),
    ]);
  });

  it("keep the server from the scripts and the pages", async () => {
    const found = await problems(
      "server/probe.ts",
      `import { a } from "../scripts/import";\nimport { b } from "~/routes/home";\nimport { c } from "~/components/layout/site-header";\nimport { d } from "~/catalog/menu";\nexport const e = [a, b, c, d];\n`,
    );
    expect(found).toEqual([
      expect.stringContaining("never imports the scripts"),
      expect.stringContaining("through React Router's build"),
      expect.stringContaining("through React Router's build"),
    ]);
  });

  it("hold for dynamic imports, which lint does not see", () => {
    const DYNAMIC = /\bimport\(\s*["'`]~\/([^/"'`]+)/g;
    const offenders = sources("app").flatMap((file) => {
      const own = file.split("/")[1]?.replace(/\.tsx?$/, "") ?? "";
      if (!modules.includes(own)) return [];
      return [...readSource(file).matchAll(DYNAMIC)]
        .map((m) => (m[1] ?? "").replace(/\.tsx?$/, ""))
        .filter((to) => forbiddenFor(own).includes(to))
        .map((to) => `${file} → ${to}`);
    });
    expect(offenders).toEqual([]);
  });

  it("list as pending only files that still exist", () => {
    expect(Object.keys(PENDING).filter((file) => !fs.existsSync(path.join(projectRoot, file)))).toEqual([]);
  });
});
