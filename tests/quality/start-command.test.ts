import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, projectRoot, serverEntry } from "../../build-dir.js";

describe("npm start", () => {
  it("runs the launcher with the flags the tests and benchmarks use", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
    const start = pkg.scripts.start ?? "";
    const run = start.slice(start.lastIndexOf("&&") + 2).trim();
    expect(run.split(/\s+/).slice(0, SERVER_NODE_FLAGS.length + 1)).toEqual(["node", ...SERVER_NODE_FLAGS]);
    expect(run.split(/\s+/).at(-1)).toBe(path.relative(projectRoot, serverEntry));
  });
});
