import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineContentFile } from "./content-file";
import { ContentLoadError, type ContentLogger, type ContentStore, createContentStore } from "./content-store.server";
import { mediaPicture } from "./media-picture";

const FILES = [
  defineContentFile({
    name: "home",
    path: "home.yaml",
    format: "yaml",
    schema: z.strictObject({ heading: z.strictObject({ de: z.string(), en: z.string() }), slides: z.array(z.strictObject({ image: mediaPicture() })) }),
  }),
  defineContentFile({ name: "imprint", path: "legal/impressum.md", format: "markdown", schema: z.strictObject({ title: z.string(), body: z.string() }) }),
] as const;

const HOME = "heading:\n  de: Hallo\n  en: Hello\nslides:\n  - image: static/one.jpg\n";
const IMPRINT = "---\ntitle: Impressum\n---\n# Angaben gemäß § 5 DDG\n";

let root: string;
let dir: string;
let mediaDir: string;
let lines: { level: "info" | "warn"; message: string }[];
const stores: ContentStore<typeof FILES>[] = [];

const logger = {
  info: (_fields: object, message: string) => lines.push({ level: "info", message }),
  warn: (_fields: object, message: string) => lines.push({ level: "warn", message }),
} as unknown as ContentLogger;

async function picture(relative: string, width: number, height: number) {
  fs.mkdirSync(path.dirname(path.join(mediaDir, relative)), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .toFile(path.join(mediaDir, relative));
}

function write(relative: string, text: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
}

function open(options: { watch?: boolean; pollMs?: number } = {}) {
  const store = createContentStore({ dir, mediaDir, logger, files: FILES, ...options });
  stores.push(store);
  return store;
}

/** A store that has taken its first look at the files, so a change written next is found by the watch or the poll alone. */
async function openLive(options: { watch?: boolean; pollMs?: number } = {}) {
  const store = open(options);
  await store.refresh();
  return store;
}

/** Waits until `done()` holds, at most `ms`; gives the time it took. No fixed sleeps: it looks every 20 ms. */
async function within(ms: number, done: () => boolean): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

function startError(): ContentLoadError {
  try {
    open();
  } catch (error) {
    if (error instanceof ContentLoadError) return error;
    throw error;
  }
  throw new Error("the store started");
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-content-"));
  dir = path.join(root, "content");
  mediaDir = path.join(root, "media");
  lines = [];
  write("home.yaml", HOME);
  write("legal/impressum.md", IMPRINT);
  await picture("static/one.jpg", 64, 32);
  // Written long ago: the store reads a file written in the last 2 s again on every look, which
  // would find a test's change without the watch or the poll being tested.
  const past = new Date(Date.now() - 60_000);
  for (const file of ["content/home.yaml", "content/legal/impressum.md", "media/static/one.jpg"]) fs.utimesSync(path.join(root, file), past, past);
});

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("content store: start", () => {
  it("gives each file's content, typed by its schema, with the pictures' sizes", () => {
    const store = open();
    expect(store.get("home").heading.en).toBe("Hello");
    expect(store.get("home").slides[0]?.image).toEqual({ path: "static/one", width: 64, height: 32 });
    expect(store.get("imprint")).toEqual({ title: "Impressum", body: "# Angaben gemäß § 5 DDG\n" });
    expect(store.version()).toMatch(/^[0-9a-f]{12}$/);
    expect(store.check()).toEqual([]);
  });

  it("gives the same version for the same files on every instance", () => {
    expect(open({ watch: false }).version()).toBe(open({ watch: false }).version());
  });

  it("stops the start on a broken file, naming every problem with file:line, of every kind at once", () => {
    write("home.yaml", HOME.replace("en: Hello", "en: Hello\n  fr: Salut").replace("static/one.jpg", "static/none.jpg"));
    fs.rmSync(path.join(dir, "legal/impressum.md"));
    const error = startError();
    expect(error.problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message}`)).toEqual([
      "home.yaml:4: heading.fr: unknown key (misspelt, or not one this file has)",
      // Found although the file's fields are wrong too (issue 37: one kind of problem a run before).
      `home.yaml:6: slides.0.image: static/none.jpg is not in the media folder (${mediaDir})`,
      "impressum.md:1: is missing: the site reads it (Markdown, see docs/content.md)",
    ]);
    expect(error.message).toMatch(/content\/home\.yaml:4: heading\.fr/);
  });

  it("names a missing content folder once", () => {
    fs.rmSync(dir, { recursive: true });
    expect(startError().problems).toEqual([{ file: dir, line: 1, message: "the content folder does not exist (CONTENT_DIR)" }]);
  });

  it("reports a picture missing from the media folder on the line that names it", () => {
    write("home.yaml", HOME.replace("static/one.jpg", "static/none.jpg"));
    expect(startError().problems).toEqual([{ file: expect.stringMatching(/home\.yaml$/), line: 5, message: expect.stringMatching(/^slides\.0\.image: static\/none\.jpg is not in the media folder/) }]);
  });

  it("says so when the media folder itself is not there (a fresh checkout)", () => {
    fs.rmSync(mediaDir, { recursive: true });
    expect(startError().problems[0]?.message).toMatch(/static\/one\.jpg is not in the media folder \(.*media, which does not exist: start the site once or set MEDIA_DIR\)$/);
  });

  it("refuses a picture that is not a JPEG, a hidden folder and a way out of the media folder", () => {
    fs.writeFileSync(path.join(mediaDir, "static/fake.jpg"), "GIF89a not a jpeg at all");
    write("home.yaml", HOME.replace("static/one.jpg", "static/fake.jpg"));
    expect(startError().problems[0]?.message).toMatch(/not a JPEG/);
    for (const name of ["../secret.jpg", ".variants/x.jpg", "/etc/x.jpg", "static/one.png"]) {
      write("home.yaml", HOME.replace("static/one.jpg", name));
      expect(startError().problems[0]?.message).toMatch(/^slides\.0\.image: must name a JPEG picture/);
    }
  });

  it("refuses a file over 128 KB without reading it, binary garbage, a link out of the folder and a FIFO", () => {
    const huge = path.join(dir, "home.yaml");
    fs.truncateSync(huge, 50 * 1024 * 1024);
    expect(startError().problems[0]?.message).toMatch(/52,428,800 bytes, more than the 131,072/);
    fs.writeFileSync(huge, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]));
    expect(startError().problems[0]?.message).toBe("is not UTF-8 text (a binary file?)");
    fs.writeFileSync(path.join(root, "outside.yaml"), HOME);
    fs.rmSync(huge);
    fs.symlinkSync(path.join(root, "outside.yaml"), huge);
    expect(startError().problems[0]?.message).toMatch(/outside the content folder: refused/);
    fs.rmSync(huge);
    execFileSync("mkfifo", [huge]);
    expect(startError().problems[0]?.message).toBe("is not a file");
  });

  it("reports 50 problems of a file at most, and how many more there are", () => {
    write("home.yaml", `${HOME}${Array.from({ length: 60 }, () => "slides: []").join("\n")}\n`);
    const problems = startError().problems;
    expect(problems).toHaveLength(51);
    expect(problems.at(-1)).toEqual({ file: expect.any(String), line: 55, message: "and 10 more problems after this line" });
  });

  it("accepts a link that stays inside the folder", () => {
    fs.renameSync(path.join(dir, "home.yaml"), path.join(dir, "home-real.yaml"));
    fs.symlinkSync("home-real.yaml", path.join(dir, "home.yaml"));
    expect(open().get("home").heading.de).toBe("Hallo");
  });
});

describe("content store: live", () => {
  it("shows a saved change within 2 s, and a new version", async () => {
    const store = await openLive();
    const before = store.version();
    write("home.yaml", HOME.replace("Hallo", "Servus"));
    const took = await within(2000, () => store.get("home").heading.de === "Servus");
    expect(took).toBeLessThan(2000);
    expect(store.version()).not.toBe(before);
    expect(lines).toContainEqual({ level: "info", message: expect.stringMatching(/\/content\/home\.yaml changed: live$/) });
  });

  it("the watch alone (a poll once a minute) shows a change made on this machine at once", async () => {
    const store = await openLive({ pollMs: 60_000 });
    write("legal/impressum.md", IMPRINT.replace("§ 5 DDG", "§ 5 Digitale-Dienste-Gesetz"));
    expect(await within(1000, () => store.get("imprint").body.includes("Digitale-Dienste"))).toBeLessThan(1000);
  });

  it("keeps the last good content of a broken file and logs one line naming file:line, once per change", async () => {
    const store = await openLive();
    const before = store.version();
    write("home.yaml", HOME.replace("  en: Hello\n", "  en: Hello: there\n"));
    await within(2000, () => lines.some((line) => line.level === "warn"));
    // Several more looks at the same broken file: nothing more is logged.
    for (let i = 0; i < 4; i++) await store.refresh();
    expect(lines.filter((line) => line.level === "warn")).toEqual([
      { level: "warn", message: expect.stringMatching(/content\/home\.yaml:3: YAML: .*; the last good content stays live$/) },
    ]);
    expect(store.get("home").heading.en).toBe("Hello");
    expect(store.version()).toBe(before);
    expect(store.check()).toEqual([expect.objectContaining({ line: 3 })]);

    write("home.yaml", HOME.replace("Hello", "Hi"));
    await within(2000, () => store.get("home").heading.en === "Hi");
    expect(store.check()).toEqual([]);
    expect(lines.at(-1)).toEqual({ level: "info", message: expect.stringMatching(/\/content\/home\.yaml changed and is valid again: live$/) });
  });

  it("keeps the last good content of a file deleted while it runs, and logs it once", async () => {
    const store = await openLive();
    fs.rmSync(path.join(dir, "legal/impressum.md"));
    await within(2000, () => lines.some((line) => line.level === "warn"));
    await store.refresh();
    expect(lines.filter((line) => line.level === "warn")).toEqual([{ level: "warn", message: expect.stringMatching(/impressum\.md:1: is missing/) }]);
    expect(store.get("imprint").title).toBe("Impressum");
    write("legal/impressum.md", IMPRINT.replace("Impressum", "Anbieterkennzeichnung"));
    await within(2000, () => store.get("imprint").title === "Anbieterkennzeichnung");
  });

  it("two instances on one folder, looking by poll alone (a shared folder), each show a change within 2 s", async () => {
    const one = await openLive({ watch: false });
    const two = await openLive({ watch: false });
    write("home.yaml", HOME.replace("Hello", "Howdy"));
    const took = await within(2000, () => one.get("home").heading.en === "Howdy" && two.get("home").heading.en === "Howdy");
    expect(took).toBeLessThan(2000);
    expect(one.version()).toBe(two.version());
  });

  it("sees a picture replaced under the same name: its new size, and a new version", async () => {
    const store = await openLive({ watch: false });
    const before = store.version();
    await picture("static/one.jpg", 80, 40);
    await within(2000, () => store.get("home").slides[0]?.image.width === 80);
    expect(store.version()).not.toBe(before);
  });

  it("shows a change on a missing picture as a problem of the file that names it, and keeps the last good", async () => {
    const store = await openLive({ watch: false });
    fs.rmSync(path.join(mediaDir, "static/one.jpg"));
    await within(2000, () => store.check().length > 0);
    expect(store.check()).toEqual([expect.objectContaining({ line: 5, message: expect.stringMatching(/static\/one\.jpg is not in the media folder/) })]);
    expect(store.get("home").slides[0]?.image.width).toBe(64);
  });

  it("tells its listeners which file changed, not for a refused change, and a failing listener stops nothing", async () => {
    const store = await openLive();
    const heard: string[] = [];
    store.onChange(() => {
      throw new Error("a listener that fails");
    });
    const stop = store.onChange((name) => heard.push(name));
    write("home.yaml", HOME.replace("  en: Hello\n", "  en: Hello: there\n"));
    await within(2000, () => store.check().length > 0);
    expect(heard).toEqual([]);
    write("home.yaml", HOME.replace("Hallo", "Moin"));
    await within(2000, () => heard.length > 0);
    expect(heard).toEqual(["home"]);
    expect(store.get("home").heading.de).toBe("Moin");
    expect(lines).toContainEqual({ level: "warn", message: "content: a listener of a change failed" });
    stop();
    write("home.yaml", HOME.replace("Hallo", "Tach"));
    await within(2000, () => store.get("home").heading.de === "Tach");
    expect(heard).toEqual(["home"]);
  });

  it("says which name is not registered", () => {
    const store = open();
    // @ts-expect-error: not a registered name
    expect(() => store.get("nope")).toThrow(/no content file named "nope"/);
  });
});
