import fs from "node:fs";
import path from "node:path";

/*
 * A plain scan of the app's import statements for the layer tests (issue 15, decision 026): the
 * lint plugins that resolve imports need native resolver packages the registry lacks.
 */

export const root = path.resolve(import.meta.dirname, "../..");

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/g;

/** The TypeScript sources below `dir` (relative to the repository), generated route types left out. */
export function sources(dir: string, options: { tests?: boolean } = {}): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(rel, options);
    return /\.tsx?$/.test(entry.name) && (options.tests || !/\.test\.tsx?$/.test(entry.name)) ? [rel] : [];
  });
}

export function readSource(file: string): string {
  return fs.readFileSync(path.join(root, file), "utf8");
}

export interface ImportStatement {
  specifier: string;
  typeOnly: boolean;
}

export function importsOf(text: string): ImportStatement[] {
  return [...text.matchAll(IMPORT)].map((m) => ({ specifier: m[2] ?? "", typeOnly: Boolean(m[1]) }));
}

/** The repository path an app import names (`~/…` or relative), or null for a package. */
export function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) if (known.has(base + ext)) return base + ext;
  return null;
}
