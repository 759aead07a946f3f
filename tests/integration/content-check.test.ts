import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { CONTENT_FILES } from "~/content/content-files";
import { projectRoot } from "../../build-dir.js";
import { dataCommandArgs } from "../support/data-command";

/**
 * `npm run content -- check` as editors and CI run it: the bundled command (scripts/content.ts)
 * over the shipped content folder and over broken copies of it, with the seeded demo media.
 */
const firstYaml = CONTENT_FILES.find((entry) => entry.format === "yaml");
let work: string;

function run(args: string[], contentDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      dataCommandArgs("content", ...args),
      { cwd: projectRoot, env: { ...process.env, CONTENT_DIR: contentDir, DATA_DIR: inject("templateDataDir"), MEDIA_DIR: "" } },
      (error, stdout, stderr) => resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr }),
    );
  });
}

/** A copy of the shipped content folder to break. */
function copy(): string {
  const dir = fs.mkdtempSync(path.join(work, "content-"));
  fs.cpSync(path.join(projectRoot, "content"), dir, { recursive: true });
  return dir;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-content-check-"));
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("npm run content -- check", () => {
  it("passes the shipped content folder with a one-line summary and exit 0", async () => {
    const result = await run(["check"], path.join(projectRoot, "content"));
    const count: number = CONTENT_FILES.length;
    expect(result).toEqual({ code: 0, stdout: `Content OK: ${count} ${count === 1 ? "file" : "files"} checked, no problems.\n`, stderr: "" });
  });

  it("prints every problem as file:line: message and exits 1", async () => {
    if (!firstYaml) throw new Error("no YAML file is registered");
    const dir = copy();
    const file = path.join(dir, firstYaml.path);
    const text = fs.readFileSync(file, "utf8").replace(/\n*$/, "\n");
    fs.writeFileSync(file, `${text}typo_key: 1\n`);
    const lines = text.split("\n").length;
    fs.writeFileSync(path.join(dir, "misspelt-name.yaml"), "a: 1\n");
    const result = await run(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split("\n")).toEqual([
      `${file}:${lines}: typo_key: unknown key (misspelt, or not one this file has)`,
      expect.stringMatching(new RegExp(`^${path.join(dir, "misspelt-name.yaml")}:1: the site does not read this file`)),
    ]);
    expect(result.stderr).toBe("2 problems in the content folder.\n");
  });

  it("names a missing file and a YAML mistake with their lines, also as JSON", async () => {
    if (!firstYaml) throw new Error("no YAML file is registered");
    const dir = copy();
    fs.writeFileSync(path.join(dir, firstYaml.path), "a: 1\nb: [unclosed\n");
    const others = CONTENT_FILES.filter((entry) => entry !== firstYaml);
    for (const entry of others) fs.rmSync(path.join(dir, entry.path));
    const result = await run(["check", "--json"], dir);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; files: number; problems: { file: string; line: number; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.files).toBe(CONTENT_FILES.length);
    expect(report.problems[0]).toEqual({ file: path.join(dir, firstYaml.path), line: expect.any(Number), message: expect.stringMatching(/^YAML: /) });
    expect(report.problems[0]?.line).toBeGreaterThanOrEqual(2);
    expect(report.problems.slice(1).map((problem) => problem.message)).toEqual(others.map(() => expect.stringMatching(/^is missing/)));
  });

  it("reports every problem of every file in one run: a link to no page, a wrong field and a missing picture (issue 37)", async () => {
    const dir = copy();
    const home = path.join(dir, "content/home.yaml".replace(/^content\//, ""));
    const lines = fs.readFileSync(home, "utf8").split("\n");
    // The line an editor sees, counted from 1: the link, a field of the same file that is wrong, a picture that is not there.
    const linkLine = lines.findIndex((line) => line.includes("to: /handlersuche")) + 1;
    lines[linkLine - 1] = lines[linkLine - 1]!.replace("/handlersuche", "/haendlersuche");
    const pictureLine = lines.findIndex((line) => line.includes("slide-2-mobile.jpg")) + 1;
    lines[pictureLine - 1] = lines[pictureLine - 1]!.replace("slide-2-mobile.jpg", "slide-9-mobile.jpg");
    const titleLine = lines.findIndex((line) => line.startsWith("title:")) + 2;
    lines[titleLine - 1] = "  de: ''";
    fs.writeFileSync(home, lines.join("\n"));
    const legal = path.join(dir, "legal/impressum.md");
    fs.appendFileSync(legal, "\nSiehe [Datenschutz](/datenschutz) und [Kontakt](/kontakt).\n");
    const legalLine = fs.readFileSync(legal, "utf8").split("\n").length - 1;
    const result = await run(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split("\n")).toEqual([
      `${home}:${titleLine}: title.de: must not be empty`,
      `${home}:${pictureLine}: slides.1.image.mobile: static/slide-9-mobile.jpg is not in the media folder (${path.join(inject("templateDataDir"), "media")})`,
      expect.stringMatching(new RegExp(`^${home}:${linkLine}: slides\\.2\\.link\\.to: the link /haendlersuche leads to no page of the site`)),
      expect.stringMatching(new RegExp(`^${legal}:${legalLine}: body: the link /kontakt leads to no page of the site`)),
    ]);
  });

  it("answers wrong usage with the usage and exit 2", async () => {
    for (const args of [[], ["fix"], ["check", "extra"], ["check", "--nope"]]) {
      const result = await run(args, path.join(projectRoot, "content"));
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("npm run content -- check [--json]");
    }
  });

  it("says so when the folder does not exist", async () => {
    const result = await run(["check"], path.join(work, "nowhere"));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/nowhere:1: the content folder does not exist/);
  });
});
