import { describe, expect, it } from "vitest";
import { importsOf, readSource, resolveImport, sources } from "./source-imports";

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

/** No module imports itself in a circle (issue 15, decision 026). */
describe("module graph", () => {
  it("has no import cycles in app/ and server/ (type-only imports aside)", () => {
    const files = [...sources("app"), ...sources("server")];
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => {
        const targets = importsOf(readSource(file))
          .filter((statement) => !statement.typeOnly)
          .map((statement) => resolveImport(file, statement.specifier, known));
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
