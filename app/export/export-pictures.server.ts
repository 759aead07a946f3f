import fs from "node:fs/promises";
import path from "node:path";
import type { Problems } from "~/exchange/import-report";
import { eachLimited, isCurrent, writeAtomically } from "~/exchange/media-files.server";
import type { ArticleDocumentRow } from "~/db/schema";
import type { ArticleRecord } from "~/models/article.server";
import type { ExportDocument } from "./bmecat-writer.server";

type CopyResult = "copied" | "unchanged" | "missing";

/** A name the site stored that can also be a file name in the export folder (no path, no dot file). */
function safeFileStem(name: string): boolean {
  return /^[^/\\\0.][^/\\\0]*$/.test(name) && name.length <= 200;
}

/** Copies a picture unless the export folder already holds this version (same size and time). */
async function copyPicture(source: string, target: string): Promise<CopyResult> {
  const from = await fs.stat(source).catch(() => null);
  if (!from?.isFile()) return "missing";
  const to = await fs.stat(target).catch(() => null);
  if (isCurrent(from, to, true)) return "unchanged";
  // The copy keeps the original's time, so a re-import of a new export sees unchanged pictures.
  await writeAtomically(target, (temporary) => fs.copyFile(source, temporary), from.mtime);
  return "copied";
}

/**
 * The pictures of an export: copied from the site's media folder into the export's, under the
 * names the site serves them by (so an import gives them the same names again). A picture that is
 * missing is left out of the file with a warning: the import would refuse a file naming it.
 */
export class ExportPictures {
  readonly counts: Record<CopyResult, number> = { copied: 0, unchanged: 0, missing: 0 };
  readonly documentCounts: Record<CopyResult, number> = { copied: 0, unchanged: 0, missing: 0 };

  constructor(
    private readonly siteMedia: string,
    private readonly mediaDir: string,
    private readonly problems: Problems,
  ) {}

  /** The category's tile, largest size first, as `categories/{file}` in the media folder; null when it has none. */
  async categoryTile(symbol: string): Promise<string | null> {
    if (!safeFileStem(symbol)) {
      this.problems.warn(null, "UDX.VELOCAT.SYMBOL", `category symbol "${symbol}" cannot be a file name: its picture is left out`);
      return null;
    }
    for (const size of ["440x440", "Desktop_220x220"]) {
      const name = `${symbol}_${size}.jpg`;
      const result = await copyPicture(path.join(this.siteMedia, "categories", name), path.join(this.mediaDir, "categories", name));
      if (result !== "missing") {
        this.counts[result]++;
        return `categories/${name}`;
      }
    }
    this.counts.missing++;
    this.problems.warn(null, "CATALOG_STRUCTURE/MIME_INFO", `category ${symbol} has no tile picture in ${path.join(this.siteMedia, "categories")}: the import takes its first article picture`);
    return null;
  }

  /** Copies the pictures of a page of articles, a few at a time; gives each article's MIME_SOURCEs in order. */
  async ofArticles(page: ArticleRecord[]): Promise<Map<string, string[]>> {
    const owner = new Map<string, string>();
    for (const a of page) for (const m of a.media) if (!owner.has(m.imagename)) owner.set(m.imagename, a.partno);
    const found = new Set<string>();
    const images = path.join(this.siteMedia, "shop", "images");
    await eachLimited([...owner], 8, async ([name, partno]) => {
      if (!safeFileStem(name)) {
        this.problems.warn(null, "MIME_SOURCE", `${partno}: picture name "${name}" cannot be a file name: it is left out`);
        return;
      }
      const result = await copyPicture(path.join(images, `${name}.jpg`), path.join(this.mediaDir, `${name}.jpg`));
      this.counts[result]++;
      if (result === "missing") this.problems.warn(null, "MIME_SOURCE", `${partno}: picture ${name}.jpg is missing in ${images}: it is left out`);
      else found.add(name);
    });
    return new Map(page.map((a) => [a.partno, a.media.filter((m) => found.has(m.imagename)).map((m) => `${m.imagename}.jpg`)]));
  }

  /**
   * Copies the documents of a page of articles (decision 050) into `documents/` of the export's
   * media folder, under their file names; one that is missing is left out with a warning. Gives each
   * article's exported documents in order.
   */
  async ofDocuments(documents: Map<string, ArticleDocumentRow[]>): Promise<Map<string, ExportDocument[]>> {
    const owner = new Map<string, string>();
    for (const [partno, rows] of documents) for (const row of rows) if (!owner.has(row.file_name)) owner.set(row.file_name, partno);
    const exported = new Map<string, string>();
    await eachLimited([...owner], 8, async ([fileName, partno]) => {
      const name = path.posix.basename(fileName);
      if (!safeFileStem(name) || fileName.split("/").includes("..")) {
        this.problems.warn(null, "MIME_SOURCE", `${partno}: document "${fileName}" cannot be a file name: it is left out`);
        return;
      }
      const result = await copyPicture(path.join(this.siteMedia, fileName), path.join(this.mediaDir, "documents", name));
      this.documentCounts[result]++;
      if (result === "missing") this.problems.warn(null, "MIME_SOURCE", `${partno}: document ${fileName} is missing in ${this.siteMedia}: it is left out`);
      else exported.set(fileName, `documents/${name}`);
    });
    return new Map(
      [...documents].map(([partno, rows]) => [partno, rows.flatMap((row) => {
        const source = exported.get(row.file_name);
        return source === undefined ? [] : [{ source, row }];
      })]),
    );
  }
}
