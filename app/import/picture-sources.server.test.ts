import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Problems } from "~/exchange/import-report";
import { pictureRoot, resolveImages } from "./picture-sources.server";
import { resolveDocuments } from "./document-sources.server";

/**
 * Where a catalogue's local files may come from (issue 37, decision 066): below --media and its
 * real path only. The scratch folder holds `media/` (what --media names) and `secret/` beside it,
 * a real JPEG and PDF that a hostile MIME_ROOT, MIME_SOURCE or symbolic link must not reach.
 */
describe("catalogue files stay inside the media folder", () => {
  let scratch: string;
  let media: string;
  let secret: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-media-root-"));
    media = path.join(scratch, "media");
    secret = path.join(scratch, "secret");
    fs.mkdirSync(path.join(media, "bilder"), { recursive: true });
    fs.mkdirSync(secret);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } }).jpeg().toBuffer();
    for (const file of [path.join(media, "bilder", "ok.jpg"), path.join(secret, "private.jpg")]) fs.writeFileSync(file, jpeg);
    fs.writeFileSync(path.join(secret, "contract.pdf"), "%PDF-1.4\n% not for the site\n");
    fs.symlinkSync(path.join(secret, "private.jpg"), path.join(media, "bilder", "link.jpg"));
    fs.symlinkSync(secret, path.join(media, "linked-folder"));
    // A file that only starts like a JPEG: the magic bytes, then nothing a decoder can read.
    fs.writeFileSync(path.join(media, "bilder", "fake.jpg"), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]));
    // A real JPEG cut off halfway, as an interrupted upload leaves it.
    const large = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#08f" } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(media, "bilder", "cut.jpg"), large.subarray(0, Math.floor(large.length / 2)));
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  const resolve = async (mimeRoot: string, sources: string[]) => {
    const problems = new Problems();
    const found = await resolveImages(new Map(sources.map((source, i) => [source, i + 10])), pictureRoot(media, mimeRoot), problems, { downloads: null });
    return { found: [...found.keys()], warnings: problems.warnings.map((w) => w.message) };
  };

  it("takes a picture below --media and MIME_ROOT", async () => {
    expect(await resolve("bilder/", ["ok.jpg"])).toEqual({ found: ["ok.jpg"], warnings: [] });
    // A leading slash is the media folder's top, as exports write it.
    expect((await resolve("", ["/bilder/ok.jpg"])).found).toEqual(["/bilder/ok.jpg"]);
  });

  it("refuses a MIME_ROOT that leads outside --media, each picture a warning", async () => {
    const { found, warnings } = await resolve("../secret", ["private.jpg"]);
    expect(found).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/MIME_ROOT "\.\.\/secret" leads outside the media folder/)]);
    const deep = await resolve("../../../../../../../../" + secret.replace(/^\/+/, ""), ["private.jpg"]);
    expect(deep.found).toEqual([]);
    // A MIME_ROOT that is a symbolic link out of --media is outside too.
    expect((await resolve("linked-folder", ["private.jpg"])).found).toEqual([]);
  });

  it("refuses sources that climb out, are links out, file: addresses or hold a NUL", async () => {
    const sources = ["../../secret/private.jpg", "bilder/link.jpg", "linked-folder/private.jpg", `file://${secret}/private.jpg`, "bilder/ok.jpg\0.png"];
    const { found, warnings } = await resolve("", sources);
    expect(found).toEqual([]);
    expect(warnings).toHaveLength(sources.length);
    expect(warnings.join("\n")).toMatch(/link to .*private\.jpg, outside the media folder/);
    expect(warnings.join("\n")).toMatch(/control character/);
  });

  it("decodes each picture: one that only starts like a JPEG, or is cut off, is a warning naming the file (issue 37)", async () => {
    const { found, warnings } = await resolve("bilder", ["ok.jpg", "fake.jpg", "cut.jpg"]);
    expect(found).toEqual(["ok.jpg"]);
    expect(warnings).toEqual([expect.stringMatching(/bilder\/fake\.jpg is not a picture that can be decoded/), expect.stringMatching(/bilder\/cut\.jpg is not a picture that can be decoded/)]);
  });

  it("does not decode again a picture whose copy in the site's media folder is current", async () => {
    const site = path.join(scratch, "site");
    fs.mkdirSync(path.join(site, "shop", "images"), { recursive: true });
    // Linked as the import does it: the same file, so the copy is current (it was checked then).
    fs.linkSync(path.join(media, "bilder", "fake.jpg"), path.join(site, "shop", "images", "fake.jpg"));
    const problems = new Problems();
    const found = await resolveImages(new Map([["fake.jpg", 1]]), pictureRoot(media, "bilder"), problems, { downloads: null, siteMedia: site });
    expect([...found.keys()]).toEqual(["fake.jpg"]);
  });

  it("refuses documents the same way", async () => {
    const problems = new Problems();
    const found = await resolveDocuments(new Map([["contract.pdf", 3], ["../secret/contract.pdf", 4]]), pictureRoot(media, "../secret"), problems, { downloads: null });
    expect(found.size).toBe(0);
    expect(problems.warnings).toHaveLength(2);
  });
});
