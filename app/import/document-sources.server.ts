import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { emptyCounts, type ChangeCounts, type Problems } from "~/exchange/import-report";
import { eachLimited, isCurrent, writeAtomically } from "~/exchange/media-files.server";
import { readHead, stem } from "./import-media.server";
import { DEFAULT_DOWNLOAD_SETTINGS, FileDownloads, type DownloadKind, type DownloadSettings } from "./picture-download.server";
import { locate, PictureWarnings, type PictureRoot } from "./picture-sources.server";
import type { DocumentResolver } from "./final-article.server";

/**
 * The PDFs of an imported catalogue (issue 28, decision 050), found like its pictures (decision
 * 039): a MIME_SOURCE below the media folder (and MIME_ROOT) or an http(s) address, downloaded with
 * the pictures' limits, time-out, redirects and cache (in DATA_DIR/document-downloads). The content
 * decides (`%PDF-`); a file that is missing, no PDF or larger than the download limit is a grouped
 * warning and the document is left out, never the product. The files are copied byte for byte to
 * `shop/documents/{name}.pdf` in the site's media folder, served under /media.
 */
export const DOCUMENT_DIR = "shop/documents";

export interface SourceDocument {
  /** Absolute path of the file (a downloaded one: its copy in DATA_DIR/document-downloads). */
  file: string;
  /** Relative to the site's media folder, forward slashes: `shop/documents/{name}.pdf`. */
  fileName: string;
  bytes: number;
}

/** A PDF starts with `%PDF-` (ISO 32000-1, 7.5.2); an HTML error page served as 200 does not. */
export function sniffPdf(head: Uint8Array): "pdf" | null {
  return Buffer.from(head.subarray(0, 5)).toString("latin1") === "%PDF-" ? "pdf" : null;
}

const DOCUMENTS: DownloadKind<"pdf"> = { folder: "document-downloads", accept: "application/pdf", sniff: sniffPdf, expected: "a PDF" };

export class DocumentDownloads extends FileDownloads<"pdf"> {
  constructor(dataDir: string, settings: Partial<DownloadSettings> = {}) {
    super(dataDir, settings, DOCUMENTS);
  }
}

const WORDS = { one: "document", many: "documents", single: "the document is left out", grouped: "left out" };

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface ResolveDocumentOptions {
  /** Null: http(s) documents are not downloaded (a dry run without a data folder) but reported. */
  downloads: DocumentDownloads | null;
  /** The largest file taken, local or downloaded: the download limit (IMPORT_PICTURE_MAX_BYTES). */
  maxBytes?: number;
}

/** Every document a catalogue names (source → first line): the usable ones by source, each other one a grouped warning. */
export async function resolveDocuments(sources: Map<string, number>, root: PictureRoot, problems: Problems, options: ResolveDocumentOptions): Promise<Map<string, SourceDocument>> {
  const maxBytes = options.maxBytes ?? DEFAULT_DOWNLOAD_SETTINGS.maxBytes;
  const warnings = new PictureWarnings(problems, WORDS);
  const entries = [...sources.entries()];
  const found: ({ file: string; bytes: number } | null)[] = new Array(entries.length).fill(null);
  const urls = new Map<string, number[]>();
  await eachLimited(
    entries.map((entry, index) => ({ entry, index })),
    16,
    async ({ entry: [source, line], index }) => {
      const where = locate(source, root);
      if (where.kind === "refused") return warnings.add("that are neither files below the media folder nor http(s) addresses", line, where.reason);
      if (where.kind === "url") {
        urls.set(where.url, [...(urls.get(where.url) ?? []), index]);
        return;
      }
      const stat = fsSync.statSync(where.file, { throwIfNoEntry: false });
      if (!stat?.isFile()) return warnings.add(`missing below ${root.folder}`, line, `missing document file: ${where.file}`);
      if (stat.size > maxBytes) return warnings.add("larger than the limit", line, `${where.file} has ${megabytes(stat.size)}, more than the limit of ${megabytes(maxBytes)}`);
      const head = readHead(where.file);
      if (!head || !sniffPdf(head)) return warnings.add("that are not PDFs", line, `${where.file} is not a PDF (it does not start with %PDF-)`);
      found[index] = { file: where.file, bytes: stat.size };
    },
  );
  if (urls.size > 0) {
    const list = [...urls.keys()];
    const results = options.downloads ? await options.downloads.downloadAll(list) : new Map(list.map((url) => [url, { ok: false as const, reason: "not downloaded in a dry run" }]));
    for (const [url, indexes] of urls) {
      const result = results.get(url);
      const line = entries[indexes[0] as number]?.[1] ?? 0;
      if (!result?.ok) {
        warnings.add(`not downloaded from ${URL.canParse(url) ? new URL(url).host : url}`, line, `${url}: ${result?.reason ?? "not downloaded"}`);
        continue;
      }
      const bytes = fsSync.statSync(result.picture.file).size;
      for (const index of indexes) found[index] = { file: result.picture.file, bytes };
    }
  }
  warnings.finish();

  // Names in file order, so the same file gets the same name on every import.
  const resolved = new Map<string, SourceDocument>();
  const used = new Map<string, string>();
  entries.forEach(([source], index) => {
    const document = found[index];
    if (!document) return;
    const base = stem(/^https?:\/\//i.test(source) ? new URL(source).pathname : source);
    let name = base;
    for (let n = 2; used.has(name) && used.get(name) !== document.file; n++) name = `${base}_${n}`;
    used.set(name, document.file);
    resolved.set(source, { file: document.file, fileName: `${DOCUMENT_DIR}/${name}.pdf`, bytes: document.bytes });
  });
  return resolved;
}

/** Copies the documents into `siteMedia` (byte for byte, never half a file in place); with `dryRun` only counts. */
export async function copyArticleDocuments(documents: Iterable<SourceDocument>, siteMedia: string, dryRun: boolean): Promise<ChangeCounts> {
  const counts = emptyCounts();
  await eachLimited([...documents], 2, async (document) => {
    const target = path.join(siteMedia, document.fileName);
    const source = await fs.stat(document.file);
    const existing = await fs.stat(target).catch(() => null);
    if (isCurrent(source, existing, true)) {
      counts.unchanged++;
      return;
    }
    if (existing) counts.changed++;
    else counts.added++;
    if (!dryRun) await writeAtomically(target, (temporary) => fs.copyFile(document.file, temporary), source.mtime);
  });
  return counts;
}

/** Deletes the documents no row names any more; returns how many went (or would go, with `dryRun`). */
export async function pruneDocuments(siteMedia: string, keep: Set<string>, dryRun: boolean): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(path.join(siteMedia, DOCUMENT_DIR)).catch(() => [] as string[])) {
    if (!name.endsWith(".pdf") || keep.has(`${DOCUMENT_DIR}/${name}`)) continue;
    removed++;
    if (!dryRun) await fs.rm(path.join(siteMedia, DOCUMENT_DIR, name), { force: true });
  }
  return removed;
}

/**
 * The documents step of a full import or a delta: copies the ones the new rows name (`used`) and
 * counts as removed the copies `keep` no longer names (deleted by pruneDocuments after the switch).
 */
export async function copyUsedDocuments(documents: Map<string, SourceDocument>, used: Set<string>, keep: Set<string>, siteMedia: string, dryRun: boolean): Promise<ChangeCounts> {
  const counts = await copyArticleDocuments([...documents.values()].filter((d) => used.has(d.fileName)), siteMedia, dryRun);
  counts.removed = await pruneDocuments(siteMedia, keep, true);
  return counts;
}

/** Whether a step touched any document: the summary lists documents only then. */
export function anyDocuments(counts: ChangeCounts | null): counts is ChangeCounts {
  return counts !== null && counts.added + counts.changed + counts.removed + counts.unchanged > 0;
}

/**
 * Where each document is served from (decision 050): a copied file's name in `documents`, or
 * (without that map: the demo seed, the provider sync) the source itself, sized by the source or by
 * the file in the media folder. Undefined when the file could not be used: the document is left out.
 */
export function documentResolver(documents: Map<string, SourceDocument> | null, siteMedia?: string): DocumentResolver {
  if (documents) {
    return (document) => {
      const found = documents.get(document.source);
      return found && { file_name: found.fileName, size_bytes: found.bytes };
    };
  }
  return (document) => {
    const bytes = document.bytes ?? (siteMedia === undefined ? undefined : fsSync.statSync(path.join(siteMedia, document.source), { throwIfNoEntry: false })?.size);
    return bytes === undefined ? undefined : { file_name: document.source, size_bytes: bytes };
  };
}
