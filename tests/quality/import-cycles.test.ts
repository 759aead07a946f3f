import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No module imports itself in a circle (issue 15, decision 026). A plain scan of the import
 * statements: the lint plugins that do this need native resolver packages the registry lacks.
 */
const root = path.resolve(import.meta.dirname, "../..");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/g;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function resolve(from: string, spec: string, known: Set<string>): string | null {
  const base = spec.startsWith("~/") ? path.join("app", spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : null;
  if (base === null) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) if (known.has(base + ext)) return base + ext;
  return null;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("module graph", () => {
  it("has no import cycles in app/ and server/ (type-only imports aside)", () => {
    const files = [...sources("app"), ...sources("server")];
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => {
        const text = fs.readFileSync(path.join(root, file), "utf8");
        const targets = [...text.matchAll(IMPORT)].filter((m) => !m[1]).map((m) => resolve(file, m[2] ?? "", known));
        return [file, targets.filter((t): t is string => t !== null)];
      }),
    );
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  });
});
