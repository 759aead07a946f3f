import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeStreamedFile } from "./streamed-file.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-streamed-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("writeStreamedFile", () => {
  it("writes many chunks through the stream, then puts the file in place", async () => {
    const target = path.join(dir, "new", "catalogue.xml");
    const line = `${"x".repeat(1023)}\n`;
    await writeStreamedFile(target, async (sink) => {
      for (let i = 0; i < 4096; i++) await sink.write(line);
      // Not there before the end: readers never see half a file under the real name.
      expect(fs.existsSync(target)).toBe(false);
    });
    expect(fs.statSync(target).size).toBe(4096 * 1024);
    expect(fs.readdirSync(path.dirname(target))).toEqual(["catalogue.xml"]);
  });

  it("leaves the previous file as it was, and no temporary file, when writing fails", async () => {
    const target = path.join(dir, "old.xml");
    fs.writeFileSync(target, "previous export");
    await expect(
      writeStreamedFile(target, async (sink) => {
        await sink.write("<BMECAT>");
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("the database went away");
    expect(fs.readFileSync(target, "utf8")).toBe("previous export");
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
