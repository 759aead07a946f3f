import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS, projectRoot, serverEntry } from "../../build-dir.js";

describe("npm start", () => {
  it("runs the launcher with the flags the tests and benchmarks use", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
    const start = pkg.scripts.start ?? "";
    const words = start.slice(start.lastIndexOf("&&") + 2).trim().split(/\s+/);
    // Assignments before the command (`NAME=${NAME:-default}` keeps a value already set): the
    // environment the tests and benchmarks start the server with.
    const assignments = words.filter((word) => /^[A-Z_]+=/.test(word));
    const run = words.slice(assignments.length);
    const defaults = assignments.map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1).replace(/^\$\{\w+:-(.*)\}$/, "$1")]);
    expect(Object.fromEntries(defaults)).toEqual(SERVER_ENV);
    expect(run.slice(0, SERVER_NODE_FLAGS.length + 1)).toEqual(["node", ...SERVER_NODE_FLAGS]);
    expect(run.at(-1)).toBe(path.relative(projectRoot, serverEntry));
  });
});
