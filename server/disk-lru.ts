import fs from "node:fs/promises";
import path from "node:path";

/** How a cache lays its entries out on disk. */
export interface DiskLruLayout {
  /** The files of one entry (the first is the entry itself, the others belong to it, such as metadata). */
  files(key: string): string[];
  /** The entry a file found in the folder stands for (its path relative to the root, with `/`), or null for a file that is not one. */
  keyOf(relative: string): string | null;
}

/**
 * A temporary file this old was left by a crash between write and rename: writes take well under a
 * second, and a younger one may be another process's write in progress in a shared folder.
 */
const STALE_TEMPORARY_MS = 10 * 60_000;

/**
 * The size bound of a cache folder on disk, shared by the tile cache (issue 12: without one, a
 * client asking for thousands of distinct tiles filled the disk) and the image variants (issue 25).
 * It knows every entry's size and keeps them in order of last use, in memory; past `maxBytes` the
 * least recently used are deleted until 90 % is left, so pruning runs now and then rather than on
 * every new entry.
 *
 * At start the folder is scanned once in the background (a few thousand `stat`s), ordered by file
 * time: the best guess of last use after a restart. Last use itself is not written to disk; a file
 * system's access time is too often switched off to rely on. Where several instances share the
 * folder, each bounds what it has seen (its scan and its own writes), so together they stay within
 * the bound give or take what they wrote since their start.
 */
export class DiskLru {
  /** Entry key → bytes of its files; Map order = least recently used first. */
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private pruning: Promise<void> | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
    private readonly layout: DiskLruLayout,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.ready = this.scan().catch(onError);
  }

  get bytes(): number {
    return this.total;
  }

  get count(): number {
    return this.sizes.size;
  }

  /** An entry was read: it becomes the most recently used. */
  touch(key: string): void {
    const size = this.sizes.get(key);
    if (size === undefined) return;
    this.sizes.delete(key);
    this.sizes.set(key, size);
  }

  /** An entry was written (or rewritten) with this many bytes, all its files together. */
  stored(key: string, bytes: number): void {
    this.total += bytes - (this.sizes.get(key) ?? 0);
    this.sizes.delete(key);
    this.sizes.set(key, bytes);
    if (this.total > this.maxBytes) void this.prune();
  }

  /** Deletes least recently used entries until 90 % of the bound is left; one pruning at a time. */
  prune(): Promise<void> {
    this.pruning ??= (async () => {
      const goal = this.maxBytes * 0.9;
      while (this.total > goal) {
        const oldest = this.sizes.entries().next().value;
        if (!oldest) break;
        const [key, size] = oldest;
        this.sizes.delete(key);
        this.total -= size;
        await Promise.all(this.layout.files(key).map((file) => fs.rm(file, { force: true }))).catch(this.onError);
      }
    })().finally(() => {
      this.pruning = null;
    });
    return this.pruning;
  }

  private async scan(): Promise<void> {
    const found: { key: string; bytes: number; mtime: number }[] = [];
    const startedAt = Date.now();
    const walk = async (dir: string, prefix: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        const key = entry.isFile() ? this.layout.keyOf(`${prefix}${entry.name}`) : null;
        if (entry.isDirectory()) {
          await walk(full, `${prefix}${entry.name}/`);
        } else if (entry.name.endsWith(".tmp")) {
          const stats = await fs.stat(full).catch(() => null);
          if (stats && stats.mtimeMs < startedAt - STALE_TEMPORARY_MS) await fs.rm(full, { force: true }).catch(() => undefined);
        } else if (key !== null) {
          const [first, ...others] = this.layout.files(key);
          const stats = await Promise.all([first, ...others].map((file) => (file ? fs.stat(file).catch(() => null) : null)));
          const main = stats[0];
          if (!main) continue;
          found.push({ key, bytes: stats.reduce((sum, s) => sum + (s?.size ?? 0), 0), mtime: main.mtimeMs });
        }
      }
    };
    await walk(this.root, "");
    found.sort((a, b) => a.mtime - b.mtime);
    // Entries stored while the scan ran are newer than anything found: they stay at the end.
    const fresh = new Map(this.sizes);
    this.sizes.clear();
    this.total = 0;
    for (const { key, bytes } of found) if (!fresh.has(key)) this.stored(key, bytes);
    for (const [key, bytes] of fresh) this.stored(key, bytes);
  }
}
