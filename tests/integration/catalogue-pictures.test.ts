import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "~/import/catalogue-import.server";
import { formatSummary } from "~/exchange/import-report";
import { mediaDirectory } from "~/utils/media-directory.server";
import { type TestDatabase, openTestStore } from "../support/test-store";
import { shippedBrandNames } from "../support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * Pictures of a BMEcat import (issue 26, decision 039): missing ones are warnings and the product
 * keeps its place without them; pictures named by http(s) address, or below a MIME_ROOT that is
 * one, are downloaded from a local server and not downloaded again by the next import.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const catalogue = fs.readFileSync(path.join(root, "tests/fixtures/bmecat/catalogue-2005.xml"), "utf8");
const pictures = path.join(root, "tests/fixtures/bmecat/media/bilder");

describe("catalogue pictures", { timeout: 120_000 }, () => {
  let dataDir: string;
  let scratch: string;
  let store: TestDatabase;
  let server: http.Server;
  let base: string;
  const requests: { path: string; status: number }[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-pictures-"));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-pictures-files-"));
    store = await openTestStore(dataDir, { seeded: true });
    // A PIM's media host: the fixture's pictures with ETags, an HTML "not found" page served as 200, and 404s.
    server = http.createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(/^\/pim\/bilder\//, "");
      const answer = (status: number, headers: http.OutgoingHttpHeaders = {}, body?: Buffer | string) => {
        requests.push({ path: req.url ?? "", status });
        res.writeHead(status, headers).end(body);
      };
      if (name === "soft-404.jpg") return answer(200, { "Content-Type": "text/html" }, "<html><body>Image not found</body></html>");
      const file = path.join(pictures, path.basename(name));
      if (!fs.existsSync(file)) return answer(404);
      const bytes = fs.readFileSync(file);
      const etag = `"${createHash("sha1").update(bytes).digest("hex")}"`;
      if (req.headers["if-none-match"] === etag) return answer(304, { ETag: etag });
      answer(200, { ETag: etag, "Content-Type": "image/jpeg" }, bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store?.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const siteMedia = () => mediaDirectory(dataDir);
  const run = (name: string, text: string, mediaDir?: string) => {
    const file = path.join(scratch, name);
    fs.writeFileSync(file, text);
    return importCatalogue(store.db, { brand: makerBrand, file, mediaDir: mediaDir ?? path.join(root, "tests/fixtures/bmecat/media"), dryRun: false, dataDir, siteMediaDir: siteMedia(), log: () => {}, quiet: true });
  };
  const mediaOf = async (partno: string) =>
    (await store.db.selectFrom("article_media").select("imagename").where("partno", "=", partno).orderBy("position").execute()).map((m) => m.imagename);

  it("imports a product whose picture is missing, without the picture, with a warning on its line", async () => {
    const text = catalogue.replace("klingel.png", "fehlt.png");
    const summary = await run("missing.xml", text);
    expect(summary.errors).toEqual([]);
    expect(summary.applied).toBe(true);
    const line = text.split("\n").findIndex((l) => l.includes("fehlt.png")) + 1;
    expect(summary.warnings).toContainEqual({ line, where: "MIME_SOURCE", message: expect.stringMatching(/missing image file: .*fehlt\.png: shown without this picture/) });
    expect(await store.db.selectFrom("articles").select("partno").where("partno", "=", "BL-1").executeTakeFirst()).toBeDefined();
    expect(await mediaOf("BL-1")).toEqual([]);
    expect(await mediaOf("LX-100")).toEqual(["lampe-front", "lampe-rueck"]);
  });

  it("groups many missing pictures: ten with their lines, the rest in one line, and a hint when none is there", async () => {
    const product = catalogue.slice(catalogue.indexOf("<PRODUCT mode"), catalogue.indexOf("</PRODUCT>") + "</PRODUCT>".length);
    const many = Array.from({ length: 40 }, (_, k) => product.replace("<SUPPLIER_PID>LX-100<", `<SUPPLIER_PID>LX-${k}<`).replace(/lampe-(front|rueck)\.jpg/g, `weg-$1-${k}.jpg`)).join("\n");
    const summary = await run("many.xml", catalogue.replace(product, many), scratch);
    expect(summary.errors).toEqual([]);
    const missing = summary.warnings.filter((w) => /missing/.test(w.message));
    expect(missing.filter((w) => /^missing image file/.test(w.message))).toHaveLength(10);
    const grouped = missing.find((w) => /more pictures missing below/.test(w.message));
    const rest = Number(/^(\d+) more pictures missing below .*\(lines (\d+), (\d+), .*…\)/.exec(grouped?.message ?? "")?.[1]);
    // 80 product pictures and the others the fixture names, all missing below the scratch folder.
    const hint = summary.warnings.find((w) => /^none of the/.test(w.message));
    expect(hint?.message).toMatch(new RegExp(`^none of the ${rest + 10} picture files the catalogue names is below .*: is --media \\(or MIME_ROOT\\) right\\?`));
    expect(rest).toBeGreaterThan(70);
    // The picture lines only: the fixture's data sheet (a PDF, missing as well) has its own line (decision 050).
    const lines = formatSummary(summary).filter((line) => line.includes("MIME_SOURCE"));
    expect(lines.filter((line) => !line.includes("missing document file")).length).toBe(12);
    expect(lines.filter((line) => line.includes("missing document file"))).toHaveLength(1);
  });

  it("downloads pictures below a MIME_ROOT that is a web address, warns for a 404 and an HTML page, and asks only for changes next time", async () => {
    const text = catalogue
      .replace("<MIME_ROOT>bilder/</MIME_ROOT>", `<MIME_ROOT>${base}/pim/bilder</MIME_ROOT>`)
      .replace("lampe-rueck.jpg", "soft-404.jpg")
      .replace("klingel.png", `${base}/elsewhere/klingel.png`)
      .replace("kategorie-licht.jpg", "gibt-es-nicht.jpg");
    requests.length = 0;
    const first = await run("remote.xml", text, scratch);
    expect(first.errors).toEqual([]);
    const messages = first.warnings.map((w) => w.message).join("\n");
    expect(messages).toMatch(new RegExp(`${base}/pim/bilder/soft-404\\.jpg: not a JPEG, PNG, WebP, GIF, TIFF or AVIF picture \\(the server says text/html\\)`));
    expect(messages).toMatch(new RegExp(`${base}/pim/bilder/gibt-es-nicht\\.jpg: the server answered 404`));
    expect(await mediaOf("LX-100")).toEqual(["lampe-front"]);
    expect(await mediaOf("BL-1")).toEqual(["klingel"]);
    // The downloaded picture is in the site's media folder, a PNG converted to JPEG.
    expect(fs.readFileSync(path.join(siteMedia(), "shop/images/klingel.jpg")).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(fs.existsSync(path.join(siteMedia(), "shop/images/lampe-front.jpg"))).toBe(true);
    expect(requests.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);

    requests.length = 0;
    const second = await run("remote.xml", text, scratch);
    expect(second.errors).toEqual([]);
    // Every picture that was had is asked for with its ETag and not sent again.
    expect(requests.filter((r) => r.status === 200 && !r.path.includes("soft-404"))).toEqual([]);
    expect(requests.filter((r) => r.status === 304).map((r) => r.path).sort()).toEqual(["/elsewhere/klingel.png", "/pim/bilder/lampe-front.jpg"]);
    expect(second.counts.articles).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(second.counts.images).toMatchObject({ added: 0, changed: 0 });
  });

  it("refuses file: and other schemes as a warning, not a read", async () => {
    const summary = await run("scheme.xml", catalogue.replace("klingel.png", "file:///etc/passwd"));
    expect(summary.errors).toEqual([]);
    expect(summary.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/"file:\/\/\/etc\/passwd" is a file: address; only files below the media folder and http\(s\) addresses are read/));
    expect(await mediaOf("BL-1")).toEqual([]);
  });

  it("cuts category tiles after the switch, once per picture", async () => {
    const summary = await run("tiles.xml", catalogue);
    expect(summary.errors).toEqual([]);
    const tiles = fs.readdirSync(path.join(siteMedia(), "categories")).filter((f) => f.endsWith(".jpg"));
    expect(tiles.some((f) => f.endsWith("_440x440.jpg"))).toBe(true);
    expect(tiles.some((f) => f.endsWith("_Mobile_150x150.jpg"))).toBe(true);
    expect(Object.keys(summary.timings)).toContain("category tiles (after the switch)");
  });
});
