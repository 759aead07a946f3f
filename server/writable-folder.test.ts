import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareWritableFolder } from "./writable-folder";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-writable-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("prepareWritableFolder", () => {
  it("makes missing folders and leaves no probe behind", () => {
    const dir = path.join(root, "a", "b", "media");
    expect(prepareWritableFolder(dir)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("says why a file, a path below a file or an impossible path cannot be used, without hanging", () => {
    const file = path.join(root, "file");
    fs.writeFileSync(file, "");
    expect(prepareWritableFolder(file)).toMatch(/is not a folder$/);
    expect(prepareWritableFolder(path.join(file, "media"))).toMatch(/cannot be used \(ENOTDIR: /);
    // Node's recursive mkdir never returns here.
    expect(prepareWritableFolder("/proc/velocat-nonexistent/media")).toMatch(/cannot be used \(ENOENT: /);
  });
});
