import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MANUALS } from "~/documents/build-documents.server";
import { CATALOGUE_VERSION_KEY, DOCUMENTS_BRAND_KEY, catalogueFile } from "~/documents/catalogue-freshness.server";
import { documentBrandVersion } from "~/documents/document-brand.server";
import { DOCUMENT_DIR } from "~/import/document-sources.server";
import { getMeta, setMeta } from "~/models/app-meta.server";
import { ensureDocumentsUpToDate } from "~/seed/document-freshness.server";
import { projectRoot } from "../../build-dir.js";
import { readPdfText } from "../support/pdf-text";
import { startServer } from "../support/server-process";
import { shippedBrand } from "../support/shipped-brand";
import { seededCopyPerSuite } from "../support/seeded-copy";
import { copyTemplateDataDir } from "../support/test-server";

/** Decision 061: the generated PDFs print content/brand.yaml and follow its changes. */

async function textOf(file: string): Promise<string> {
  return (await readPdfText(fs.readFileSync(file))).pageTexts.join("\n");
}

describe("documents follow the brand's content at start", () => {
  const seeded = seededCopyPerSuite("velocat-documents-brand-");

  it("leaves the seed's documents alone: the seed records the brand it printed", async () => {
    expect(await getMeta(seeded.db, DOCUMENTS_BRAND_KEY)).toBe(documentBrandVersion(shippedBrand()));
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("fresh");
  });

  it("does not rebuild for a change the documents do not print", async () => {
    const mtime = fs.statSync(catalogueFile(seeded.mediaDir)).mtimeMs;
    const unprinted = {
      ...shippedBrand(),
      social: { label: "Mastodon", url: "https://example.social/@viva" },
      description: { de: "Anders", en: "Other" },
      company: { ...shippedBrand().company, vatId: "DE999999999" },
    };
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, unprinted, seeded.log)).toBe("fresh");
    expect(fs.statSync(catalogueFile(seeded.mediaDir)).mtimeMs).toBe(mtime);
  });

  it("rebuilds the catalogue, the manuals and the declarations for a new address, and the articles link the new files with their sizes", async () => {
    // As a dealer or recall import leaves it: the demo's articles, but something was imported.
    await setMeta(seeded.db, "imported_at", new Date().toISOString());
    const moved = { ...shippedBrand(), company: { ...shippedBrand().company, street: "Felgenring 3", postalCode: "34119" } };
    const version = await getMeta(seeded.db, "data_version");
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, moved, seeded.log)).toBe("rebuilt");
    expect(await getMeta(seeded.db, DOCUMENTS_BRAND_KEY)).toBe(documentBrandVersion(moved));
    expect(await getMeta(seeded.db, CATALOGUE_VERSION_KEY)).toBe(version);

    for (const lang of ["de", "en"] as const) expect(await textOf(catalogueFile(seeded.mediaDir, lang)), lang).toContain("Felgenring 3 · 34119 Kassel");
    const linked = await seeded.db.selectFrom("article_documents").select(["file_name", "size_bytes"]).distinct().execute();
    const declarations = linked.filter((row) => row.file_name.includes("eu-konformitaet"));
    expect(declarations.length).toBeGreaterThan(0);
    const files = [...MANUALS.map((manual) => `${DOCUMENT_DIR}/${manual.fileName}`), ...declarations.map((row) => row.file_name)];
    for (const file of files) {
      const text = await textOf(path.join(seeded.mediaDir, file));
      expect(text, file).toContain("Felgenring 3");
      expect(text, file).not.toContain(shippedBrand().company.street);
      // The article's copy is the downloads page's file, and its row names that file's size.
      const served = fs.readFileSync(path.join(seeded.mediaDir, "documents", path.basename(file)));
      expect(fs.readFileSync(path.join(seeded.mediaDir, file)).equals(served), file).toBe(true);
      for (const row of linked.filter((r) => r.file_name === file)) expect(row.size_bytes, file).toBe(served.length);
    }
    expect(fs.readdirSync(path.join(seeded.mediaDir, "documents")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(fs.readdirSync(path.join(seeded.mediaDir, DOCUMENT_DIR)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, moved, seeded.log)).toBe("fresh");
  });

  it("leaves an article document that is not a copy of ours alone, though it has a generated file's name", async () => {
    const own = path.join(seeded.mediaDir, DOCUMENT_DIR, MANUALS[0]!.fileName);
    fs.rmSync(own);
    fs.writeFileSync(own, "%PDF-1.4 the brand's own manual");
    const renamed = { ...shippedBrand(), company: { ...shippedBrand().company, legalName: "VIVA Räder GmbH" } };
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, renamed, seeded.log)).toBe("rebuilt");
    expect(fs.readFileSync(own, "utf8")).toBe("%PDF-1.4 the brand's own manual");
    expect(await textOf(path.join(seeded.mediaDir, DOCUMENT_DIR, MANUALS[1]!.fileName))).toContain("VIVA Räder GmbH");
  });

  it("rebuilds all of them when no brand version is recorded (a data folder from before decision 061)", async () => {
    await seeded.db.deleteFrom("app_meta").where("key", "=", DOCUMENTS_BRAND_KEY).execute();
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    expect(await textOf(catalogueFile(seeded.mediaDir))).toContain(`${shippedBrand().company.street} · 34117 Kassel`);
    expect(seeded.logs.some((line) => line.includes("no recorded brand version"))).toBe(true);
  });

  it("rebuilds only the catalogue for new data", async () => {
    const manual = path.join(seeded.mediaDir, "documents", MANUALS[0]!.fileName);
    const mtime = fs.statSync(manual).mtimeMs;
    await setMeta(seeded.db, "data_version", "documents-brand-test");
    expect(await ensureDocumentsUpToDate(seeded.db, seeded.mediaDir, shippedBrand(), seeded.log)).toBe("rebuilt");
    expect(await getMeta(seeded.db, CATALOGUE_VERSION_KEY)).toBe("documents-brand-test");
    expect(fs.statSync(manual).mtimeMs).toBe(mtime);
  });
});

describe("a running server", () => {
  it("serves the catalogue with the new address within seconds of a brand.yaml edit", { timeout: 180_000 }, async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-documents-content-"));
    fs.cpSync(path.join(projectRoot, "content"), contentDir, { recursive: true });
    const dataDir = copyTemplateDataDir();
    const brandFile = path.join(contentDir, "brand.yaml");
    try {
      const server = await startServer(dataDir, undefined, { CONTENT_DIR: contentDir });
      const url = `${server.url}/media/documents/viva-katalog-2024.pdf`;
      const served = async () => (await readPdfText(new Uint8Array(await (await fetch(url)).arrayBuffer()))).pageTexts.join("\n");
      expect(await served()).toContain("Speichenweg 12");
      // Same name, new bytes after the edit: no browser or proxy may keep the old one for a day.
      const before = await fetch(url);
      expect(before.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      // As a browser revalidates: fetch would add "Cache-Control: no-cache" to a conditional request of its own.
      const revalidate = { "If-None-Match": before.headers.get("etag") ?? "", "Cache-Control": "max-age=0" };
      expect((await fetch(url, { headers: revalidate })).status).toBe(304);

      const edited = performance.now();
      fs.writeFileSync(brandFile, fs.readFileSync(brandFile, "utf8").replace("street: Speichenweg 12", "street: Nabenallee 40"));
      let seen = "";
      while (!seen.includes("Nabenallee 40")) {
        if (performance.now() - edited > 30_000) throw new Error("the served catalogue did not show the new address within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await served();
      }
      const took = Math.round(performance.now() - edited);
      console.info(`the served catalogue showed the edited address ${took} ms after the save`);
      expect(took).toBeLessThan(15_000);
      expect((await fetch(url, { headers: revalidate })).status).toBe(200);
      // Every request meanwhile got a whole PDF: the files are renamed into place.
      expect((await fetch(`${server.url}/downloads`)).status).toBe(200);

      server.signal("SIGTERM");
      const { code, lines } = await server.exited;
      expect(code).toBe(0);
      expect(lines.filter((line) => String(line.msg).startsWith("Documents rebuilt for brand version"))).toHaveLength(1);
    } finally {
      fs.rmSync(contentDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
